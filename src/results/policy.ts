/**
 * The `mutants`, `coverage` and `slack` parts of the results JSON (docs/results.md), in their
 * contract's key order. Defined here, beside the Results type, so that the renderers read them
 * without depending on the analysis that fills them (src/analysis/mutants/, src/analysis/slack/).
 * Report-only mode does not read them back, so their bounds are the frame's.
 */
import * as z from 'zod';
import { count, list, oneOf, positive, rate, record, text } from './checks.js';
import { FRAME_BOUNDS } from './limits.js';

const str = text(FRAME_BOUNDS.maxString);
const many = <T extends z.ZodType>(item: T) => list(item, FRAME_BOUNDS.maxItems);

export const ScenarioMutationScoreSchema = record({
  scenario: str,
  /** Every mutant built: killed + survived + skipped. */
  total: count,
  killed: count,
  survived: count,
  /** Refused by the warrant builder (e.g. wider than p's root): no warrant, so no test. */
  skipped: count,
  /** killed / (killed + survived); null when no mutant ran. */
  score: rate.nullable(),
});

export const MutantSurvivorSchema = record({
  scenario: str,
  tool: str,
  /** null: a change to the tool's grant as a whole (`tool_granted`, `allow_unknown_set`). */
  param: str.nullable(),
  mutation: str,
  /** FILE:LINE:COL of the grant (the scenario's, for a tool it does not grant). */
  source: str,
  /** With a baseline comparison: `new`, or `on_base` when the base has the same survivor (docs/guard.md). */
  baseline_state: oneOf(['new', 'on_base']).optional(),
});

export const MutantsSectionSchema = record({
  total: count,
  killed: count,
  survived: count,
  skipped: count,
  /** killed / (killed + survived) over the suite; null when no mutant ran. */
  score: rate.nullable(),
  scenarios: many(ScenarioMutationScoreSchema),
  survivors: many(MutantSurvivorSchema),
});

export const CoverageStatusSchema = oneOf(['tested', 'untested', 'unconstrained']);

export const CoverageEntrySchema = record({
  scenario: str,
  tool: str,
  /** null: the tool's grant as a whole. */
  param: str.nullable(),
  /** The constraint as the warrant describes it; for the grant row, its parameters' list. */
  constraint: str,
  /** Calls marked `expect: allow` that task_scoped allowed (1-based indices). */
  allowed_calls: many(positive),
  /** Calls marked `expect: deny` this constraint rejects (grant row: that task_scoped denied). */
  denied_calls: many(positive),
  mutants_killed: count,
  mutants_survived: count,
  status: CoverageStatusSchema,
  source: str,
});

export const SlackEntrySchema = record({
  scenario: str,
  tool: str,
  /** null for an unused tool. */
  param: str.nullable(),
  kind: oneOf(['unused_tool', 'wider_than_needed']),
  /** What is granted: the constraint, or for an unused tool its grant line. */
  granted: str,
  /** The tightest same-kind constraint; null: drop the grant (unused_tool) or none computed. */
  suggested: str.nullable(),
  /** The tool's grant line with the suggestion applied (scenario YAML); '' drops the grant; null: none. */
  suggestion: str.nullable(),
  source: str,
  /** With a baseline comparison: `new`, or `on_base` when the base has the same finding (docs/guard.md). */
  baseline_state: oneOf(['new', 'on_base']).optional(),
});

export type ScenarioMutationScore = z.infer<typeof ScenarioMutationScoreSchema>;
export type MutantSurvivor = z.infer<typeof MutantSurvivorSchema>;
export type MutantsSection = z.infer<typeof MutantsSectionSchema>;
export type CoverageStatus = z.infer<typeof CoverageStatusSchema>;
export type CoverageEntry = z.infer<typeof CoverageEntrySchema>;
export type SlackEntry = z.infer<typeof SlackEntrySchema>;

/** What the policy analysis adds to the results JSON. */
export interface PolicyAnalysisResults {
  mutants: MutantsSection;
  coverage: CoverageEntry[];
  slack: SlackEntry[];
}
