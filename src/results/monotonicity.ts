/**
 * The monotonicity audit's section of the results (docs/results.md, `monotonicity`): every
 * parent → child link a run builds or a token carries, and whether the child's grant is inside the
 * parent's by meaning (src/warrant/containment). Key order is the order written. Report-only mode
 * reads back only the findings (judged again with the step's allow-widening), with the bounds of
 * a section shown as the file says it.
 */
import * as z from 'zod';
import { count, flag, list, oneOf, plainObject, record, text } from './checks.js';
import { SECTION_BOUNDS, SECTION_PLAIN } from './limits.js';

const str = text(SECTION_BOUNDS.maxString);
const many = <T extends z.ZodType>(item: T) => list(item, SECTION_BOUNDS.maxItems);
const VERDICTS = ['narrower', 'unchanged', 'wider', 'unproven'] as const;

/** A call the child may make and the parent may not: the argument that differs, by the real evaluator. */
export const LinkWitnessSchema = record({
  tool: str,
  /** The argument(s) that decide it; other arguments take any value the child allows. */
  args: plainObject<Record<string, unknown>>(SECTION_PLAIN, `expected plain JSON nested at most ${SECTION_PLAIN.maxDepth} deep`),
});

/** One tool of one link. `unproven`: the prover could not decide (reason), reported, never gated. */
export const LinkToolSchema = record({
  tool: str,
  verdict: oneOf(VERDICTS),
  /** The parameter the verdict is about (wider / unproven), when one is. */
  param: str.optional(),
  proof: str.optional(), // narrower / unchanged / wider
  reason: str.optional(), // unproven
  witness: LinkWitnessSchema.optional(), // wider
});

export const MonotonicityLinkSchema = record({
  scenario: str,
  /** `run`: a link the run builds (org → p, p → q); `token`: a link inside a `warrant: {from:}` chain. */
  origin: oneOf(['run', 'token']),
  /** e.g. `p → q (task_scoped)`, or `tnu_wrt_… → tnu_wrt_…` for a token's link. */
  link: str,
  /** The worst of the tools: wider, then unproven, then narrower, then unchanged. */
  verdict: oneOf(VERDICTS),
  /** Tenuo's own attenuation rule (attenuate.ts) accepted the link; with its refusal otherwise. */
  tenuo_accepted: flag,
  tenuo_reason: str.optional(),
  /** FILE:LINE:COL of the grant (a run's link) or the `from:` key (a token's). */
  source: str.optional(),
  tools: many(LinkToolSchema),
});

/** A link Tenuo accepts that the prover refutes: it fails the gate unless `approved` (allow-widening, or the approval label: `approved_by`). */
export const MonotonicityFindingSchema = record({
  scenario: str,
  link: str,
  tool: str,
  param: str.optional(),
  witness: LinkWitnessSchema,
  proof: str,
  tenuo_accepted: flag,
  approved: flag,
  source: str.optional(),
  /** The pull request's approval label, when it (not allow-widening) approved this escape (docs/action.md). */
  approved_by: str.optional(),
});

export const MonotonicitySectionSchema = record({
  links_total: count,
  proven: count, // narrower or unchanged
  escapes: count, // findings, approved or not
  unproven: count,
  links: many(MonotonicityLinkSchema),
  findings: many(MonotonicityFindingSchema),
});

/** What report-only mode reads of a file's section: its findings (the rest is not shown). */
export const MonotonicityFindingsSchema = record({ findings: many(MonotonicityFindingSchema) });

export type LinkWitness = z.infer<typeof LinkWitnessSchema>;
export type LinkTool = z.infer<typeof LinkToolSchema>;
export type MonotonicityLink = z.infer<typeof MonotonicityLinkSchema>;
export type MonotonicityFinding = z.infer<typeof MonotonicityFindingSchema>;
export type MonotonicitySection = z.infer<typeof MonotonicitySectionSchema>;
