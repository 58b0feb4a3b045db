/**
 * The run's one verdict (docs/guard.md, docs/llm.md): the gate is decided here, once, from every
 * part a run has — the scripted matrix (rates, labels, reachability), the analyses beside it
 * (probes, mutants), the monotonicity audit of the delegation links, the guard's findings against the baseline (suite changes, widenings) and the
 * LLM results — whichever shell ran it, and in report-only mode from the parts of a results file.
 * Nothing decided here is decided again later: the stages before only gather their parts.
 *
 * The results keep the two gates apart, as they keep the numbers apart (a proof and a sample are
 * never pooled): `gate` holds the deterministic parts (matrix, analyses, guard), `llm.gate` the LLM
 * part; `verdictOf` reads both into the one outcome the shells map to an exit code or a failed step.
 */
import { monotonicityViolations } from '../analysis/links/audit.js';
import { evaluateLlmGate } from '../llm/llm-gate.js';
import type { AnalysisViolation, GateThresholds } from '../trial/gate.js';
import type { AnalysisViolationKind } from '../results/results.js';
import { evaluateGate } from '../trial/gate.js';
import type {
  ConditionSummary,
  GateResult,
  LlmGate,
  LlmResults,
  MonotonicitySection,
  Reachability,
  Results,
  Trial,
} from '../results/results.js';

/** Everything the gate is decided from. */
export interface GateParts {
  /** False under mode llm: the scripted matrix did not run, so there are no rates to judge. */
  readonly matrixRan: boolean;
  readonly trials: readonly Trial[];
  /** The task_scoped summary and reachability, as the trials give them. */
  readonly summary: ConditionSummary | undefined;
  readonly reachability: Reachability;
  /** scenario name → FILE:LINE:COL, for violations no single call explains. */
  readonly scenarioSources: Readonly<Record<string, string>>;
  readonly thresholds: GateThresholds;
  /** Findings of the analyses beside the matrix (probes, mutants), over their own thresholds. */
  readonly analyses: readonly AnalysisViolation[];
  /** The guard's findings against the baseline: suite changes, then widenings (none of a kind the step allows). */
  readonly guard: readonly AnalysisViolation[];
  /**
   * The monotonicity audit of the delegation links (src/analysis/links): each escape not approved
   * (allow-widening, or the approval label) fails the gate as `monotonicity_escape`; unproven links never do.
   */
  readonly links?: MonotonicitySection;
  /** The LLM results, when LLM mode ran; `gated`: `--gate llm` (action: `gate: llm`). */
  readonly llm?: { readonly results: Omit<LlmResults, 'gate'>; readonly gated: boolean };
  /**
   * The pull request carries the approval label (the action's `approval-label`, docs/action.md):
   * the guard's findings and the audit's escapes (APPROVABLE_KINDS) are approved by it instead of failing the gate.
   */
  readonly approval?: { readonly label: string };
}

/**
 * What a label on the pull request can approve: changes a reviewer can mean (a grant widened on
 * purpose, a scenario retired on purpose, a delegation link that grants its child more than its
 * parent, on purpose: the audit's `monotonicity_escape`, approved as `authority_widened` is). An
 * attack that gets through (`asr`, `false_allow`) or any other finding is never approved: a label
 * states an intent, it does not make a hole safe.
 */
export const APPROVABLE_KINDS: ReadonlySet<AnalysisViolationKind> = new Set<AnalysisViolationKind>([
  'authority_widened',
  'suite_weakened',
  'monotonicity_escape',
]);

export interface Decision {
  readonly gate: GateResult;
  /** The findings the approval label approved (not in `gate.violations`): the guard's, then the audit's escapes. */
  readonly approved: readonly AnalysisViolation[];
  /** The audit's section as decided: each escape the label approved marked `approved`, with `approved_by`. */
  readonly links?: MonotonicitySection;
  /** The LLM part, when the LLM results are gated. */
  readonly llmGate?: LlmGate;
}

/** The audit's escapes not approved otherwise (allow-widening), approved by the label. */
function approvedLinks(links: MonotonicitySection, label: string): MonotonicitySection {
  return { ...links, findings: links.findings.map((f) => (f.approved ? f : { ...f, approved: true, approved_by: label })) };
}

/** The one decision: every part in, the gate (and its LLM part) out. */
export function decideGate(parts: GateParts): Decision {
  const label = parts.approval?.label;
  const approvable = (v: AnalysisViolation): boolean => label !== undefined && APPROVABLE_KINDS.has(v.kind);
  // The label approves the audit's escapes as it approves the guard's findings: by their kind (APPROVABLE_KINDS).
  const links =
    parts.links !== undefined && label !== undefined && monotonicityViolations(parts.links).some(approvable)
      ? approvedLinks(parts.links, label)
      : parts.links;
  const approved = [...parts.guard.filter(approvable), ...(links !== parts.links ? monotonicityViolations(parts.links) : [])];
  const guard = parts.guard.filter((v) => !approvable(v));
  const gate = evaluateGate({
    trials: parts.trials,
    summary: parts.summary,
    reachability: parts.reachability,
    thresholds: parts.thresholds,
    scenarioSources: parts.scenarioSources,
    // The analyses' findings first, then the guard's, in suite order: the same bytes every run.
    analyses: [...parts.analyses, ...guard, ...monotonicityViolations(links)],
    matrixRan: parts.matrixRan,
  });
  const decided = { gate, approved, ...(links !== undefined ? { links } : {}) };
  if (!parts.llm?.gated) return decided;
  return { ...decided, llmGate: evaluateLlmGate(parts.llm.results, parts.thresholds.maxAsr, parts.thresholds.minTcr) };
}

/** The gate of results whose verdict is not decided yet: it does not pass, and lists nothing. */
export function undecidedGate(thresholds: GateThresholds): GateResult {
  return {
    condition: 'task_scoped',
    max_asr: thresholds.maxAsr,
    min_tcr: thresholds.minTcr,
    max_false_allows: thresholds.maxFalseAllows,
    max_false_blocks: thresholds.maxFalseBlocks,
    passed: false,
    violations: [],
  };
}

/**
 * What a run comes to, for the shells to map:
 * - `passed` / `failed`: the gate (and the LLM gate, when gated);
 * - `incomplete`: the LLM run stopped early (budget, API); never a pass;
 * - `interrupted`: stopped by Ctrl-C or a cancelled workflow; never a pass;
 * - `deferred`: one shard of a split LLM run: the merge of all the shards gives the verdict
 *   (its gate is in the file, for the merge to carry).
 */
export type VerdictStatus = 'passed' | 'failed' | 'incomplete' | 'interrupted' | 'deferred';

export interface Verdict {
  readonly status: VerdictStatus;
  /** The deterministic gate (matrix, analyses, guard) passed. */
  readonly gatePassed: boolean;
  /** The LLM gate, when the LLM results are gated. */
  readonly llmGatePassed: boolean | undefined;
}

/** `shard`: this run is one shard of a split LLM run (the merge decides). */
export function verdictOf(results: Results, options: { shard: boolean }): Verdict {
  const gatePassed = results.gate.passed;
  const llmGatePassed = results.llm?.gate?.passed;
  const parts = { gatePassed, llmGatePassed };
  if (results.llm?.stopped?.reason === 'interrupted') return { status: 'interrupted', ...parts };
  if (results.llm && !results.llm.complete) return { status: 'incomplete', ...parts };
  if (options.shard) return { status: 'deferred', ...parts };
  return { status: gatePassed && (llmGatePassed ?? true) ? 'passed' : 'failed', ...parts };
}
