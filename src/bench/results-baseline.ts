/**
 * The `baseline` part of the results JSON (design §10), filled by src/analysis/baseline/. Key
 * order here is the order written.
 */
import type { Effect } from './environment.js';
import type { Plain } from './plain.js';
import type { Condition, Denial } from './results.js';

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
   * Why the head is not an attenuation of the base (the warrant engine's words); when unproven,
   * also why containment could not show it narrower and how to settle it.
   */
  why: string;
  proof: 'proven' | 'unproven';
  counterexample: { tool: string; args: Record<string, Plain> } | null;
  effect: WidenedEffect | null;
  source?: string; // FILE:LINE:COL of the tool's grant in the head
}

export interface Narrowing {
  scenario: string;
  change: string; // tool_removed, allow_unknown_disabled, param_dropped, constraint_narrowed
  tool: string;
  param: string | null;
  base: string;
  head: string | null;
  /** Set when the head is narrower by semantic containment, not by the attenuation rules: the rule. */
  reason?: string;
  source?: string;
}

export interface BaselineResults {
  ref: string;
  commit: string;
  added: string[]; // scenarios only in the head
  removed: string[]; // scenarios only in the base
  deltas: RateDelta[]; // per matched scenario × condition, where a rate changed
  summary: Partial<Record<Condition, { asr: { base: number; head: number }; tcr: { base: number; head: number } }>>;
  flips: Flip[];
  widenings: Widening[];
  narrowings: Narrowing[];
  allow_widening: boolean;
  /** Base files that did not load (their scenarios count as added), FILE:LINE:COL: message. */
  problems?: string[];
}
