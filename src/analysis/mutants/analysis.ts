/**
 * Warrant mutants, coverage and slack as one analysis of the run (docs/analyses.md): the
 * contract with the run pipeline.
 * - `analyzePolicy(scenario, context, trials)`: one scenario's part, pure and deterministic
 *   (everything random comes from `context.seed` and the scenario's name), plain data.
 * - `aggregatePolicyAnalysis(parts)`: the parts, in scenario order, → the results JSON sections
 *   `mutants`, `coverage` and `slack`.
 * - `mutationScoreViolations(section, minScore)`: the gate's `mutation_score` findings, for
 *   `GateInputs.analyses`.
 * On by default (`MutantOptions.enabled`; CLI `--no-mutants`, action `mutants: false` turn it off);
 * the score gates only with `--min-mutation-score PCT` (action `min-mutation-score`).
 */
import type { RunContext } from '../../chains/run-context.js';
import { formatSource } from '../../model/errors.js';
import { formatRate } from '../../results/rate.js';
import type { Trial } from '../../results/results.js';
import type { Scenario } from '../../model/scenario.js';
import type { PolicyAnalysisResults, ScenarioMutationScore } from '../../results/policy.js';
import type { SlackEntry } from '../slack/slack.js';
import { slackFindings } from '../slack/slack.js';
import { policyCoverage, type CoverageEntry } from './coverage.js';
import { replayMutantsWithStats, taskScopedTrial, type MutantOutcome } from './outcomes.js';

/** What the run asks of this analysis. `minScore` is a fraction in [0, 1]; absent: no gate. */
export interface MutantOptions {
  readonly enabled: boolean;
  readonly minScore?: number;
}

export type { MutantsSection, MutantSurvivor, PolicyAnalysisResults, ScenarioMutationScore } from '../../results/policy.js';

export const DEFAULT_MUTANTS: MutantOptions = Object.freeze({ enabled: true });
export const NO_MUTANTS: MutantOptions = Object.freeze({ enabled: false });

/** One scenario's part. */
export interface PolicyAnalysisPart {
  scenario: string;
  source: string;
  mutants: MutantOutcome[];
  coverage: CoverageEntry[];
  slack: SlackEntry[];
  /** Calls the mutants sent through the authorizer (timings only; not in the results JSON). */
  authorized_calls: number;
}

export function analyzePolicy(scenario: Scenario, context: RunContext, trials: readonly Trial[]): PolicyAnalysisPart {
  const trial = taskScopedTrial(scenario, trials);
  const { outcomes: mutants, authorizedCalls } = replayMutantsWithStats(scenario, context, trials);
  return {
    scenario: scenario.name,
    source: formatSource(scenario.source),
    mutants,
    coverage: policyCoverage(scenario, trial, mutants),
    slack: slackFindings(scenario, trial).map((f) => f.entry),
    authorized_calls: authorizedCalls,
  };
}

function score(killed: number, survived: number): number | null {
  return killed + survived === 0 ? null : killed / (killed + survived);
}

function scoreOf(part: PolicyAnalysisPart): ScenarioMutationScore {
  const n = (s: MutantOutcome['status']): number => part.mutants.filter((m) => m.status === s).length;
  const killed = n('killed');
  const survived = n('survived');
  const skipped = n('skipped');
  return { scenario: part.scenario, total: killed + survived + skipped, killed, survived, skipped, score: score(killed, survived) };
}

export function aggregatePolicyAnalysis(parts: readonly PolicyAnalysisPart[]): PolicyAnalysisResults {
  const scenarios = parts.map(scoreOf);
  const sum = (k: 'killed' | 'survived' | 'skipped'): number => scenarios.reduce((a, s) => a + s[k], 0);
  const killed = sum('killed');
  const survived = sum('survived');
  const skipped = sum('skipped');
  return {
    mutants: {
      total: killed + survived + skipped,
      killed,
      survived,
      skipped,
      score: score(killed, survived),
      scenarios,
      survivors: parts.flatMap((p) =>
        p.mutants
          .filter((m) => m.status === 'survived')
          .map((m) => ({ scenario: p.scenario, tool: m.tool, param: m.param, mutation: m.mutation, source: m.source })),
      ),
    },
    coverage: parts.flatMap((p) => p.coverage),
    slack: parts.flatMap((p) => p.slack),
  };
}

/** A gate finding of kind `mutation_score` (the shape of gate.ts's `AnalysisViolation`). */
export interface MutationScoreViolation {
  scenario: string;
  kind: 'mutation_score';
  message: string;
  source?: string;
}

/** Rates are ratios of small integers: a user's 66.67 % must not fail 2/3 on a rounding hair. */
const EPSILON = 1e-9;

/** Rates as every report shows them (src/results/rate.ts). */
const percent = formatRate;

/**
 * The gate's part (`--min-mutation-score`): when the suite's score is below `minScore` (a
 * fraction), every scenario whose own score is below it, in suite order, naming its survivors and
 * pointing at the first one's grant. Nothing when no mutant ran (no score, nothing to judge).
 */
export function mutationScoreViolations(section: PolicyAnalysisResults, minScore: number): MutationScoreViolation[] {
  const m = section.mutants;
  if (m.score === null || m.score >= minScore - EPSILON) return [];
  const out: MutationScoreViolation[] = [];
  for (const s of m.scenarios) {
    if (s.score === null || s.score >= minScore - EPSILON) continue;
    const survivors = m.survivors.filter((x) => x.scenario === s.scenario);
    const names = survivors.slice(0, 5).map((x) => `${x.tool}${x.param === null ? '' : `.${x.param}`} ${x.mutation}`);
    const more = survivors.length > names.length ? `, … ${survivors.length - names.length} more` : '';
    out.push({
      scenario: s.scenario,
      kind: 'mutation_score',
      message:
        `mutation score ${percent(s.score)} (${s.killed} of ${s.killed + s.survived} warrant mutants killed) is below the minimum ` +
        `${percent(minScore)}; no scripted attack notices: ${names.join('; ')}${more}`,
      ...(survivors[0] ? { source: survivors[0].source } : {}),
    });
  }
  if (out.length === 0) {
    out.push({
      scenario: '',
      kind: 'mutation_score',
      message: `mutation score ${percent(m.score)} (${m.killed} of ${m.killed + m.survived} warrant mutants killed) is below the minimum ${percent(minScore)}`,
    });
  }
  return out;
}
