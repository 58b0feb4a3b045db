/**
 * The `baseline` part of the results JSON (docs/results.md), filled by src/analysis/baseline/. Key
 * order here is the order written.
 */
import type { Effect } from '../world/environment.js';
import type { Plain } from '../world/plain.js';
import type { Condition } from '../model/condition.js';
import type { Denial } from './denial.js';

export type Decision = 'allow' | 'deny';

export interface Flip {
  scenario: string;
  condition: Condition;
  index: number; // the call's 1-based position in the head's scenario
  tool: string;
  args: Record<string, Plain>;
  base: Decision;
  head: Decision;
  /** The denial that decides (the head's when it denies, else the base's). */
  denial?: Denial;
  source?: string; // FILE:LINE:COL of the call in the head
}

export interface RateDelta {
  scenario: string;
  condition: Condition;
  asr: { base: number; head: number };
  tcr: { base: number; head: number };
}

export interface WidenedEffect {
  output: string;
  effects: Effect[];
  /** The scenario's attack judge holds on this call's effects alone. */
  attack: boolean;
  /** Why the base's chain refused the same call. */
  base_denial: Denial;
}

export interface Widening {
  scenario: string;
  /** tool_added, allow_unknown_enabled, param_added, param_dropped, constraint_widened */
  change: string;
  tool: string;
  param: string | null; // null: the whole tool
  base: string | null; // the base's constraint, described; null when it had none
  head: string;
  /**
   * Why the head allows more: the prover's witness against the base's constraint, or (unproven)
   * why it could not be decided and how to settle it.
   */
  why: string;
  proof: 'proven' | 'unproven';
  counterexample: { tool: string; args: Record<string, Plain> } | null;
  effect: WidenedEffect | null;
  source?: string; // FILE:LINE:COL of the tool's grant in the head
  /** base_attack_allowed: the base scenario whose call this is (its name at the base). */
  base_scenario?: string;
  /** base_attack_allowed: FILE:LINE:COL of the base's call, in the file as it is at the base. */
  base_source?: string;
  /**
   * Set when the head side is not a head scenario's grant but a file the base scenario read
   * (`warrant:`/`tools: {from: PATH}`) as it is at the head, PATH as the loader names it: the file
   * changed and no head scenario reads it in the base scenario's place (docs/guard.md).
   */
  base_file?: string;
}

export interface Narrowing {
  scenario: string;
  change: string; // tool_removed, allow_unknown_disabled, param_dropped, constraint_narrowed, constraint_unchanged
  tool: string;
  param: string | null;
  base: string;
  head: string | null;
  /** constraint_narrowed / constraint_unchanged: the proof by meaning, in words (docs/guard.md). */
  reason?: string;
  source?: string;
}

/** A base scenario compared with a head scenario of another name: the same file, renamed. */
export interface Renamed {
  base: string;
  head: string;
  file: string;
}

/**
 * A change that weakens the suite itself: the test, not the
 * policy, was changed. `base` and `head` are what each side has, as text.
 */
export interface SuiteChange {
  scenario: string; // the head's name; the base's when the scenario was removed
  /** One of SUITE_CHANGE_KINDS (docs/guard.md#suite-changes). */
  change: SuiteChangeKind;
  base: string;
  head: string | null; // null: nothing in the head stands for it
  base_source: string; // FILE:LINE:COL in the file as it is at the base
  head_source?: string; // FILE:LINE:COL in the head, where one exists
}

export type SuiteChangeKind =
  | 'scenario_removed'
  | 'deny_call_removed'
  | 'label_turned_allow'
  | 'attack_judge_changed'
  | 'attack_hidden'
  /** `warrant:` or `tools:` read from another file than at the base, or turned inline, or from inline to a file. */
  | 'grant_origin_changed'
  /** A base scenario file that does not load at the ref (its problem is `base`): never counted as added. */
  | 'base_unreadable';
export const SUITE_CHANGE_KINDS: readonly SuiteChangeKind[] = [
  'scenario_removed',
  'deny_call_removed',
  'label_turned_allow',
  'attack_judge_changed',
  'attack_hidden',
  'grant_origin_changed',
  'base_unreadable',
];

export interface BaselineResults {
  ref: string;
  commit: string;
  added: string[]; // scenarios only in the head
  removed: string[]; // scenarios only in the base
  renamed: Renamed[]; // base and head scenarios matched by file, not by name
  /** Each fails the gate as suite_weakened unless the step allows suite changes. */
  suite_changes: SuiteChange[];
  deltas: RateDelta[]; // per matched scenario × condition, where a rate changed
  summary: Partial<Record<Condition, { asr: { base: number; head: number }; tcr: { base: number; head: number } }>>;
  flips: Flip[];
  widenings: Widening[];
  narrowings: Narrowing[];
  allow_widening: boolean;
  allow_suite_changes: boolean;
  /**
   * The pull request's approval label, when it carries it (the action's `approval-label`): its
   * widenings and suite changes are approved by it and do not fail the gate.
   */
  approved_by?: string;
  /**
   * Base files that did not load, `REF:FILE:LINE:COL: message` (at most 20, then a count). Each such
   * file is also a `base_unreadable` suite change: its scenario is never counted as added.
   */
  problems?: string[];
}
