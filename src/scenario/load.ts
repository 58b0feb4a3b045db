/**
 * `--scenarios` inputs → validated scenarios, or a ScenarioError listing every problem of every
 * file (docs/scenarios.md).
 *
 * The built-in suite alone (`builtin`, or no input) is served from the snapshot written at build
 * time (snapshot.ts) when it is fresh: every built-in file still has the name and SHA-256 it had
 * when the snapshot was taken. Then neither the YAML parser nor the schema interpreter is loaded.
 * Anything else — other inputs, no snapshot (the source tree under vitest), a changed, added or
 * removed file, a damaged snapshot — takes the YAML path (load-yaml.ts), which gives the same result
 * the snapshot was made from.
 */
import { dirname, join } from 'node:path';
import { builtinScenariosDir } from './builtin.js';
import { BUILTIN, builtinDisplay, displayPrefix } from './files.js';
import { readBuiltinSnapshotSet } from './snapshot.js';
import type { Scenario, ScenarioSet } from '../model/scenario.js';
import type { RunContext } from '../chains/run-context.js';
import type { LoadElsewhere } from './load-yaml.js';

export { builtinScenariosDir } from './builtin.js';
export { ScenarioError } from './errors.js';

/** Set by scripts/build.mjs (esbuild `define`): the bundle reads `dist/builtin-suite.json`. */
declare const DELEGATION_BENCH_BUILTIN_SNAPSHOT: string | undefined;

export interface LoadOptions {
  /**
   * Where `builtin` points and its snapshot (tests use a copied suite). By default the repository's
   * `scenarios/`, and in the bundle the snapshot beside it in `dist/`; from the sources, none.
   */
  readonly builtin?: { readonly dir: string; readonly snapshot?: string };
  /**
   * A folder every scenario file other than the built-in suite's must resolve into, symlinks
   * followed (the action: GITHUB_WORKSPACE). Unset: no bound (the CLI reads what its user names).
   */
  readonly confine?: string;
  /**
   * Told how many scenario files there are before any is read: a run starts its worker threads
   * then, so that they load while this thread reads and parses the files.
   */
  readonly onFileCount?: (count: number) => void;
  /**
   * The run's context: each scenario's chains are checked with it, so the run reuses the chains the
   * check built (chains/run-context.ts). Unset (`validate`): a context of the check's own.
   */
  readonly context?: RunContext;
  /**
   * Loads the files somewhere else (not for the built-in suite's snapshot): a run hands them to its
   * worker threads, which read, parse and check them, and then run them (load-yaml.ts says what
   * comes back). The load is the same: its problems, warnings and scenarios, in the same order.
   */
  readonly elsewhere?: LoadElsewhere;
}

function defaultBuiltin(): { dir: string; snapshot?: string } {
  const dir = builtinScenariosDir();
  const name = typeof DELEGATION_BENCH_BUILTIN_SNAPSHOT === 'string' ? DELEGATION_BENCH_BUILTIN_SNAPSHOT : undefined;
  return name === undefined ? { dir } : { dir, snapshot: join(dirname(dir), 'dist', name) };
}

/**
 * Loads scenario files and folders (`*.yaml`, `*.yml`; a folder with every folder below it but
 * hidden ones and `node_modules`, sorted by path); the word `builtin`, or an empty list, is the
 * built-in suite. Names in messages are as given, relative to `cwd`.
 */
export async function loadScenarios(inputs: readonly string[], cwd: string, options: LoadOptions = {}): Promise<Scenario[]> {
  return (await loadScenarioSet(inputs, cwd, options)).scenarios;
}

/** loadScenarios, with the number of files read (readSummary says both) and the load's warnings. */
export async function loadScenarioSet(inputs: readonly string[], cwd: string, options: LoadOptions = {}): Promise<ScenarioSet> {
  const builtin = options.builtin ?? defaultBuiltin();
  if (builtin.snapshot !== undefined && inputs.every((i) => i === BUILTIN)) {
    const set = await readBuiltinSnapshotSet(builtin.snapshot, builtin.dir, cwd);
    if (set !== undefined) return set;
  }
  const { loadScenarioFileSet } = await import('./load-yaml.js');
  return loadScenarioFileSet(inputs, cwd, builtin.dir, options.confine, options.onFileCount, options.context, options.elsewhere);
}

/**
 * `read 9 files, 9 scenarios from scenarios/`: what a run read, so that a file left out by
 * mistake shows in the count. The inputs as given; `builtin` as the built-in folder's name.
 */
export function readSummary(set: ScenarioSet, inputs: readonly string[], cwd: string, builtinDir: string = builtinScenariosDir()): string {
  const from = (inputs.length === 0 ? [BUILTIN] : inputs).map((i) => (i === BUILTIN ? displayPrefix(builtinDisplay(builtinDir, cwd)) : i));
  const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;
  return `read ${count(set.files, 'file')}, ${count(set.scenarios.length, 'scenario')} from ${from.join(', ')}`;
}
