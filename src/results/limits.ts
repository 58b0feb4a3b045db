/**
 * Bounds on a results file read back (docs/results.md, "Reading an untrusted results file"): a run
 * of 10,000 scenarios × 3 conditions × 20 calls is about 40 MiB. Each part of the file has its own
 * bounds, as it had when it was checked by hand: the matrix, the baseline comparison and
 * monotonicity findings (shown as the file says), and the LLM section (a shard from elsewhere).
 */
import type { Bounds } from './checks.js';
import { MAX_CALLS, MAX_DEPTH } from '../scenario/limits.js';

export const MAX_BYTES = 64 * 1024 * 1024;
export const MAX_TRIALS = 100_000;
export const MAX_CALLS_PER_TRIAL = MAX_CALLS;
export const MAX_CALLS_TOTAL = 1_000_000;
/** JSON nesting of a call's arguments: renderers stringify them recursively. */
export const MAX_ARGS_DEPTH = MAX_DEPTH;
/** `no_baseline`: one reason (docs/guard.md#which-base). */
export const MAX_NO_BASELINE = 2_000;

/** The matrix and everything beside it that has no bounds of its own. */
export const FRAME_BOUNDS: Bounds = { maxString: 100_000, maxItems: 1_000_000 };
/** The baseline comparison and the monotonicity findings: shown as the file says them. */
export const SECTION_BOUNDS: Bounds = { maxString: 100_000, maxItems: 10_000 };
/** Plain data inside a section (a counterexample's arguments, an effect). */
export const SECTION_PLAIN = { maxDepth: 32, maxString: SECTION_BOUNDS.maxString, maxItems: SECTION_BOUNDS.maxItems } as const;
/** The LLM section: transcripts hold whole conversations. */
export const LLM_BOUNDS: Bounds = { maxString: 1_000_000, maxItems: 1_000_000 };
