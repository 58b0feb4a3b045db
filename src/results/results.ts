/**
 * The results JSON (docs/results.md): the contract between the benchmark, the renderers and the action.
 * Key order in these interfaces is the order written, so that the JSON is byte-stable.
 */
import { CONDITIONS, type Condition } from '../model/condition.js';
import type { Denial } from './denial.js';
import type { BaselineResults } from './baseline.js';
import type { CoverageEntry, MutantsSection, SlackEntry } from './policy.js';
import type { ProbesSection } from './probes.js';
import type { MonotonicitySection } from './monotonicity.js';
import type { ScenarioInfo } from './scenario-info.js';

export type { MonotonicitySection };

export { CONDITIONS, type Condition, type Denial };

export interface CallResult {
  index: number; // 1-based position in the scenario's calls
  tool: string;
  args: Record<string, unknown>;
  expect: 'allow' | 'deny';
  authorized: boolean;
  denial?: Denial; // present when authorized is false
  /** Where the call is written: FILE:LINE:COL of the call in its scenario file (for annotations). */
  source?: string;
}

export interface Trial {
  scenario: string;
  condition: Condition;
  task_succeeded: boolean;
  attack_succeeded: boolean;
  calls_total: number;
  calls_allowed: number;
  calls_blocked: number;
  calls: CallResult[];
}

export interface ConditionSummary {
  asr: number; // fraction of trials whose attack succeeded
  tcr: number; // fraction of trials whose task succeeded
  calls_blocked: number;
  trials: number;
  false_allows: number; // task_scoped: calls expected deny that were allowed
  false_blocks: number; // task_scoped: calls expected allow that were denied
}

/**
 * Everything the gate can fail on (docs/results.md). The first six come from the matrix itself; the
 * rest from analyses beside it (docs/analyses.md, docs/guard.md), which hand their findings to the gate through
 * `GateInputs.analyses` (gate.ts). `VIOLATION_KINDS` (gate-kinds.ts) describes each one.
 */
export type MatrixViolationKind = 'asr' | 'tcr' | 'false_allow' | 'false_block' | 'unreachable_attack' | 'task_fails_without_warrant';
export type AnalysisViolationKind = 'probe_escape' | 'authority_widened' | 'suite_weakened' | 'mutation_score' | 'monotonicity_escape';
export type ViolationKind = MatrixViolationKind | AnalysisViolationKind;

export interface GateViolation {
  /** The scenario at fault; '' when the finding is about the suite as a whole. */
  scenario: string;
  kind: ViolationKind;
  message: string;
  /** FILE:LINE:COL of the call (or, when no single call explains it, the scenario), when known. */
  source?: string;
}

export interface GateResult {
  condition: 'task_scoped';
  max_asr: number; // fraction
  min_tcr: number; // fraction
  max_false_allows: number; // calls
  max_false_blocks: number; // calls
  passed: boolean;
  violations: GateViolation[];
}

/**
 * Scenarios that test nothing (docs/results.md): an attack that does not succeed even with no warrant
 * at all cannot show that a warrant stopped it; a task that fails with no warrant cannot show that
 * a warrant let it through. Names in suite order.
 */
export interface Reachability {
  unreachable_attacks: string[];
  tasks_failing_without_warrant: string[];
}

/** The results format's version; 2 added reachability, the false allow/block thresholds and kinds. */
export const RESULTS_VERSION = 2;

export interface Results {
  version: typeof RESULTS_VERSION;
  mode: 'deterministic' | 'llm' | 'both'; // llm: the matrix of scripted calls did not run
  conditions: Condition[];
  scenarios: string[];
  scenario_info?: ScenarioInfo[]; // each scenario's description and request, in `scenarios` order
  trials: Trial[];
  summary: Partial<Record<Condition, ConditionSummary>>;
  reachability: Reachability;
  gate: GateResult;
  timings?: Record<string, number>;
  llm?: LlmResults; // docs/llm.md: only when LLM mode ran
  baseline?: BaselineResults; // docs/guard.md: only with --baseline
  no_baseline?: string; // docs/guard.md#which-base: why no baseline comparison ran (the action, on an event without a base)
  probes?: ProbesSection; // docs/analyses.md: probe escapes (policy holes); absent with --no-probes
  mutants?: MutantsSection; // docs/analyses.md: only with --mutants
  coverage?: CoverageEntry[]; // with mutants: per grant and constraint, what the calls exercised
  slack?: SlackEntry[]; // with mutants: grants wider than the legitimate calls need
  monotonicity?: MonotonicitySection; // docs/analyses.md: every delegation link, proven inside its parent or not
}

// ------------------------------------------------------------------------------------------------
// LLM mode (docs/llm.md): a real model plays the worker; N runs per scenario × condition.
// ------------------------------------------------------------------------------------------------

/** A mean and a sample standard deviation; null where there are too few completed runs (<1, <2). */
export interface MeanStd {
  mean: number | null;
  std: number | null;
}

export interface LlmTokens {
  prompt: number;
  completion: number;
  total: number;
}

/** One tool call the model made. `args` is null when its arguments were not a JSON object. */
export interface LlmCall {
  index: number; // 1-based, across the whole trial
  turn: number; // 1-based model call that asked for it
  tool: string;
  args: Record<string, unknown> | null;
  authorized: boolean;
  denial?: Denial; // the chain refused it
  /**
   * The call could not be made at all: `malformed_arguments`, `unknown_tool`, or
   * `argument_binding_error` (its arguments do not fit the tool's signature). Not a block.
   */
  error?: { code: string; message: string };
}

/** A message of the conversation, as sent to / received from the API (`--transcripts`). */
export interface LlmMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; name: string; arguments: string }[];
  tool_call_id?: string;
}

export interface LlmTrial {
  mode: 'llm';
  scenario: string;
  condition: Condition;
  run: number; // 1-based
  task_succeeded: boolean;
  attack_succeeded: boolean;
  calls_total: number;
  calls_allowed: number;
  calls_blocked: number;
  turns: number;
  /** How the conversation ended: a reply without tool calls, or the turn limit. */
  stop: 'final_answer' | 'max_turns' | 'error';
  tokens: LlmTokens;
  calls: LlmCall[];
  /** The API failed after its retries: the trial is excluded from the rates, never a block. */
  error?: { code: string; message: string };
  transcript?: LlmMessage[];
}

export interface LlmCellStats {
  runs: number; // trials that completed (counted in the rates)
  errors: number; // trials that failed on the API (excluded)
  asr: MeanStd;
  tcr: MeanStd;
  calls_blocked: { sum: number; mean: number | null };
  tokens: number;
}

export interface LlmCell extends LlmCellStats {
  scenario: string;
  condition: Condition;
}

export interface LlmGate {
  condition: 'task_scoped';
  max_asr: number;
  min_tcr: number;
  passed: boolean;
  violations: { scenario: string; kind: 'asr' | 'tcr' | 'errors' | 'incomplete'; message: string }[];
}

export interface LlmResults {
  model: string;
  runs: number; // N runs per scenario × condition
  seed: string;
  /** SHA-256 of the scenarios as run: shards and resumed runs must agree on it. */
  inputs: string;
  config: { max_turns: number; temperature: number | null; denial_detail: boolean; transcripts: boolean };
  shard?: { index: number; count: number };
  /** False when the run stopped early (token budget, interrupt): `--resume FILE` continues it. */
  complete: boolean;
  stopped?: { reason: 'budget' | 'interrupted'; message: string };
  cells: LlmCell[];
  summary: Partial<Record<Condition, LlmCellStats>>;
  tokens: LlmTokens;
  gate?: LlmGate; // only with --gate llm
  trials: LlmTrial[];
}
