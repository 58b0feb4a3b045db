/**
 * `delegation-bench` command dispatcher. The commands are bundled with it (every extra ES module
 * costs Node a resolve, read, compile and link, more than the commands' code costs to carry);
 * what only some runs need is loaded on demand: the YAML loader (scenario files, not the built-in
 * suite's snapshot) and the markdown report.
 */
import { reportCliError } from './errors.js';
import { EXIT_USAGE, type CliIO, type Command } from './io.js';
import { mergeCommand } from './merge.js';
import { runCommand } from './run.js';
import { validateCommand } from './validate.js';
import { toolVersion } from './version.js';
import { warrantCommand } from './warrant.js';

const USAGE = `usage:
  delegation-bench run [--scenarios PATH]... [--scenario NAME]... [--format table|markdown|json]
                       [--out FILE] [--max-asr PCT] [--min-tcr PCT] [--seed S] [--timings]
                       [--mode deterministic|llm|both --model M --runs N ...] (run --help)
  delegation-bench merge [--format table|markdown|json] [--out FILE] SHARD.json...
  delegation-bench validate [--scenarios PATH]... [--scenario NAME]...
  delegation-bench init --from-trace FILE [--tools PATH] [--policy PATH] [--name NAME]
                       [--trace-id ID] --out FILE [--force]
  delegation-bench import agentdojo EXPORT.json... --out DIR [--policy task-scoped|tenuo-templates] [--force]
  delegation-bench --version
  delegation-bench warrant decode TOKEN
  delegation-bench warrant verify --trusted-root HEX [--now UNIX] [--revoked ID]...
                       [--tool T --args JSON [--pop HEX | --holder-key SEEDHEX]] TOKEN...
  delegation-bench warrant export --scenario NAME [--scenarios PATH]... [--seed S]
`;

const commands: Readonly<Record<string, Command>> = {
  run: runCommand,
  merge: mergeCommand,
  validate: validateCommand,
  // Loaded on demand: it brings the YAML writer and the trace reader, which no other command needs.
  init: async (argv, io) => (await import('./init.js')).initCommand(argv, io),
  // Loaded on demand, as init: the YAML writer and the export reader serve no other command.
  import: async (argv, io) => (await import('./import.js')).importCommand(argv, io),
  warrant: warrantCommand,
};

export const VERSION: string = toolVersion();

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(USAGE);
    return name === undefined ? EXIT_USAGE : 0;
  }
  // `delegation-bench run --version` too: whoever asks a command for its version means the tool's.
  if (name === '--version' || name === '-v' || (rest.length === 1 && rest[0] === '--version' && Object.hasOwn(commands, name))) {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.stderr(`delegation-bench: unknown command '${name}'\n${USAGE}`);
    return EXIT_USAGE;
  }
  try {
    return await command(rest, io);
  } catch (e) {
    return reportCliError(name, e, io);
  }
}
