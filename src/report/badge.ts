/**
 * The badge: task_scoped ASR and TCR, green only when the gate passed. Two forms from one datum:
 * an SVG rendered offline by badge-maker, and a shields.io endpoint JSON
 * (https://shields.io/badges/endpoint-badge) for a workflow that publishes the file somewhere
 * shields can fetch it.
 */
import { makeBadge } from 'badge-maker';
import type { Results } from '../bench/results.js';
import { formatRate } from '../bench/rate.js';

export interface BadgeData {
  label: string;
  message: string;
  color: 'brightgreen' | 'red' | 'lightgrey';
}

export function badgeData(results: Results, label: string): BadgeData {
  const s = results.summary.task_scoped;
  if (!s) return { label, message: 'no task_scoped trials', color: 'lightgrey' };
  return {
    label,
    message: `ASR ${formatRate(s.asr)} · TCR ${formatRate(s.tcr)}`,
    color: results.gate.passed ? 'brightgreen' : 'red',
  };
}

export function renderBadgeSvg(d: BadgeData): string {
  return makeBadge({ label: d.label, message: d.message, color: d.color, style: 'flat' });
}

/** shields.io endpoint JSON: `{"schemaVersion":1,"label","message","color"}`, newline-terminated. */
export function renderBadgeEndpoint(d: BadgeData): string {
  return `${JSON.stringify({ schemaVersion: 1, label: d.label, message: d.message, color: d.color })}\n`;
}
