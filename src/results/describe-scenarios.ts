/**
 * The `scenario_info` of a run (docs/results.md): each scenario's one-line description and the
 * user's request, in suite order, and where a grant read from a file came from. Apart from the
 * schema (scenario-info.ts) so that a run, or a worker thread, does not load the schema library:
 * the key order is the writer's (report/json.ts).
 */
import type { Scenario } from '../model/scenario.js';
import type { ScenarioInfo, WarrantFromInfo } from './scenario-info.js';

/** The origin without what is not written to the results (a token's chain, kept for the monotonicity audit). */
function originOf(origin: NonNullable<Scenario['warrantFrom']>): WarrantFromInfo {
  if (origin.kind === 'claude_code_policy') return origin;
  const { chain: _chain, ...written } = origin;
  return written;
}

export function scenarioInfo(scenarios: readonly Scenario[]): ScenarioInfo[] {
  return scenarios.map((s) => ({
    name: s.name,
    description: s.description,
    request: s.request,
    ...(s.warrantFrom && { warrant_from: originOf(s.warrantFrom) }),
  }));
}
