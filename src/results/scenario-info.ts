/**
 * What each scenario is about, for readers of the results (docs/results.md, `scenario_info`): its one-line
 * description and the user's request, in suite order. Text only, from the scenario file: whoever
 * renders it treats it as untrusted.
 */
import type { Scenario } from '../model/scenario.js';

/** A task_scoped grant read from a Tenuo token (`warrant: {from: PATH}`), re-granted by the benchmark. */
export interface WarrantFromInfo {
  from: string; // PATH as written
  leaf: string; // the token's leaf, tnu_wrt_…
  token_holder: string; // hex: the token's holder, replaced by the benchmark's worker key
  token_root: string; // hex: the token's root issuer
}

export interface ScenarioInfo {
  name: string;
  description: string;
  request: string;
  warrant_from?: WarrantFromInfo;
}

export function scenarioInfo(scenarios: readonly Scenario[]): ScenarioInfo[] {
  return scenarios.map((s) => ({
    name: s.name,
    description: s.description,
    request: s.request,
    ...(s.warrantFrom && { warrant_from: { ...s.warrantFrom } }),
  }));
}
