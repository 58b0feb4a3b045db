/**
 * Build time: the snapshot of the built-in suite (snapshot.ts), made by the real YAML loader.
 * scripts/build.mjs bundles this file on its own and calls it; the run-time bundle never loads it.
 */
import { dirname } from 'node:path';
import { BUILTIN } from './files.js';
import { loadScenarioFileSet } from './load-yaml.js';
import { encodeSnapshot, readSuiteFiles } from './snapshot.js';

/**
 * The snapshot text for the built-in folder `dir`. Throws when the suite does not load, or loads
 * with warnings (the snapshot keeps no warnings, so a load from it would hide them).
 */
export async function buildBuiltinSnapshot(dir: string): Promise<string> {
  const cwd = dirname(dir);
  const files = await readSuiteFiles(dir);
  const { scenarios, warnings } = await loadScenarioFileSet([BUILTIN], cwd, dir);
  if (warnings.length > 0)
    throw new Error(`the built-in suite loads with warnings; fix them before it is snapshotted:\n${warnings.join('\n')}`);
  return encodeSnapshot(scenarios, files, dir, cwd);
}
