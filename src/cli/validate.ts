/**
 * `delegation-bench validate [--scenarios PATH]... [--scenario NAME]...`: load and check scenario
 * files, and run each scenario's trials (not its analyses) for what would abort a run. Prints `ok: N scenarios (names)` (exit 0; what it read and inferred on stderr) or
 * every problem as `FILE:LINE:COL: message` (exit 2). Every file is checked, as a run checks them;
 * `--scenario` narrows the list printed, and a name that no file defines is a usage error.
 */
import { RunContext } from '../chains/run-context.js';
import { HarnessError } from '../model/errors.js';
import type { Scenario } from '../model/scenario.js';
import { DEFAULT_SEED, scenarioTrials } from '../trial/scenario-trials.js';
import { ScenarioError, type ScenarioProblem } from '../scenario/errors.js';
import { loadScenarioSet, readSummary } from '../scenario/load.js';
import { readSuiteManifests } from '../scenario/suite-manifest.js';
import { prepareEnvironment } from '../world/prepare.js';
import { EXIT_OK, UsageError, type Command } from './io.js';
import { selectScenarios } from '../pipeline/pipeline.js';

const USAGE = `usage: delegation-bench validate [--scenarios PATH]... [--scenario NAME]...
  --scenarios PATH   a scenario file or a folder of them (*.yaml, *.yml; the folders below it
                     too, hidden ones and node_modules excepted); may repeat;
                     'builtin' is the built-in suite (the default)
  --scenario NAME    list only this scenario (every file is still checked, as run checks them);
                     may repeat; a name no file defines is an error`;

export interface ValidateArgs {
  readonly scenarios: string[];
  readonly names: string[];
  readonly help: boolean;
}

/** The value of `--NAME V` or `--NAME=V` at argv[i] (undefined: not this option), and the next index. */
function optionValue(argv: readonly string[], i: number, name: string, what: string): { value: string; next: number } | undefined {
  const a = argv[i]!;
  let value: string | undefined;
  let next = i + 1;
  if (a === `--${name}`) {
    value = argv[i + 1];
    next = i + 2;
  } else if (a.startsWith(`--${name}=`)) {
    value = a.slice(name.length + 3);
  } else {
    return undefined;
  }
  if (value === undefined || value === '') throw new UsageError(`--${name} needs a ${what}\n${USAGE}`);
  return { value, next };
}

export function parseValidateArgs(argv: readonly string[]): ValidateArgs {
  const scenarios: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < argv.length;) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return { scenarios, names, help: true };
    const path = optionValue(argv, i, 'scenarios', 'PATH');
    const name = path === undefined ? optionValue(argv, i, 'scenario', 'NAME') : undefined;
    if (path !== undefined) {
      scenarios.push(path.value);
      i = path.next;
    } else if (name !== undefined) {
      names.push(name.value);
      i = name.next;
    } else if (a.startsWith('-')) {
      throw new UsageError(`unknown option '${a}'\n${USAGE}`);
    } else {
      throw new UsageError(`unexpected argument '${a}' (use --scenarios ${a})\n${USAGE}`);
    }
  }
  return { scenarios, names, help: false };
}

/**
 * Each scenario's trials, as a run replays them (its analyses aside): every call authorized and
 * executed, the judges evaluated, under every condition. What would abort the run (a bound of
 * delegation-bench's own in the authorizer, the environment or a judge; a judge that fails on the
 * effects) is a problem at its place, so a file `validate` accepts runs.
 */
async function rehearse(scenarios: readonly Scenario[], context: RunContext): Promise<ScenarioProblem[]> {
  await prepareEnvironment(scenarios);
  const problems: ScenarioProblem[] = [];
  for (const scenario of scenarios) {
    try {
      scenarioTrials(scenario, context);
    } catch (e) {
      if (!(e instanceof HarnessError)) throw e;
      problems.push(problemOf(e, scenario));
    }
  }
  return problems;
}

/** A harness error as a problem at the place it names (`FILE:LINE:COL: ` leads its message), else at the scenario. */
function problemOf(e: HarnessError, scenario: Scenario): ScenarioProblem {
  const at = e.source === undefined ? undefined : /^(.*):(\d+):(\d+)$/.exec(e.source);
  const pos = at === null || at === undefined ? scenario.source : { file: at[1]!, line: Number(at[2]), col: Number(at[3]) };
  const prefix = `${e.source ?? ''}: `;
  const message = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
  return { ...pos, message: `a run would abort here: ${message}` };
}

function manifestProblems(scenarios: readonly Scenario[], cwd: string): readonly ScenarioProblem[] {
  try {
    readSuiteManifests(scenarios, cwd);
    return [];
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return e.problems;
  }
}

export const validateCommand: Command = async (argv, io) => {
  const { scenarios: inputs, names, help } = parseValidateArgs(argv);
  if (help) {
    io.stdout(`${USAGE}\n`);
    return EXIT_OK;
  }
  // One context for the chain check and the rehearsal, as a run has: the chains are built once.
  const context = new RunContext(DEFAULT_SEED);
  const set = await loadScenarioSet(inputs, io.cwd, { context });
  const aborts = await rehearse(set.scenarios, context);
  const scenarios = selectScenarios(set.scenarios, names);
  // The suites' manifests, read as a run reads them, over everything loaded (docs/results.md#suites): what a run refuses, validate refuses.
  const manifests = manifestProblems(set.scenarios, io.cwd);
  if (aborts.length + manifests.length > 0) throw new ScenarioError([...aborts, ...manifests]);
  for (const w of set.warnings) io.stderr(`warning: ${w}\n`);
  for (const line of set.info) io.stderr(`info: ${line}\n`);
  io.stderr(`${readSummary(set, inputs, io.cwd)}\n`);
  const n = scenarios.length;
  io.stdout(`ok: ${n} scenario${n === 1 ? '' : 's'} (${scenarios.map((s) => s.name).join(', ')})\n`);
  return EXIT_OK;
};
