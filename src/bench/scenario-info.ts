/**
 * What each scenario is about, for readers of the results (docs/results.md, `scenario_info`): its one-line
 * description and the user's request, in suite order. Text only, from the scenario file: whoever
 * renders it treats it as untrusted.
 */
import type { Scenario } from './scenario/types.js';

export interface ScenarioInfo {
  name: string;
  description: string;
  request: string;
}

export function scenarioInfo(scenarios: readonly Scenario[]): ScenarioInfo[] {
  return scenarios.map((s) => ({ name: s.name, description: s.description, request: s.request }));
}
