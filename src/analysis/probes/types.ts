/**
 * Probes (docs/analyses.md): what the analysis hands to the pipeline and writes in the results JSON.
 * Plain JSON data only: parts cross worker threads by structured clone.
 */

import type { ParamKind } from '../../model/scenario.js';

export type { ParamKind };
export const PARAM_KINDS: readonly ParamKind[] = ['path', 'shell', 'url', 'email_list', 'number', 'text'];

/** The probe families, each aimed at one way the warrant's view and the real effect can differ. */
export type ProbeFamily =
  | 'separator_confusion'
  | 'traversal'
  | 'encoding'
  | 'case'
  | 'nul'
  | 'trailing_dot'
  | 'numeric_edge'
  | 'type_confusion'
  | 'address_list'
  | 'display_name'
  | 'url_userinfo'
  | 'ip_spelling'
  | 'unspecified_address'
  | 'shell_assignment'
  | 'program_path'
  | 'shell_quoting'
  | 'shell_metacharacter';

/** The analyses' switches for probes (CLI `--no-probes`, `--max-escapes N`; action `probes`, `max-escapes`). */
export interface ProbeOptions {
  enabled: boolean;
  /** Escapes allowed before the gate fails with kind `probe_escape`; undefined: reported, never gated. */
  maxEscapes?: number;
}

export const DEFAULT_PROBE_OPTIONS: ProbeOptions = { enabled: true };

import type { ProbeEscape as ResultEscape, ProbesSection } from '../../results/probes.js';

/** One escape; `family` is one of ProbeFamily. */
export interface ProbeEscape extends ResultEscape {
  family: ProbeFamily;
}

export type { ProbesSection };

/** One scenario's probes: what the per-scenario function returns. */
export interface ProbesPart {
  scenario: string;
  total: number;
  escapes: ProbeEscape[];
}
