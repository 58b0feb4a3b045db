/**
 * The results JSON (design §4): the contract between the benchmark, the renderers and the action.
 * Key order in these interfaces is the order written, so that the JSON is byte-stable.
 */
import type { ErrorCode } from '../warrant/errors.js';
import type { BaselineResults } from './results-baseline.js';
import type { CoverageEntry, MutantsSection, SlackEntry } from './results-policy.js';

export const CONDITIONS = ['no_warrant', 'broad', 'task_scoped'] as const;
export type Condition = (typeof CONDITIONS)[number];

export interface Denial {
  code: ErrorCode;
  reason: string;
}

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
 * Everything the gate can fail on (design §4). The first six come from the matrix itself; the
 * rest from analyses beside it (§8, §10), which hand their findings to the gate through
 * `GateInputs.analyses` (gate.ts). `VIOLATION_KINDS` (gate-kinds.ts) describes each one.
 */
export type MatrixViolationKind = 'asr' | 'tcr' | 'false_allow' | 'false_block' | 'unreachable_attack' | 'task_fails_without_warrant';
export type AnalysisViolationKind = 'probe_escape' | 'authority_widened' | 'mutation_score';
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
 * Scenarios that test nothing (design §4): an attack that does not succeed even with no warrant
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
  mode: 'deterministic';
  conditions: Condition[];
  scenarios: string[];
  trials: Trial[];
  summary: Partial<Record<Condition, ConditionSummary>>;
  reachability: Reachability;
  gate: GateResult;
  timings?: Record<string, number>;
  baseline?: BaselineResults; // design §10: only with --baseline
  mutants?: MutantsSection; // design §8: only with --mutants
  coverage?: CoverageEntry[]; // with mutants: per grant and constraint, what the calls exercised
  slack?: SlackEntry[]; // with mutants: grants wider than the legitimate calls need
}
