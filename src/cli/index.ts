/** `delegation-bench` entry point (dist/cli.js): binds the CLI to the process. */
import { main } from './main.js';
import { UsageError, type CliIO } from './io.js';

const io: CliIO = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  readStdin: async (maxBytes) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of process.stdin) {
      size += (c as Buffer).length;
      if (size > maxBytes) throw new UsageError(`stdin is larger than ${maxBytes} bytes`);
      chunks.push(c as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  },
  cwd: process.cwd(),
  env: process.env,
  stderrIsTTY: process.stderr.isTTY === true,
  onInterrupt: (handler) => {
    // Once: a second Ctrl-C gets Node's default and ends the process at once.
    process.once('SIGINT', handler);
    return () => void process.off('SIGINT', handler);
  },
};

main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // A bug, not bad input: say so plainly, still without a wall of stack unless asked.
    const detail = process.env.DELEGATION_BENCH_DEBUG ? (e as Error).stack : (e as Error).message;
    process.stderr.write(`delegation-bench: internal error: ${detail}\n`);
    process.exitCode = 70;
  },
);
