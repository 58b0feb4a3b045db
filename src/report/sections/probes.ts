/**
 * "Policy holes" (docs/analyses.md): the probes that a task_scoped warrant allowed although the effect the
 * environment really produced is one the same constraint denies. First in the report when anything
 * escaped: a green matrix with holes in the policy is not green.
 *
 * Escapes of one grant and one family are one item (the first probe shown, the rest counted), so a
 * hole reads as one finding, not as twenty. Everything here comes from scenario files or a results
 * file: all of it is escaped, and long values are cut.
 */
import type { ProbeEscape, ProbesSection } from '../../bench/results-probes.js';
import type { Escapers } from './gate.js';

const MAX_ITEMS = 30; // grouped findings shown; the rest are counted
const MAX_VALUE = 200; // characters of a probe value or canonical form

function cut(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}…`;
}

function shown(v: unknown): string {
  return cut(typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) ?? 'null', MAX_VALUE);
}

interface Group {
  readonly first: ProbeEscape;
  count: number;
}

function groups(escapes: readonly ProbeEscape[]): Group[] {
  const byKey = new Map<string, Group>();
  for (const e of escapes) {
    const key = JSON.stringify([e.scenario, e.tool, e.param, e.family]);
    const g = byKey.get(key);
    if (g) g.count++;
    else byKey.set(key, { first: e, count: 1 });
  }
  return [...byKey.values()];
}

function item(g: Group, esc: Escapers): string {
  const e = g.first;
  const where = e.source ? ` (${esc.text(e.source)})` : '';
  const more = g.count > 1 ? ` (${g.count} probes of this family escaped; one shown)` : '';
  return [
    `- **${esc.text(e.scenario)}**: \`${esc.code(`${e.tool}.${e.param}`)}\` \`${esc.code(cut(e.constraint, MAX_VALUE))}\`${where}, ${esc.text(e.family.replace(/_/g, ' '))}${more}`,
    `  - allowed: \`${esc.code(shown(e.value))}\``,
    `  - really: ${esc.text(cut(e.effect, 2 * MAX_VALUE))} (\`${esc.code(shown(e.canonical))}\`)`,
    `  - close it: \`${esc.code(cut(e.fix, 2 * MAX_VALUE))}\``,
  ].join('\n');
}

const isStr = (x: unknown): x is string => typeof x === 'string';
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/**
 * The results' `probes` part when it has the contract's shape, else undefined: a results file is
 * untrusted (report-only mode), and a malformed part is not rendered rather than half rendered.
 */
export function probesOf(r: object): ProbesSection | undefined {
  const p = (r as Record<string, unknown>).probes;
  if (typeof p !== 'object' || p === null) return undefined;
  const { total, escaped, escapes } = p as Record<string, unknown>;
  if (!isCount(total) || !isCount(escaped) || !Array.isArray(escapes) || escapes.length !== escaped) return undefined;
  const ok = escapes.every((e: unknown) => {
    if (typeof e !== 'object' || e === null) return false;
    const x = e as Record<string, unknown>;
    return [x.scenario, x.tool, x.param, x.constraint, x.family, x.effect, x.fix].every(isStr) && (x.source === undefined || isStr(x.source));
  });
  return ok ? (p as ProbesSection) : undefined;
}

/** The section, or '' when no probe escaped. */
export function renderProbesSection(p: ProbesSection, esc: Escapers): string {
  if (p.escaped === 0) return '';
  const all = groups(p.escapes);
  const lines = [
    '### ⚠️ Policy holes',
    '',
    `${p.escaped} of ${p.total} probes escaped: the warrant allowed them, but what the tool really did ` +
      'is something the same constraint denies. The scripted attacks do not try these; an attacker would.',
    '',
    ...all.slice(0, MAX_ITEMS).map((g) => item(g, esc)),
  ];
  if (all.length > MAX_ITEMS) lines.push(`- … and ${all.length - MAX_ITEMS} more (see \`probes\` in the results JSON)`);
  return lines.join('\n');
}

/** The console table's line. */
export function probesLine(p: ProbesSection): string {
  return `Probes: ${p.total} run, ${p.escaped} escaped${p.escaped > 0 ? ` (${groups(p.escapes).length} holes: see the report's Policy holes)` : ''}`;
}

/** One warning annotation per hole (grant × family), at the grant's line, for the action. */
export function probeWarnings(p: ProbesSection): Array<{ title: string; message: string; source?: string }> {
  return groups(p.escapes).map(({ first: e, count }) => ({
    title: `delegation-bench policy hole: ${e.scenario} ${e.tool}.${e.param}`,
    message:
      `${e.constraint} allowed ${shown(e.value)} (${e.family.replace(/_/g, ' ')}${count > 1 ? `, ${count} probes` : ''}); ` +
      `${cut(e.effect, 2 * MAX_VALUE)}. Close it with ${cut(e.fix, 2 * MAX_VALUE)}`,
    ...(e.source === undefined ? {} : { source: e.source }),
  }));
}
