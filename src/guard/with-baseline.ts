/**
 * A deterministic run's results with a comparison applied, for the tests of the comparison: the
 * gate is decided again from the same trials and thresholds, with the analysis findings it already
 * had kept first and the baseline's after them. A run does not use this: both shells run
 * src/pipeline/pipeline.ts, which hands the baseline's findings in with every other part and decides
 * the gate once (src/pipeline/verdict.ts). To be removed once no test needs it.
 */
import { assessTrials } from '../trial/assess.js';
import { formatSource } from '../model/errors.js';
import type { AnalysisViolation } from '../trial/gate.js';
import { VIOLATION_KINDS } from '../trial/gate-kinds.js';
import type { Results } from '../results/results.js';
import type { BaselineResults } from '../results/baseline-comparison.js';
import type { Scenario } from '../model/scenario.js';

export function withBaseline(
  results: Results,
  baseline: BaselineResults,
  violations: readonly AnalysisViolation[],
  scenarioSources: Readonly<Record<string, string>>,
): Results & { baseline: BaselineResults } {
  const g = results.gate;
  // The other analyses' findings stay; the baseline's own are decided anew from `violations` only.
  const kept = g.violations.filter(
    (v): v is AnalysisViolation =>
      VIOLATION_KINDS[v.kind].origin === 'analysis' && v.kind !== 'authority_widened' && v.kind !== 'suite_weakened',
  );
  const { gate } = assessTrials(results.trials, results.scenarios, {
    maxAsr: g.max_asr,
    minTcr: g.min_tcr,
    maxFalseAllows: g.max_false_allows,
    maxFalseBlocks: g.max_false_blocks,
    scenarioSources,
    analyses: [...kept, ...violations],
  });
  return { ...results, gate, baseline };
}

/** Where each scenario is written, for the violations no single call explains. */
export function sourcesOf(head: readonly Scenario[]): Record<string, string> {
  return Object.fromEntries(head.map((s) => [s.name, formatSource(s.source)]));
}
