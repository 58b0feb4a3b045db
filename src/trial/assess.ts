/**
 * From trials to verdict: the summary per condition, reachability and the gate. The run calls this
 * on the trials it has just replayed, report-only mode on the trials of an untrusted results file
 * (src/action/results-audit.ts): one code path, so a file is judged exactly as a run would be.
 */
import { evaluateGate, type AnalysisViolation, type GateThresholds } from './gate.js';
import { summarize } from './metrics.js';
import { computeReachability } from './reachability.js';
import type { ConditionSummary, Condition, GateResult, Reachability, Trial } from '../results/results.js';
import { CONDITIONS } from '../model/condition.js';

export interface AssessOptions extends GateThresholds {
  /** scenario name → FILE:LINE:COL of the scenario, for violations no single call explains. */
  scenarioSources?: Readonly<Record<string, string>>;
  /** Findings of the analyses that ran (see `GateInputs.analyses`). */
  analyses?: readonly AnalysisViolation[];
  /** False when the scripted matrix did not run (see `GateInputs.matrixRan`). */
  matrixRan?: boolean;
}

export interface Assessment {
  summary: Partial<Record<Condition, ConditionSummary>>;
  reachability: Reachability;
  gate: GateResult;
}

/** The summary per condition and reachability: what the trials say, before any verdict. */
export function measureTrials(trials: readonly Trial[], scenarios: readonly string[]): Omit<Assessment, 'gate'> {
  return { summary: summarize(trials, CONDITIONS), reachability: computeReachability(trials, scenarios) };
}

/** `scenarios`: the suite's names in order (reachability and violations follow it). */
export function assessTrials(trials: readonly Trial[], scenarios: readonly string[], options: AssessOptions): Assessment {
  const { summary, reachability } = measureTrials(trials, scenarios);
  const gate = evaluateGate({
    trials,
    summary: summary.task_scoped,
    reachability,
    thresholds: {
      maxAsr: options.maxAsr,
      minTcr: options.minTcr,
      maxFalseAllows: options.maxFalseAllows,
      maxFalseBlocks: options.maxFalseBlocks,
    },
    ...(options.scenarioSources ? { scenarioSources: options.scenarioSources } : {}),
    ...(options.analyses ? { analyses: options.analyses } : {}),
    ...(options.matrixRan === false ? { matrixRan: false } : {}),
  });
  return { summary, reachability, gate };
}
