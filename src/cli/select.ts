/** `--scenario NAME` (run, validate): the loaded scenarios of those names, or a usage error naming the unknown ones. */
import type { Scenario } from '../model/scenario.js';
import { UsageError } from './io.js';

/** The scenarios named in `names`, in load order; all of them when `names` is empty. */
export function selectScenarios(scenarios: readonly Scenario[], names: readonly string[]): Scenario[] {
  if (names.length === 0) return [...scenarios];
  const known = new Set(scenarios.map((s) => s.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown scenario${unknown.length === 1 ? '' : 's'} ${unknown.map((n) => `'${n}'`).join(', ')}; ` + `known: ${[...known].join(', ')}`,
    );
  }
  const wanted = new Set(names);
  return scenarios.filter((s) => wanted.has(s.name));
}
