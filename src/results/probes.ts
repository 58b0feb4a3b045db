/**
 * The `probes` part of the results JSON (docs/results.md), in its contract's key order. Defined here, beside
 * the Results type, so that the renderers read it without depending on the analysis that fills it
 * (src/analysis/probes/).
 */
import type { Plain } from '../world/plain.js';

export interface ProbeEscape {
  scenario: string;
  tool: string;
  param: string;
  /** The constraint as Tenuo describes it, e.g. `Subpath('/app/config')`. */
  constraint: string;
  /** The probe family (`separator_confusion`, `address_list`, `shell_assignment`, …). */
  family: string;
  /** The probe's argument value: what the authorizer allowed. */
  value: Plain;
  /** The same argument as the environment really used it (resolved path, argv, canonical URL, mailboxes, number). */
  canonical: Plain;
  /** One sentence: what really happened. */
  effect: string;
  /** `PARAM: CONSTRAINT` (scenario YAML) that denies this probe and still allows every legitimate call. */
  fix: string;
  /** FILE:LINE:COL of the grant (the tool's key under `warrant:`). */
  source?: string;
}

export interface ProbesSection {
  /** Probes sent through the chain and the environment. */
  total: number;
  escaped: number;
  escapes: ProbeEscape[];
}
