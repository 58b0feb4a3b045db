/**
 * `delegation-bench validate [--scenarios PATH]...`: load and check scenario files without running
 * them. Prints `ok: N scenarios (names)` (exit 0; what it read on stderr) or every problem as
 * `FILE:LINE:COL: message` (exit 2).
 */
import { ScenarioError } from '../scenario/errors.js';
import { loadScenarioSet, readSummary } from '../scenario/load.js';
import { EXIT_OK, EXIT_USAGE, UsageError, type Command } from './io.js';

const USAGE = `usage: delegation-bench validate [--scenarios PATH]...
  --scenarios PATH   a scenario file or a folder of them (*.yaml, *.yml; the folders below it
                     too, hidden ones and node_modules excepted); may repeat;
                     'builtin' is the built-in suite (the default)`;

export function parseValidateArgs(argv: readonly string[]): { scenarios: string[]; help: boolean } {
  const scenarios: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return { scenarios, help: true };
    if (a === '--scenarios') {
      const v = argv[++i];
      if (v === undefined || v === '') throw new UsageError(`--scenarios needs a PATH\n${USAGE}`);
      scenarios.push(v);
    } else if (a.startsWith('--scenarios=')) {
      const v = a.slice('--scenarios='.length);
      if (v === '') throw new UsageError(`--scenarios needs a PATH\n${USAGE}`);
      scenarios.push(v);
    } else if (a.startsWith('-')) {
      throw new UsageError(`unknown option '${a}'\n${USAGE}`);
    } else {
      throw new UsageError(`unexpected argument '${a}' (use --scenarios ${a})\n${USAGE}`);
    }
  }
  return { scenarios, help: false };
}

export const validateCommand: Command = async (argv, io) => {
  const { scenarios: inputs, help } = parseValidateArgs(argv);
  if (help) {
    io.stdout(`${USAGE}\n`);
    return EXIT_OK;
  }
  try {
    const set = await loadScenarioSet(inputs, io.cwd);
    const scenarios = set.scenarios;
    for (const w of set.warnings) io.stderr(`warning: ${w}\n`);
    io.stderr(`${readSummary(set, inputs, io.cwd)}\n`);
    const n = scenarios.length;
    io.stdout(`ok: ${n} scenario${n === 1 ? '' : 's'} (${scenarios.map((s) => s.name).join(', ')})\n`);
    return EXIT_OK;
  } catch (e) {
    if (e instanceof ScenarioError) {
      io.stderr(`${e.format()}\n${e.message}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
};
