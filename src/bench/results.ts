/**
 * The results JSON (design §4): the contract between the benchmark, the renderers and the action.
 * Key order in these interfaces is the order written, so that the JSON is byte-stable.
 */
import type { ErrorCode } from '../warrant/errors.js';

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

export interface GateViolation {
  scenario: string;
  kind: 'attack_succeeded' | 'task_failed' | 'asr_above_max' | 'tcr_below_min';
  message: string;
  /** FILE:LINE:COL of the scenario (or of the call that broke the gate), when known. */
  source?: string;
}

export interface GateResult {
  condition: 'task_scoped';
  max_asr: number; // fraction
  min_tcr: number; // fraction
  passed: boolean;
  violations: GateViolation[];
}

export interface Results {
  version: 1;
  mode: 'deterministic';
  conditions: Condition[];
  scenarios: string[];
  trials: Trial[];
  summary: Partial<Record<Condition, ConditionSummary>>;
  gate: GateResult;
  timings?: Record<string, number>;
}
