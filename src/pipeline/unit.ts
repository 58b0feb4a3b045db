/**
 * One scenario as a unit of work: its trials under every condition, then the analyses asked for
 * (design §8), all from the run's `Conditions`, charged to the scenario's own work budget. What a unit returns is plain data, so that a
 * worker thread can hand it back by structured clone and the main thread can assemble the run from
 * the units in scenario order, whichever thread ran each.
 */
import { WorkBudget, type WorkLimits } from '../cel/budget.js';
import type { Conditions } from '../bench/conditions.js';
import type { Trial } from '../bench/results.js';
import { runScenarioTrials } from '../bench/run.js';
import type { Scenario } from '../bench/scenario/types.js';
import { analyzeScenario, type AnalysisOptions, type ScenarioAnalyses } from './analyses.js';

export interface UnitOutcome {
  readonly trials: Trial[];
  readonly analyses: ScenarioAnalyses;
}

/** `limits`: the run's per-scenario work budget (src/cel/budget.ts), the same on every thread. */
export function runUnit(scenario: Scenario, conditions: Conditions, analyses: AnalysisOptions, limits?: WorkLimits): UnitOutcome {
  const budget = new WorkBudget(limits);
  const trials = runScenarioTrials(scenario, conditions, budget);
  return { trials, analyses: analyzeScenario(scenario, conditions, trials, analyses, budget) };
}
