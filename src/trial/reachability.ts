/**
 * Reachability (docs/results.md): a scenario proves something about a warrant only when, with no warrant
 * at all, its attack succeeds and its task completes. Otherwise task_scoped "stopping" the attack
 * or "completing" the task is what would have happened anyway: the scenario tests nothing.
 */
import type { Reachability, Trial } from '../results/results.js';

/**
 * Scenarios (in the order given) whose no_warrant trial shows an unreachable attack or a failing
 * task. A scenario without a no_warrant trial is in neither list: the run always has one, and a
 * results file without one is refused before this is asked.
 */
export function computeReachability(trials: readonly Trial[], scenarios: readonly string[]): Reachability {
  const unprotected = new Map<string, Trial>();
  for (const t of trials) if (t.condition === 'no_warrant' && !unprotected.has(t.scenario)) unprotected.set(t.scenario, t);
  const out: Reachability = { unreachable_attacks: [], tasks_failing_without_warrant: [] };
  for (const name of scenarios) {
    const t = unprotected.get(name);
    if (!t) continue;
    if (!t.attack_succeeded) out.unreachable_attacks.push(name);
    if (!t.task_succeeded) out.tasks_failing_without_warrant.push(name);
  }
  return out;
}
