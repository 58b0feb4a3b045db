/**
 * The analyses that run beside the matrix (docs/analyses.md), per scenario and then for the whole run.
 * Each contributes a per-scenario part (pure, deterministic, plain data: it may come back from a
 * worker thread), a section of the results JSON aggregated from the parts in scenario order, and
 * its findings over its own threshold to the gate (`GateInputs.analyses`).
 */
import {
  aggregatePolicyAnalysis,
  analyzePolicy,
  DEFAULT_MUTANTS,
  mutationScoreViolations,
  NO_MUTANTS,
  type MutantOptions,
  type PolicyAnalysisPart,
} from '../analysis/mutants/analysis.js';
import { aggregateProbes, probeGateViolations, probeScenario } from '../analysis/probes/probe-scenario.js';
import { DEFAULT_PROBE_OPTIONS, type ProbeOptions, type ProbesPart } from '../analysis/probes/types.js';
import type { WorkBudget } from '../lib/budget.js';
import type { RunContext } from '../chains/run-context.js';
import type { AnalysisViolation } from '../trial/gate.js';
import type { Results, Trial } from '../results/results.js';
import type { Scenario } from '../model/scenario.js';
import { blastRadius } from '../analysis/blast/blast-radius.js';
import type { AnalysisSkip, ScenarioBlast } from '../results/blast-radius.js';

/** Which analyses a run does, with their gate thresholds. */
export interface AnalysisOptions {
  readonly probes: ProbeOptions;
  readonly mutants: MutantOptions;
}

/** What `run` does unless told otherwise: probes and the policy analysis, reported, not gated. */
export const DEFAULT_ANALYSES: AnalysisOptions = Object.freeze({ probes: DEFAULT_PROBE_OPTIONS, mutants: DEFAULT_MUTANTS });

export const NO_ANALYSES: AnalysisOptions = Object.freeze({ probes: Object.freeze({ enabled: false }), mutants: NO_MUTANTS });

/** One scenario's parts; an absent part is an analysis that did not run. */
export interface ScenarioAnalyses {
  readonly probes?: ProbesPart;
  readonly policy?: PolicyAnalysisPart;
  /** With `agents:`: what each agent's compromise reaches (always computed for such a scenario). */
  readonly blast?: ScenarioBlast;
  /** Analyses asked for that do not handle this scenario (an `agents:` topology) yet, and why. */
  readonly skipped?: readonly AnalysisSkip[];
}

/**
 * Why probes and mutants skip a topology: both read and change the one task_scoped grant
 * (`warrant:`) and replay under one chain; with several agents, which grant and chain a probe or a
 * mutant is about is not decided yet, and answering for one of them would be a wrong answer.
 */
const TOPOLOGY_SKIP =
  'not run on a scenario with agents: (a topology): it analyses one task_scoped grant under one chain; see blast_radius and the monotonicity audit for each agent';

/** `budget`: the scenario's work budget, which the probes' authorizers charge too. */
export function analyzeScenario(
  scenario: Scenario,
  context: RunContext,
  trials: readonly Trial[],
  options: AnalysisOptions,
  budget?: WorkBudget,
): ScenarioAnalyses {
  if (scenario.agents !== undefined) {
    const skipped: AnalysisSkip[] = [
      ...(options.probes.enabled ? [{ scenario: scenario.name, analysis: 'probes', reason: TOPOLOGY_SKIP }] : []),
      ...(options.mutants.enabled ? [{ scenario: scenario.name, analysis: 'mutants', reason: TOPOLOGY_SKIP }] : []),
      ...(options.mutants.enabled ? [{ scenario: scenario.name, analysis: 'slack', reason: TOPOLOGY_SKIP }] : []),
    ];
    return { blast: blastRadius(scenario, context, budget)!, ...(skipped.length > 0 ? { skipped } : {}) };
  }
  return {
    ...(options.probes.enabled ? { probes: probeScenario(scenario, context, trials, budget) } : {}),
    ...(options.mutants.enabled ? { policy: analyzePolicy(scenario, context, trials) } : {}),
  };
}

/** The results JSON sections of the analyses that ran, in the order the JSON writes them. */
export type AnalysisSections = Pick<Results, 'probes' | 'mutants' | 'coverage' | 'slack' | 'blast_radius' | 'analyses_skipped'>;

export interface RunAnalyses {
  readonly sections: AnalysisSections;
  /** Findings over the analyses' own thresholds: escapes first, then mutation scores (docs/analyses.md). */
  readonly violations: AnalysisViolation[];
  /** Calls the analyses sent through the authorizer (for timings). */
  readonly authorizedCalls: number;
}

export function aggregateAnalyses(units: readonly { readonly analyses: ScenarioAnalyses }[], options: AnalysisOptions): RunAnalyses {
  const sections: AnalysisSections = {};
  const violations: AnalysisViolation[] = [];
  let authorizedCalls = 0;
  if (options.probes.enabled) {
    const parts = units.map((u) => u.analyses.probes).filter((p): p is ProbesPart => p !== undefined);
    sections.probes = aggregateProbes(parts);
    violations.push(...probeGateViolations(sections.probes, options.probes));
    authorizedCalls += sections.probes.total; // every probe is signed and checked against the chain
  }
  if (options.mutants.enabled) {
    const parts = units.map((u) => u.analyses.policy).filter((p): p is PolicyAnalysisPart => p !== undefined);
    const policy = aggregatePolicyAnalysis(parts);
    sections.mutants = policy.mutants;
    sections.coverage = policy.coverage;
    sections.slack = policy.slack;
    if (options.mutants.minScore !== undefined) violations.push(...mutationScoreViolations(policy, options.mutants.minScore));
    authorizedCalls += parts.reduce((n, p) => n + p.authorized_calls, 0);
  }
  // Only scenarios with agents: have these: a suite without any writes neither key (its bytes are unchanged).
  const blasts = units.map((u) => u.analyses.blast).filter((b): b is ScenarioBlast => b !== undefined);
  if (blasts.length > 0) sections.blast_radius = blasts;
  const skipped = units.flatMap((u) => u.analyses.skipped ?? []);
  if (skipped.length > 0) sections.analyses_skipped = skipped;
  return { sections, violations, authorizedCalls };
}
