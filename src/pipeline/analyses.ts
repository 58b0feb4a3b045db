/**
 * The analyses that run beside the matrix (design §8), per scenario and then for the whole run.
 * Each analysis contributes three things: a per-scenario part (pure, deterministic, plain data),
 * an aggregate for the results JSON, and its violations to the gate.
 */
import type { Conditions } from '../bench/conditions.js';
import type { Trial } from '../bench/results.js';
import type { Scenario } from '../bench/scenario/types.js';

/** Which analyses a run does. Every one is off unless asked for. */
export interface AnalysisOptions {
  readonly probes: boolean;
  readonly mutants: boolean;
}

export const NO_ANALYSES: AnalysisOptions = Object.freeze({ probes: false, mutants: false });

/** One scenario's analysis parts; an absent part is an analysis that did not run. */
export type ScenarioAnalyses = Record<string, never>;

export function analyzeScenario(
  _scenario: Scenario,
  _conditions: Conditions,
  _trials: readonly Trial[],
  _options: AnalysisOptions,
): ScenarioAnalyses {
  return {};
}

/** How many calls the analyses sent through the authorizer, over all units (for timings). */
export function analysisCalls(_units: readonly { readonly analyses: ScenarioAnalyses }[]): number {
  return 0;
}

export function anyAnalysis(o: AnalysisOptions): boolean {
  return o.probes || o.mutants;
}
