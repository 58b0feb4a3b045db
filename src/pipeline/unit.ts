/**
 * One scenario as a unit of work: its trials under every condition, then the analyses asked for
 * (docs/analyses.md), all from the run's `RunContext`, charged to the scenario's own work budget. What a unit
 * returns is plain data, so that a
 * worker thread can hand it back by structured clone and the main thread can assemble the run from
 * the units in scenario order, whichever thread ran each.
 */
import { WorkBudget, type WorkLimits } from '../lib/budget.js';
import type { RunContext } from '../chains/run-context.js';
import { EnvironmentLimitError } from '../world/limit.js';
import { HarnessError, describeError, formatSource } from '../model/errors.js';
import type { Trial } from '../results/results.js';
import { scenarioTrials } from '../trial/scenario-trials.js';
import type { Scenario } from '../model/scenario.js';
import { analyzeScenario, type AnalysisOptions, type ScenarioAnalyses } from './analyses.js';

export interface UnitOutcome {
  readonly trials: Trial[];
  readonly analyses: ScenarioAnalyses;
}

/** `limits`: the run's per-scenario work budget (src/lib/budget.ts), the same on every thread. */
export function computeUnit(scenario: Scenario, context: RunContext, analyses: AnalysisOptions, limits?: WorkLimits): UnitOutcome {
  const budget = new WorkBudget(limits);
  const trials = scenarioTrials(scenario, context, budget);
  try {
    return { trials, analyses: analyzeScenario(scenario, context, trials, analyses, budget) };
  } catch (e) {
    // As in a trial (harness.ts): our bound, reported the same way from any thread.
    if (!(e instanceof EnvironmentLimitError)) throw e;
    const where = formatSource(scenario.source);
    throw new HarnessError(
      `${where}: scenario '${scenario.name}': an analysis cannot judge a call (environment_limit): ${describeError(e)}`,
      scenario.name,
      undefined,
      where,
      { cause: e },
    );
  }
}
