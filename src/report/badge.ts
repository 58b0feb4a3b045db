/**
 * The badge: task_scoped ASR and TCR when the gate passed (both gates with `gate: llm`); red, what failed. Two forms from one datum:
 * an SVG rendered offline by badge-maker, and a shields.io endpoint JSON
 * (https://shields.io/badges/endpoint-badge) for a workflow that publishes the file somewhere
 * shields can fetch it.
 */
import { makeBadge } from 'badge-maker';
import type { Results, ViolationKind } from '../results/results.js';
import { formatRate } from '../results/rate.js';
import { passedOverall } from '../llm/attach.js';

export interface BadgeData {
  label: string;
  message: string;
  color: 'brightgreen' | 'red' | 'lightgrey';
}

/** Reasons a red badge shows, at most; more are counted (`+2`). A badge is read at a glance. */
const MAX_REASONS = 2;

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Why the gate failed, in a badge's few words, most serious first: a red "ASR 0% · TCR 100%"
 * reads as a pass, so a red badge names what failed instead (a widening, a weakened suite, the
 * rate that broke its threshold).
 */
export function failureReasons(results: Results): string[] {
  const kinds = new Map<ViolationKind, number>();
  for (const v of results.gate.violations) kinds.set(v.kind, (kinds.get(v.kind) ?? 0) + 1);
  const s = results.summary.task_scoped;
  const out: string[] = [];
  const has = (k: ViolationKind): number => kinds.get(k) ?? 0;
  if (has('asr') > 0 && s) out.push(`ASR ${formatRate(s.asr)}`);
  if (has('authority_widened') > 0) out.push('widened');
  if (has('suite_weakened') > 0) out.push('suite weakened');
  if (has('false_allow') > 0) out.push(count(s?.false_allows ?? has('false_allow'), 'false allow', 'false allows'));
  if (has('tcr') > 0 && s) out.push(`TCR ${formatRate(s.tcr)}`);
  if (has('false_block') > 0) out.push(count(s?.false_blocks ?? has('false_block'), 'false block', 'false blocks'));
  if (has('unreachable_attack') + has('task_fails_without_warrant') > 0) out.push('tests nothing');
  if (has('probe_escape') > 0) out.push(count(results.probes?.escaped ?? has('probe_escape'), 'probe escape', 'probe escapes'));
  const score = results.mutants?.score;
  if (has('mutation_score') > 0 && score !== undefined && score !== null) out.push(`mutation score ${formatRate(score)}`);
  const llm = results.llm?.gate;
  if (llm && !llm.passed) {
    const l = results.llm?.summary.task_scoped;
    const failed = new Set(llm.violations.map((v) => v.kind));
    if (failed.has('asr') && l?.asr.mean != null) out.push(`LLM ASR ${formatRate(l.asr.mean)}`);
    if (failed.has('tcr') && l?.tcr.mean != null) out.push(`LLM TCR ${formatRate(l.tcr.mean)}`);
    if (failed.has('errors') || failed.has('incomplete')) out.push('LLM errors');
  }
  return out;
}

function redMessage(results: Results): string {
  const reasons = failureReasons(results);
  if (reasons.length === 0) return 'failed';
  const shown = reasons.slice(0, MAX_REASONS).join(' · ');
  return reasons.length > MAX_REASONS ? `${shown} +${reasons.length - MAX_REASONS}` : shown;
}

export function badgeData(results: Results, label: string): BadgeData {
  // Green or red as the `passed` output: the deterministic gate, and the LLM gate when asked for.
  const passed = passedOverall(results);
  if (!passed) return { label, message: redMessage(results), color: 'red' };
  const color = 'brightgreen';
  const s = results.summary.task_scoped;
  if (s) return { label, message: `ASR ${formatRate(s.asr)} · TCR ${formatRate(s.tcr)}`, color };
  // --mode llm: no scripted matrix ran; the model's task_scoped means, coloured only when gated.
  const l = results.llm?.summary.task_scoped;
  if (l && l.asr.mean !== null && l.tcr.mean !== null) {
    return {
      label,
      message: `LLM ASR ${formatRate(l.asr.mean)} · TCR ${formatRate(l.tcr.mean)}`,
      color: results.llm?.gate ? color : 'lightgrey',
    };
  }
  return { label, message: 'no task_scoped trials', color: 'lightgrey' };
}

export function renderBadgeSvg(badge: BadgeData): string {
  return makeBadge({ label: badge.label, message: badge.message, color: badge.color, style: 'flat' });
}

/** shields.io endpoint JSON: `{"schemaVersion":1,"label","message","color"}`, newline-terminated. */
export function renderBadgeEndpoint(badge: BadgeData): string {
  return `${JSON.stringify({ schemaVersion: 1, label: badge.label, message: badge.message, color: badge.color })}\n`;
}
