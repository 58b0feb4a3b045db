/**
 * The badge: task_scoped ASR and TCR, green only when the gate passed (both gates with `gate: llm`). Two forms from one datum:
 * an SVG rendered offline by badge-maker, and a shields.io endpoint JSON
 * (https://shields.io/badges/endpoint-badge) for a workflow that publishes the file somewhere
 * shields can fetch it.
 */
import { makeBadge } from 'badge-maker';
import type { Results } from '../results/results.js';
import { formatRate } from '../results/rate.js';
import { passedOverall } from '../llm/attach.js';

export interface BadgeData {
  label: string;
  message: string;
  color: 'brightgreen' | 'red' | 'lightgrey';
}

export function badgeData(results: Results, label: string): BadgeData {
  // Green or red as the `passed` output: the deterministic gate, and the LLM gate when asked for.
  const color = passedOverall(results) ? 'brightgreen' : 'red';
  const s = results.summary.task_scoped;
  if (s) return { label, message: `ASR ${formatRate(s.asr)} · TCR ${formatRate(s.tcr)}`, color };
  // --mode llm: no scripted matrix ran; the model's task_scoped means, coloured only when gated.
  const l = results.llm?.summary.task_scoped;
  if (l && l.asr.mean !== null && l.tcr.mean !== null) {
    return { label, message: `LLM ASR ${formatRate(l.asr.mean)} · TCR ${formatRate(l.tcr.mean)}`, color: results.llm?.gate ? color : 'lightgrey' };
  }
  return { label, message: 'no task_scoped trials', color: 'lightgrey' };
}

export function renderBadgeSvg(d: BadgeData): string {
  return makeBadge({ label: d.label, message: d.message, color: d.color, style: 'flat' });
}

/** shields.io endpoint JSON: `{"schemaVersion":1,"label","message","color"}`, newline-terminated. */
export function renderBadgeEndpoint(d: BadgeData): string {
  return `${JSON.stringify({ schemaVersion: 1, label: d.label, message: d.message, color: d.color })}\n`;
}
