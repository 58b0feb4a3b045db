/**
 * One scenario as a unit of work: its trials under every condition, then the analyses asked for
 * (docs/analyses.md), all from the run's `Conditions`. What a unit returns is plain data, so that a
 * worker thread can hand it back by structured clone and the main thread can assemble the run from
 * the units in scenario order, whichever thread ran each.
 */
import type { Conditions } from '../bench/conditions.js';
import type { Trial } from '../bench/results.js';
import { runScenarioTrials } from '../bench/run.js';
import type { Scenario } from '../bench/scenario/types.js';
import { analyzeScenario, type AnalysisOptions, type ScenarioAnalyses } from './analyses.js';

export interface UnitOutcome {
  readonly trials: Trial[];
  readonly analyses: ScenarioAnalyses;
}

export function runUnit(scenario: Scenario, conditions: Conditions, analyses: AnalysisOptions): UnitOutcome {
  const trials = runScenarioTrials(scenario, conditions);
  return { trials, analyses: analyzeScenario(scenario, conditions, trials, analyses) };
}
