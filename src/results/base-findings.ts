/**
 * The analyses' findings against the base (docs/guard.md#findings-already-on-the-base): the part of
 * `baseline` that says, per analysis, how many findings the base had and the head has, how many of
 * the head's are new and how many were already on the base, and which of the base's the head no
 * longer has. Each head finding carries its own mark (`baseline_state`, results/probes.ts and
 * results/policy.ts). Apart from baseline-comparison.ts, which only adds it at its end.
 */
import type * as z from 'zod';
import { count, list, oneOf, record, text } from './checks.js';
import { MutantSurvivorSchema, SlackEntrySchema } from './policy.js';
import { ProbeEscapeSchema } from './probes.js';
import { SECTION_BOUNDS } from './limits.js';

/** `new`: the pull request brings it; `on_base`: the base already had it (same identity). */
export const BASELINE_STATES = ['new', 'on_base'] as const;
export const BaselineStateSchema = oneOf(BASELINE_STATES);

/** The base's findings the head no longer has, listed at most (the count is `fixed`). */
export const MAX_FIXED_LISTED = 1_000;

const str = text(SECTION_BOUNDS.maxString);

function countsWith<T extends z.ZodType>(finding: T) {
  return record({
    /** The base's findings in the scenarios the head still has (and whose base could be analysed). */
    base: count,
    head: count,
    new: count,
    on_base: count,
    /** The base's findings that the head no longer has. */
    fixed: count,
    /** The first MAX_FIXED_LISTED of them, as the base's run wrote them (base FILE:LINE:COL). */
    fixed_findings: list(finding, MAX_FIXED_LISTED),
  });
}

export const ProbeFindingCountsSchema = countsWith(ProbeEscapeSchema);
export const MutantFindingCountsSchema = countsWith(MutantSurvivorSchema);
export const SlackFindingCountsSchema = countsWith(SlackEntrySchema);

/** A head scenario whose findings are all counted new because its base could not be analysed (fail closed). */
export const NotComparedSchema = record({
  /** The head scenario. */
  scenario: str,
  reason: str,
});

export const BaseFindingsSchema = record({
  probes: ProbeFindingCountsSchema.optional(), // probe escapes: absent when the probes did not run
  mutants: MutantFindingCountsSchema.optional(), // surviving mutants: absent when the mutants did not run
  slack: SlackFindingCountsSchema.optional(), // slack findings: with the mutants
  not_compared: list(NotComparedSchema, SECTION_BOUNDS.maxItems),
});

export type BaselineState = z.infer<typeof BaselineStateSchema>;
export type FindingCounts =
  z.infer<typeof ProbeFindingCountsSchema> | z.infer<typeof MutantFindingCountsSchema> | z.infer<typeof SlackFindingCountsSchema>;
export type NotCompared = z.infer<typeof NotComparedSchema>;
export type BaseFindings = z.infer<typeof BaseFindingsSchema>;
