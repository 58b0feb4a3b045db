/** The CLI in this process: its exit code and what it wrote, with no stdin. */
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

export async function runCli(argv: string[], cwd = process.cwd()): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), readStdin: async () => '', cwd };
  const code = await main(argv, io);
  return { code, out, err };
}
