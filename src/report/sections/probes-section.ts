/**
 * "Policy holes": the probes that a task_scoped warrant allowed although the effect the
 * environment really produced is one the same constraint denies. Right after the verdict and any
 * changes against the base: a green matrix with holes in the policy is not green.
 *
 * One entry per constraint kind × cause (probe-causes.ts): what Tenuo reads against what the tool
 * does, one example, one fix, and the grants it hits at their FILE:LINE. So twenty grants with the
 * same Subpath hole read as one finding. Every escape is listed in a collapsed section of its own
 * (renderProbeEscapesSection), after the tables.
 *
 * Everything here comes from scenario files or a results file: prose is escaped, values are shown
 * in code spans that copy exactly as they ran (escape.ts), and every list is bounded.
 */
import type { ProbeEscape, ProbesSection } from '../../results/probes.js';
import { plural } from '../../lib/plural.js';
import { constraintYaml } from '../../scenario/constraint-to-yaml.js';
import { familyCheck } from '../../analysis/probes/fix.js';
import { PARAM_KINDS, type ProbeFamily } from '../../analysis/probes/types.js';
import { codeSpan, valueText } from '../escape.js';
import { causeOf, mismatchOf, type Cause } from './probe-causes.js';
import type { Escapers } from '../escape.js';

const MAX_CAUSES = 30; // entries shown; the rest are counted
const MAX_GRANTS = 25; // grants named per entry
const MAX_INSTANCES = 300; // escapes listed in the collapsed section
const MAX_VALUE = 200; // characters of a value, constraint or fix

/** A prefix of `s` in a code span, and an ellipsis outside it when cut: what is copied is exact. */
function exact(s: string, max = MAX_VALUE): string {
  return s.length <= max ? codeSpan(s) : `${codeSpan(s.slice(0, max))}…`;
}

/** `Subpath` of `Subpath('/src')`: the constraint's kind as Tenuo names it. */
function constraintKind(description: string): string {
  return /^([A-Za-z_]+)\(/.exec(description)?.[1] ?? description;
}

function words(family: string): string {
  return family.replace(/_/g, ' ');
}

interface Grant {
  readonly first: ProbeEscape;
  probes: number;
  readonly fixes: string[];
}

interface Hole {
  readonly kind: string;
  readonly cause: Cause;
  readonly families: string[];
  readonly grants: Map<string, Grant>;
  probes: number;
}

/** Escapes by constraint kind × cause, then by grant; both in order of first appearance. */
function holesOf(escapes: readonly ProbeEscape[]): Hole[] {
  const holes = new Map<string, Hole>();
  for (const e of escapes) {
    const kind = constraintKind(e.constraint);
    const cause = causeOf(e.family);
    const key = JSON.stringify([kind, cause.id]);
    let hole = holes.get(key);
    if (!hole) {
      hole = { kind, cause, families: [], grants: new Map(), probes: 0 };
      holes.set(key, hole);
    }
    hole.probes++;
    if (!hole.families.includes(e.family)) hole.families.push(e.family);
    const grantKey = JSON.stringify([e.scenario, e.tool, e.param]);
    const grant = hole.grants.get(grantKey);
    if (grant) {
      grant.probes++;
      if (!grant.fixes.includes(e.fix)) grant.fixes.push(e.fix);
    } else hole.grants.set(grantKey, { first: e, probes: 1, fixes: [e.fix] });
  }
  return [...holes.values()];
}

/**
 * The one check that closes the hole in every grant, when every grant's fix is its own constraint
 * with that check added (`PARAM: {all: [GRANT, CHECK]}`); undefined when the fixes differ.
 */
function sharedCheck(hole: Hole): string | undefined {
  const fixes = [...hole.grants.values()].flatMap((g) => g.fixes);
  for (const family of hole.families) {
    for (const kind of PARAM_KINDS) {
      const check = familyCheck(kind, family as ProbeFamily);
      if (check === undefined) continue;
      const yaml = constraintYaml(check);
      if (fixes.every((f) => /^[^:]+: \{all: \[/.test(f) && f.endsWith(`, ${yaml}]}`))) return yaml;
    }
  }
  return undefined;
}

function grantLine(g: Grant, withFix: boolean, esc: Escapers): string {
  const e = g.first;
  const where = e.source === undefined ? '' : `${codeSpan(e.source)} `;
  const probes = g.probes > 1 ? ` (${plural(g.probes, 'probe')})` : '';
  const fix = withFix ? `: ${g.fixes.map((f) => exact(f, 2 * MAX_VALUE)).join(', or for other probes ')}` : '';
  return `  - ${where}**${esc.text(e.scenario)}** ${codeSpan(`${e.tool}.${e.param}`)} ${exact(e.constraint)}${probes}${fix}`;
}

function holeEntry(hole: Hole, n: number, esc: Escapers): string {
  const grants = [...hole.grants.values()];
  const e = grants[0]!.first;
  const check = sharedCheck(hole);
  const fix = check
    ? `- Fix: add ${codeSpan(check)} to each grant’s constraint, as in ${exact(e.fix, 2 * MAX_VALUE)}.`
    : '- Fix: each grant’s own, on its line below (it denies these probes and still allows every legitimate call).';
  const lines = [
    `**${n}. ${esc.text(hole.kind)} × ${esc.text(hole.families.map(words).join(', '))}**: ` +
      `${plural(hole.probes, 'probe')} escaped through ${plural(grants.length, 'grant')}.`,
    `- ${mismatchOf(hole.cause, hole.kind)}`,
    `- For example, ${codeSpan(`${e.tool}.${e.param}`)} of **${esc.text(e.scenario)}** allowed ${exact(valueText(e.value))}; ` +
      `the tool used ${exact(valueText(e.canonical))}.`,
    fix,
    `- Grants it hits${check ? '' : ', each with its fix'}:`,
    ...grants.slice(0, MAX_GRANTS).map((g) => grantLine(g, check === undefined, esc)),
  ];
  if (grants.length > MAX_GRANTS)
    lines.push(`  - … and ${plural(grants.length - MAX_GRANTS, 'more grant')} (all under ${codeSpan('probes')} in the results JSON)`);
  return lines.join('\n');
}

const isStr = (x: unknown): x is string => typeof x === 'string';
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/**
 * The results' `probes` part when it has the contract's shape, else undefined: a results file is
 * untrusted (report-only mode), and a malformed part is not rendered rather than half rendered.
 */
export function probesOf(results: object): ProbesSection | undefined {
  const p = (results as Record<string, unknown>).probes;
  if (typeof p !== 'object' || p === null) return undefined;
  const { total, escaped, escapes } = p as Record<string, unknown>;
  if (!isCount(total) || !isCount(escaped) || !Array.isArray(escapes) || escapes.length !== escaped) return undefined;
  const ok = escapes.every((e: unknown) => {
    if (typeof e !== 'object' || e === null) return false;
    const x = e as Record<string, unknown>;
    return (
      [x.scenario, x.tool, x.param, x.constraint, x.family, x.effect, x.fix].every(isStr) && (x.source === undefined || isStr(x.source))
    );
  });
  return ok ? (p as ProbesSection) : undefined;
}

/** The section, or '' when no probe escaped. */
export function renderProbesSection(probes: ProbesSection, esc: Escapers): string {
  if (probes.escaped === 0) return '';
  const holes = holesOf(probes.escapes);
  const lines = [
    `### ⚠️ Policy holes: ${plural(holes.length, 'cause')}`,
    '',
    `${probes.escaped} of ${plural(probes.total, 'probe')} escaped through ${plural(grantFamilies(probes.escapes).length, 'hole')} ` +
      '(a grant × a probe family): allowed by the warrant, though what the tool really did is something the same ' +
      'constraint denies. The scripted attacks do not try these; an attacker would. Every escape is listed under ' +
      '“Probe escapes” below.',
  ];
  holes.slice(0, MAX_CAUSES).forEach((h, i) => lines.push('', holeEntry(h, i + 1, esc)));
  if (holes.length > MAX_CAUSES)
    lines.push('', `… and ${plural(holes.length - MAX_CAUSES, 'more cause')} (see ${codeSpan('probes')} in the results JSON).`);
  return lines.join('\n');
}

/** Every escape, one line each, collapsed: the instances behind the Policy holes entries. */
export function renderProbeEscapesSection(probes: ProbesSection, esc: Escapers): string {
  if (probes.escaped === 0) return '';
  const lines = probes.escapes.slice(0, MAX_INSTANCES).map((e) => {
    const grant = codeSpan(`${e.tool}.${e.param}`);
    return `- **${esc.text(e.scenario)}** ${grant} ${esc.text(words(e.family))}: ${exact(valueText(e.value))} → ${exact(valueText(e.canonical))}`;
  });
  if (probes.escapes.length > MAX_INSTANCES)
    lines.push(`- … and ${plural(probes.escapes.length - MAX_INSTANCES, 'more escape')} (see ${codeSpan('probes')} in the results JSON)`);
  return [
    '### Probe escapes',
    '',
    `<details><summary>${plural(probes.escaped, 'escape')}: the value the warrant allowed → what the tool used</summary>`,
    '',
    ...lines,
    '',
    '</details>',
  ].join('\n');
}

/** Escapes grouped by grant × family: one annotation each, and the console's count of holes. */
function grantFamilies(escapes: readonly ProbeEscape[]): Array<{ first: ProbeEscape; count: number }> {
  const byKey = new Map<string, { first: ProbeEscape; count: number }>();
  for (const e of escapes) {
    const key = JSON.stringify([e.scenario, e.tool, e.param, e.family]);
    const g = byKey.get(key);
    if (g) g.count++;
    else byKey.set(key, { first: e, count: 1 });
  }
  return [...byKey.values()];
}

function shown(v: unknown): string {
  const s = JSON.stringify(v) ?? 'null';
  return s.length <= MAX_VALUE ? s : `${s.slice(0, MAX_VALUE)}…`;
}

function cut(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}…`;
}

/** The console table's line. */
export function probesLine(probes: ProbesSection): string {
  return `Probes: ${probes.total} run, ${probes.escaped} escaped${probes.escaped > 0 ? ` (${plural(grantFamilies(probes.escapes).length, 'hole')}: see the report's Policy holes)` : ''}`;
}

/** One warning annotation per hole (grant × family), at the grant's line, for the action. */
export function probeWarnings(probes: ProbesSection): Array<{ title: string; message: string; source?: string }> {
  return grantFamilies(probes.escapes).map(({ first: e, count }) => ({
    title: `delegation-bench policy hole: ${e.scenario} ${e.tool}.${e.param}`,
    message:
      `${e.constraint} allowed ${shown(e.value)} (${words(e.family)}${count > 1 ? `, ${count} probes` : ''}); ` +
      `${cut(e.effect, 2 * MAX_VALUE)}. Close it with ${cut(e.fix, 2 * MAX_VALUE)}`,
    ...(e.source === undefined ? {} : { source: e.source }),
  }));
}
