/**
 * The `baseline` part of the results JSON (docs/results.md), filled by src/guard/. Key
 * order here is the order written. An untrusted file's part (report-only mode, docs/guard.md) is
 * checked against this schema in full, so that the report can show "Changes against BASE" from it
 * without a malformed part crashing a renderer. It cannot be recomputed (that needs the repository
 * at REF), so it is shown as the file says, like the analyses' findings; its widenings and suite
 * changes are judged again with the step's own allow-widening and allow-suite-changes.
 */
import * as z from 'zod';
import type { Effect } from '../world/environment.js';
import type { Plain } from '../world/plain.js';
import { CONDITIONS } from '../model/condition.js';
import { count, flag, keyedBy, list, oneOf, plain, plainObject, rate, record, text } from './checks.js';
import { denialSchema } from './denial.js';
import { BaseFindingsSchema } from './base-findings.js';
import { SECTION_BOUNDS, SECTION_PLAIN } from './limits.js';

const str = text(SECTION_BOUNDS.maxString);
const many = <T extends z.ZodType>(item: T) => list(item, SECTION_BOUNDS.maxItems);
const condition = oneOf(CONDITIONS);
const PLAIN = `expected plain JSON nested at most ${SECTION_PLAIN.maxDepth} deep`;
const args = plainObject<Record<string, Plain>>(SECTION_PLAIN, PLAIN);
const denial = denialSchema(SECTION_BOUNDS.maxString);
const baseHead = record({ base: rate, head: rate });

export const DecisionSchema = oneOf(['allow', 'deny']);

export const FlipSchema = record({
  scenario: str,
  condition,
  index: count, // the call's 1-based position in the head's scenario
  tool: str,
  args,
  base: DecisionSchema,
  head: DecisionSchema,
  /** The denial that decides (the head's when it denies, else the base's). */
  denial: denial.optional(),
  source: str.optional(), // FILE:LINE:COL of the call in the head
});

export const RateDeltaSchema = record({ scenario: str, condition, asr: baseHead, tcr: baseHead });

export const WidenedEffectSchema = record({
  output: str,
  effects: many(plain<Effect>(SECTION_PLAIN, PLAIN)),
  /** The scenario's attack judge holds on this call's effects alone. */
  attack: flag,
  /** Why the base's chain refused the same call. */
  base_denial: denial,
});

export const WideningSchema = record({
  scenario: str,
  /** tool_added, allow_unknown_enabled, param_added, param_dropped, constraint_widened, … */
  change: str,
  tool: str,
  param: str.nullable(), // null: the whole tool
  base: str.nullable(), // the base's constraint, described; null when it had none
  head: str,
  /**
   * Why the head allows more: the prover's witness against the base's constraint, or (unproven)
   * why it could not be decided and how to settle it.
   */
  why: str,
  proof: oneOf(['proven', 'unproven']),
  counterexample: record({ tool: str, args }).nullable(),
  effect: WidenedEffectSchema.nullable(),
  source: str.optional(), // FILE:LINE:COL of the tool's grant in the head
  /** base_attack_allowed: the base scenario whose call this is (its name at the base). */
  base_scenario: str.optional(),
  /** base_attack_allowed: FILE:LINE:COL of the base's call, in the file as it is at the base. */
  base_source: str.optional(),
  /**
   * Set when the head side is not a head scenario's grant but a file the base scenario read
   * (`warrant:`/`tools: {from: PATH}`) as it is at the head, PATH as the loader names it: the file
   * changed and no head scenario reads it in the base scenario's place (docs/guard.md).
   */
  base_file: str.optional(),
  /**
   * A base attack that cross-replay found the head's grant allows, joined to the widening it proves
   * (its call is then the counterexample, at `base_source`): why it is one. docs/guard.md#cross-replay.
   */
  base_attack: str.optional(),
  /**
   * The way back, in the syntax of the file the grant lives in (a `tenuo.yaml` rule), or why that
   * file cannot say it and what can (a signed token). Absent for a grant written in the scenario.
   */
  fix: str.optional(),
  /** Why `source` names a file and no line (a token: no line of it holds one grant). */
  place: str.optional(),
});

export const NarrowingSchema = record({
  scenario: str,
  change: str, // tool_removed, allow_unknown_disabled, param_dropped, constraint_narrowed, constraint_unchanged
  tool: str,
  param: str.nullable(),
  base: str,
  head: str.nullable(),
  /** constraint_narrowed / constraint_unchanged: the proof by meaning, in words (docs/guard.md). */
  reason: str.optional(),
  source: str.optional(),
});

/** A base scenario compared with a head scenario of another name: the same file, renamed. */
export const RenamedSchema = record({ base: str, head: str, file: str });

/**
 * The kinds of change that weaken the suite itself (docs/guard.md#suite-changes): the test, not
 * the policy, was changed. `grant_origin_changed`: `warrant:` or `tools:` read from another file
 * than at the base, or turned inline, or from inline to a file. `base_unreadable`: a base scenario
 * file that does not load at the ref (its problem is `base`): never counted as added.
 */
export const SUITE_CHANGE_KINDS = [
  'scenario_removed',
  'deny_call_removed',
  'label_turned_allow',
  'attack_judge_changed',
  'attack_hidden',
  'grant_origin_changed',
  'base_unreadable',
] as const;

/** A change that weakens the suite: `base` and `head` are what each side has, as text. */
export const SuiteChangeSchema = record({
  scenario: str, // the head's name; the base's when the scenario was removed
  change: oneOf(SUITE_CHANGE_KINDS),
  base: str,
  head: str.nullable(), // null: nothing in the head stands for it
  base_source: str, // FILE:LINE:COL in the file as it is at the base
  head_source: str.optional(), // FILE:LINE:COL in the head, where one exists
});

export const BaselineResultsSchema = record({
  ref: str,
  commit: str,
  added: many(str), // scenarios only in the head
  removed: many(str), // scenarios only in the base
  renamed: many(RenamedSchema), // base and head scenarios matched by file, not by name
  /** Each fails the gate as suite_weakened unless the step allows suite changes. */
  suite_changes: many(SuiteChangeSchema),
  deltas: many(RateDeltaSchema), // per matched scenario × condition, where a rate changed
  summary: keyedBy(CONDITIONS, record({ asr: baseHead, tcr: baseHead })),
  flips: many(FlipSchema),
  widenings: many(WideningSchema),
  narrowings: many(NarrowingSchema),
  allow_widening: flag,
  allow_suite_changes: flag,
  /**
   * The pull request's approval label, when it carries it (the action's `approval-label`): its
   * widenings and suite changes are approved by it and do not fail the gate.
   */
  approved_by: str.optional(),
  /**
   * Base files that did not load, `REF:FILE:LINE:COL: message` (at most 20, then a count). Each such
   * file is also a `base_unreadable` suite change: its scenario is never counted as added.
   */
  problems: many(str).optional(),
  /**
   * With the analyses on: their findings against the base's (base-findings.ts), which of the head's
   * are new, which were already on the base, and which the head fixed (docs/guard.md).
   */
  findings: BaseFindingsSchema.optional(),
  /**
   * Why `commit` is the commit compared with, when it is not simply the ref the run was given: the
   * merge base of HEAD and the base, the base of GitHub's merge commit (docs/guard.md#which-base).
   */
  reason: str.optional(),
});

export type Decision = z.infer<typeof DecisionSchema>;
export type Flip = z.infer<typeof FlipSchema>;
export type RateDelta = z.infer<typeof RateDeltaSchema>;
export type WidenedEffect = z.infer<typeof WidenedEffectSchema>;
export type Widening = z.infer<typeof WideningSchema>;
export type Narrowing = z.infer<typeof NarrowingSchema>;
export type Renamed = z.infer<typeof RenamedSchema>;
export type SuiteChangeKind = (typeof SUITE_CHANGE_KINDS)[number];
export type SuiteChange = z.infer<typeof SuiteChangeSchema>;
export type BaselineResults = z.infer<typeof BaselineResultsSchema>;
