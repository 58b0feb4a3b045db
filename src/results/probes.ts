/**
 * The `probes` part of the results JSON (docs/results.md), in its contract's key order. Defined here, beside
 * the Results type, so that the renderers read it without depending on the analysis that fills it
 * (src/analysis/probes/). Report-only mode does not read it back (it cannot be checked against the
 * trials), so its bounds are the frame's.
 */
import type * as z from 'zod';
import type { Plain } from '../world/plain.js';
import { count, list, oneOf, plain, record, text } from './checks.js';
import { FRAME_BOUNDS, SECTION_PLAIN } from './limits.js';

const str = text(FRAME_BOUNDS.maxString);
const value = plain<Plain>(SECTION_PLAIN, `expected plain JSON nested at most ${SECTION_PLAIN.maxDepth} deep`);

export const ProbeEscapeSchema = record({
  scenario: str,
  tool: str,
  param: str,
  /** The constraint as Tenuo describes it, e.g. `Subpath('/app/config')`. */
  constraint: str,
  /** The probe family (`separator_confusion`, `address_list`, `shell_assignment`, …). */
  family: str,
  /** The probe's argument value: what the authorizer allowed. */
  value,
  /** The same argument as the environment really used it (resolved path, argv, canonical URL, mailboxes, number). */
  canonical: value,
  /** One sentence: what really happened. */
  effect: str,
  /** `PARAM: CONSTRAINT` (scenario YAML) that denies this probe and still allows every legitimate call. */
  fix: str,
  /** FILE:LINE:COL of the grant (the tool's key under `warrant:`). */
  source: str.optional(),
  /** With a baseline comparison: `new`, or `on_base` when the base has the same hole (docs/guard.md). */
  baseline_state: oneOf(['new', 'on_base']).optional(),
});

export const ProbesSectionSchema = record({
  /** Probes sent through the chain and the environment. */
  total: count,
  escaped: count,
  escapes: list(ProbeEscapeSchema, FRAME_BOUNDS.maxItems),
});

export type ProbeEscape = z.infer<typeof ProbeEscapeSchema>;
export type ProbesSection = z.infer<typeof ProbesSectionSchema>;
