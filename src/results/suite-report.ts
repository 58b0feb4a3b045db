/**
 * The report per suite (docs/results.md#suites): for each `suite:` the scenarios name, how many ran,
 * what its manifest says was skipped, and the summary per condition over its trials alone.
 */
import { CONDITIONS } from '../model/condition.js';
import { count, keyedBy, list, record, text } from './checks.js';
import { FRAME_BOUNDS } from './limits.js';
import type * as z from 'zod';
import type { ZodType } from 'zod';

const str = text(FRAME_BOUNDS.maxString);

export const SkippedCaseSchema = record({ name: str, reason: str });
/** A pair whose policy cannot bound a total (docs/results.md#suites): about the policy, not the enforcement. */
export const SufficiencyFindingSchema = record({ scenario: str, finding: str });

/** `summary`: the ConditionSummarySchema of results.ts, passed in (it lives there). */
export function suiteReportSchema<S extends ZodType>(summary: S) {
  return record({
    suite: str,
    scenarios: count, // the suite's scenarios that ran
    source: str.optional(), // the manifest's `source`
    imported: count.optional(), // the manifest's `imported`: scenario files the importer wrote
    skipped: list(SkippedCaseSchema, FRAME_BOUNDS.maxItems).optional(), // the manifest's skipped cases; absent without a manifest
    manifest: str.optional(), // the manifest's file, as the run named it
    summary: keyedBy(CONDITIONS, summary),
    // Added last (an optional key: readers of version 2 ignore it). The manifest's findings for the pairs that ran.
    policy_sufficiency: list(SufficiencyFindingSchema, FRAME_BOUNDS.maxItems).optional(),
  });
}

export type SkippedCaseInfo = z.infer<typeof SkippedCaseSchema>;
