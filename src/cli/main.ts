/**
 * `delegation-bench` command dispatcher. Each command is loaded on demand (a separate chunk), so
 * `warrant decode` never loads CEL or YAML, and startup stays close to a bare `node`.
 */
import { EXIT_USAGE, UsageError, type CliIO, type Command } from './io.js';

const USAGE = `usage:
  delegation-bench run [--scenarios PATH]... [--scenario NAME]... [--format table|markdown|json]
                       [--out FILE] [--max-asr PCT] [--min-tcr PCT] [--seed S] [--timings]
  delegation-bench validate [--scenarios PATH]...
  delegation-bench warrant decode TOKEN
  delegation-bench warrant verify --trusted-root HEX [--now UNIX] [--revoked ID]...
                       [--tool T --args JSON [--pop HEX | --holder-key SEEDHEX]] TOKEN...
`;

const commands: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./run.js')).runCommand,
  validate: async () => (await import('./validate.js')).validateCommand,
  warrant: async () => (await import('./warrant.js')).warrantCommand,
};

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(USAGE);
    return name === undefined ? EXIT_USAGE : 0;
  }
  const load = commands[name];
  if (!load) {
    io.stderr(`delegation-bench: unknown command '${name}'\n${USAGE}`);
    return EXIT_USAGE;
  }
  try {
    return await (await load())(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`delegation-bench ${name}: ${e.message}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}
