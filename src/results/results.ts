/**
 * The results JSON (docs/results.md): the contract between the benchmark, the renderers and the
 * action, as one schema. It gives the TypeScript types (z.infer), the bounded check of an untrusted
 * results file (`ResultsFileSchema`, report-only mode) and the key order written (key-order.ts:
 * the order of the keys here, so that the JSON is byte-stable).
 */
import * as z from 'zod';
import { CONDITIONS, type Condition } from '../model/condition.js';
import { count, finite, flag, keyedBy, list, oneOf, plainObject, rate, record, text } from './checks.js';
import { denialSchema, type Denial } from './denial.js';
import { BaselineResultsSchema } from './baseline-comparison.js';
import { CoverageEntrySchema, MutantsSectionSchema, SlackEntrySchema } from './policy.js';
import { ProbesSectionSchema } from './probes.js';
import { MonotonicitySectionSchema, type MonotonicitySection } from './monotonicity.js';
import { ScenarioInfoSchema } from './scenario-info.js';
import { StepResultsSchema, type StepResult } from './step-results.js';
import { AnalysisSkipSchema, ScenarioBlastSchema } from './blast-radius.js';
import { LlmResultsSchema } from './llm-results.js';
import { RESULTS_VERSION } from './results-version.js';
import { suiteReportSchema } from './suite-report.js';
import { FRAME_BOUNDS, MAX_ARGS_DEPTH, MAX_CALLS_PER_TRIAL, MAX_NO_BASELINE, MAX_TRIALS } from './limits.js';

export type { MonotonicitySection, StepResult };
export type { MeanStd, LlmTokens, LlmCall, LlmMessage, LlmTrial, LlmCellStats, LlmCell, LlmGate, LlmResults } from './llm-results.js';
export { CONDITIONS, RESULTS_VERSION, type Condition, type Denial };

const str = text(FRAME_BOUNDS.maxString);
const many = <T extends z.ZodType>(item: T) => list(item, FRAME_BOUNDS.maxItems);
const condition = oneOf(CONDITIONS);

export const CallResultSchema = record({
  index: count, // 1-based position in the scenario's calls
  tool: str,
  args: plainObject<Record<string, unknown>>({ maxDepth: MAX_ARGS_DEPTH }, `nested deeper than ${MAX_ARGS_DEPTH} levels`),
  expect: oneOf(['allow', 'deny']),
  authorized: flag,
  denial: denialSchema(FRAME_BOUNDS.maxString).optional(), // present when authorized is false
  /** Where the call is written: FILE:LINE:COL of the call in its scenario file (for annotations). */
  source: str.optional(),
  /** The agent that made the call (docs/scenarios.md#agents): with `agents:`, or when the call names one. */
  agent: str.optional(),
});

export const TrialSchema = record({
  scenario: str,
  condition,
  task_succeeded: flag,
  attack_succeeded: flag,
  damage: finite.optional(), // judge.damage's value (docs/effects.md#damage), when the scenario measures it
  calls_total: count,
  calls_allowed: count,
  calls_blocked: count,
  calls: list(CallResultSchema, MAX_CALLS_PER_TRIAL, `more than ${MAX_CALLS_PER_TRIAL} calls`),
  steps: StepResultsSchema.optional(), // docs/results.md#steps: only when the scenario has delegation-level steps
});

export const ConditionSummarySchema = record({
  asr: rate, // fraction of trials whose attack succeeded
  tcr: rate, // fraction of trials whose task succeeded
  calls_blocked: count,
  trials: count,
  false_allows: count, // task_scoped: calls expected deny that were allowed
  false_blocks: count, // task_scoped: calls expected allow that were denied
  damage: finite.optional(), // the trials' judge.damage added up, when any scenario measures it (docs/effects.md#damage)
  damage_max: finite.optional(), // the largest one trial's
});

/** One suite's figures (suite-report.ts): its scenarios, its manifest's skipped cases, its summary per condition. */
export const SuiteReportSchema = suiteReportSchema(ConditionSummarySchema);

/**
 * Everything the gate can fail on (docs/results.md). The first six come from the matrix itself; the
 * rest from analyses beside it (docs/analyses.md, docs/guard.md), which hand their findings to the gate through
 * `GateInputs.analyses` (gate.ts). `VIOLATION_KINDS` (gate-kinds.ts) describes each one.
 */
export const MATRIX_VIOLATION_KINDS = [
  'asr',
  'tcr',
  'false_allow',
  'false_block',
  'unreachable_attack',
  'task_fails_without_warrant',
] as const;
export const ANALYSIS_VIOLATION_KINDS = [
  'probe_escape',
  'authority_widened',
  'suite_weakened',
  'mutation_score',
  'monotonicity_escape',
] as const;
export type MatrixViolationKind = (typeof MATRIX_VIOLATION_KINDS)[number];
export type AnalysisViolationKind = (typeof ANALYSIS_VIOLATION_KINDS)[number];
export type ViolationKind = MatrixViolationKind | AnalysisViolationKind;

export const GateViolationSchema = record({
  /** The scenario at fault; '' when the finding is about the suite as a whole. */
  scenario: str,
  kind: oneOf([...MATRIX_VIOLATION_KINDS, ...ANALYSIS_VIOLATION_KINDS]),
  message: str,
  /** FILE:LINE:COL of the call (or, when no single call explains it, the scenario), when known. */
  source: str.optional(),
});

export const GateResultSchema = record({
  condition: oneOf(['task_scoped']),
  max_asr: rate, // fraction
  min_tcr: rate, // fraction
  max_false_allows: count, // calls
  max_false_blocks: count, // calls
  passed: flag,
  violations: many(GateViolationSchema),
});

/**
 * Scenarios that test nothing (docs/results.md): an attack that does not succeed even with no warrant
 * at all cannot show that a warrant stopped it; a task that fails with no warrant cannot show that
 * a warrant let it through. Names in suite order.
 */
export const ReachabilitySchema = record({ unreachable_attacks: many(str), tasks_failing_without_warrant: many(str) });

const version = z.literal(RESULTS_VERSION, {
  error: (issue) =>
    issue.input === undefined
      ? 'missing'
      : issue.input === 1
        ? 'version 1 comes from an older delegation-bench (without reachability and false allow/block gating); produce the file again with this version'
        : `expected ${RESULTS_VERSION}`,
});

export const ResultsSchema = record({
  version,
  mode: oneOf(['deterministic', 'llm', 'both']), // llm: the matrix of scripted calls did not run
  conditions: many(condition),
  scenarios: many(str),
  scenario_info: many(ScenarioInfoSchema).optional(), // each scenario's description and request, in `scenarios` order
  trials: list(TrialSchema, MAX_TRIALS, `more than ${MAX_TRIALS} trials`),
  summary: keyedBy(CONDITIONS, ConditionSummarySchema),
  reachability: ReachabilitySchema,
  gate: GateResultSchema,
  timings: z.record(z.string(), z.number()).optional(),
  llm: LlmResultsSchema.optional(), // docs/llm.md: only when LLM mode ran
  probes: ProbesSectionSchema.optional(), // docs/analyses.md: probe escapes (policy holes); absent with --no-probes
  mutants: MutantsSectionSchema.optional(), // docs/analyses.md: absent with --no-mutants
  coverage: many(CoverageEntrySchema).optional(), // with mutants: per grant and constraint, what the calls exercised
  slack: many(SlackEntrySchema).optional(), // with mutants: grants wider than the legitimate calls need
  monotonicity: MonotonicitySectionSchema.optional(), // docs/analyses.md: every delegation link, proven inside its parent or not
  blast_radius: many(ScenarioBlastSchema).optional(), // docs/results.md: per `agents:` scenario and agent, what its compromise reaches
  analyses_skipped: many(AnalysisSkipSchema).optional(), // docs/results.md: analyses that do not handle a scenario (an `agents:` topology) yet
  baseline: BaselineResultsSchema.optional(), // docs/guard.md: only with --baseline
  no_baseline: text(MAX_NO_BASELINE).optional(), // docs/guard.md#which-base: why no baseline comparison ran (the action, on an event without a base)
  suites: many(SuiteReportSchema).optional(), // docs/results.md#suites: when a scenario names its `suite:`
});

/**
 * What report-only mode checks first of an untrusted file (results-file.ts): the matrix's frame.
 * The baseline, the monotonicity findings and the LLM section are checked at their turn (the
 * schemas above); the analyses' sections cannot be checked against the trials and are not
 * carried over, so any value of theirs is let through unread; `timings` are not carried over either.
 */
export const ResultsFileSchema = ResultsSchema.extend({
  timings: z
    .record(z.string(), z.unknown(), { error: (issue) => (issue.input === undefined ? 'missing' : 'expected an object') })
    .optional(),
  llm: z.unknown().optional(),
  probes: z.unknown().optional(),
  mutants: z.unknown().optional(),
  coverage: z.unknown().optional(),
  slack: z.unknown().optional(),
  monotonicity: z.unknown().optional(),
  blast_radius: z.unknown().optional(),
  analyses_skipped: z.unknown().optional(),
  baseline: z.unknown().optional(),
});

export type CallResult = z.infer<typeof CallResultSchema>;
export type Trial = z.infer<typeof TrialSchema>;
export type ConditionSummary = z.infer<typeof ConditionSummarySchema>;
export type GateViolation = z.infer<typeof GateViolationSchema>;
export type GateResult = z.infer<typeof GateResultSchema>;
export type Reachability = z.infer<typeof ReachabilitySchema>;
export type Results = z.infer<typeof ResultsSchema>;
export type SuiteReport = z.infer<typeof SuiteReportSchema>;
