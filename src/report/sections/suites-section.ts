/**
 * The report per suite (docs/results.md#suites), in markdown and in the console table: for each
 * suite, the scenarios (pairs) that ran, the cases its manifest says were skipped, and per
 * condition the ASR, TCR, calls blocked and, where a judge measures it, the damage. Suite names and
 * skip reasons come from files (a results file in report-only mode), so markdown escapes them.
 */
import { escapeControls } from '../../lib/control-chars.js';
import { plural } from '../../lib/plural.js';
import { formatRate } from '../../results/rate.js';
import type { ConditionSummary, Results, SuiteReport } from '../../results/results.js';

/** `36000` → `36,000`; `1234.567` → `1,234.57`: whole digits grouped, at most two decimals. */
export function formatDamage(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  const [whole, fraction] = Math.abs(rounded).toString().split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Skip reasons shown per suite: an importer's reasons may name each task, so there can be dozens. */
const MAX_REASONS = 3;

function measuresDamage(suites: readonly SuiteReport[]): boolean {
  return suites.some((s) => Object.values(s.summary).some((c) => c?.damage !== undefined));
}

/** How many cases the manifest lists as skipped, or `-` when the suite has no manifest. */
function skippedText(s: SuiteReport): string {
  return s.skipped === undefined ? '-' : String(s.skipped.length);
}

/** Pairs named per finding: an import can have a finding in dozens of pairs; the manifest names each. */
const MAX_PAIRS = 3;

/**
 * The policy-sufficiency line: pairs whose policy lets an attack's total through as many calls
 * within a per-call cap. A finding about the policy, apart from the enforcement figures above it.
 */
function sufficiencyNote(s: SuiteReport, esc: (text: string) => string): string | undefined {
  const findings = s.policy_sufficiency ?? [];
  if (findings.length === 0) return undefined;
  const byText = new Map<string, string[]>();
  for (const f of findings) {
    const pairs = byText.get(f.finding);
    if (pairs === undefined) byText.set(f.finding, [f.scenario]);
    else pairs.push(f.scenario);
  }
  const ranked = [...byText].sort((a, b) => b[1].length - a[1].length);
  const shown = ranked.slice(0, MAX_REASONS).map(([text, pairs]) => {
    const named = pairs.slice(0, MAX_PAIRS).map(esc).join(', ');
    return `${pairs.length} (${esc(text)}; ${named}${pairs.length > MAX_PAIRS ? ', …' : ''})`;
  });
  const rest = ranked.slice(MAX_REASONS).reduce((sum, [, pairs]) => sum + pairs.length, 0);
  const more = rest === 0 ? '' : `, and ${rest} with ${plural(ranked.length - MAX_REASONS, 'other finding')}`;
  const n = findings.length;
  // Read from suite.json, as the import wrote it (a change may edit it): said so, apart from what this run measured.
  return `${esc(s.suite)}: policy sufficiency (suite.json, from the import), apart from enforcement: per-call constraints cannot bound a total in ${n} of the ${s.scenarios} pairs: ${shown.join(', ')}${more}`;
}

/** Why cases were skipped, grouped by reason in first-seen order, and imported files that did not run. */
function notes(s: SuiteReport, esc: (text: string) => string): string[] {
  const out: string[] = [];
  // Where the suite comes from and, for an import, which grants its task_scoped condition ran.
  if (s.source !== undefined) out.push(`${esc(s.suite)}: source (suite.json): ${esc(s.source)}`);
  const sufficiency = sufficiencyNote(s, esc);
  if (sufficiency !== undefined) out.push(sufficiency);
  const reasons = new Map<string, number>();
  for (const k of s.skipped ?? []) reasons.set(k.reason, (reasons.get(k.reason) ?? 0) + 1);
  if (reasons.size > 0) {
    // The most frequent reasons first (ties in first-seen order); the rest counted, the manifest names each.
    const ranked = [...reasons].sort((a, b) => b[1] - a[1]);
    const shown = ranked.slice(0, MAX_REASONS).map(([reason, n]) => `${n} (${esc(reason)})`);
    const rest = ranked.slice(MAX_REASONS).reduce((sum, [, n]) => sum + n, 0);
    const more =
      rest === 0 ? '' : `, and ${rest} for ${ranked.length - MAX_REASONS} other reasons (${esc(s.manifest ?? 'the manifest')} lists each)`;
    out.push(`${esc(s.suite)}: skipped ${shown.join(', ')}${more}`);
  }
  if (s.imported !== undefined && s.imported !== s.scenarios) {
    out.push(`${esc(s.suite)}: ${s.scenarios} of the ${s.imported} imported scenarios ran`);
  }
  return out;
}

interface Row {
  readonly suite: string;
  readonly pairs: string;
  readonly skipped: string;
  readonly condition: string;
  readonly asr: string;
  readonly tcr: string;
  readonly blocked: string;
  readonly damage: string;
}

function rows(results: Results, esc: (text: string) => string): Row[] {
  const out: Row[] = [];
  for (const s of results.suites ?? []) {
    results.conditions.forEach((c, i) => {
      const sum: ConditionSummary | undefined = s.summary[c];
      if (sum === undefined) return;
      out.push({
        suite: i === 0 ? esc(s.suite) : '',
        pairs: i === 0 ? String(s.scenarios) : '',
        skipped: i === 0 ? skippedText(s) : '',
        condition: c,
        asr: formatRate(sum.asr),
        tcr: formatRate(sum.tcr),
        blocked: String(sum.calls_blocked),
        damage: sum.damage === undefined ? '-' : formatDamage(sum.damage),
      });
    });
  }
  return out;
}

/** '' when no scenario names a suite. */
export function renderSuitesSection(results: Results, esc: (text: string) => string): string {
  const suites = results.suites;
  if (suites === undefined || suites.length === 0) return '';
  const damage = measuresDamage(suites);
  const head = ['suite', 'pairs', 'skipped', 'condition', 'ASR', 'TCR', 'calls blocked', ...(damage ? ['damage'] : [])];
  const align = ['---', '---:', '---:', '---', '---:', '---:', '---:', ...(damage ? ['---:'] : [])];
  const lines = [`| ${head.join(' | ')} |`, `| ${align.join(' | ')} |`];
  for (const r of rows(results, esc)) {
    const condition = r.condition === results.gate.condition ? `**${r.condition}**` : r.condition;
    const cells = [r.suite, r.pairs, r.skipped, condition, r.asr, r.tcr, r.blocked, ...(damage ? [r.damage] : [])];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const said = suites.flatMap((s) => notes(s, esc));
  const after = said.length === 0 ? '' : `\n\n${said.map((n) => `- ${n}`).join('\n')}`;
  return `### Results by suite\n\n${lines.join('\n')}${after}`;
}

/** The console's lines: an aligned table under `Suites:`, and the notes. */
export function suitesTableLines(results: Results): string[] {
  const suites = results.suites;
  if (suites === undefined || suites.length === 0) return [];
  const damage = measuresDamage(suites);
  const plain = (text: string): string => escapeControls(text);
  const head: Row = {
    suite: 'suite',
    pairs: 'pairs',
    skipped: 'skipped',
    condition: 'condition',
    asr: 'ASR',
    tcr: 'TCR',
    blocked: 'blocked',
    damage: 'damage',
  };
  const all = [head, ...rows(results, plain)];
  const keys: (keyof Row)[] = ['suite', 'pairs', 'skipped', 'condition', 'asr', 'tcr', 'blocked', ...(damage ? (['damage'] as const) : [])];
  const left = new Set<keyof Row>(['suite', 'condition']);
  const width = (k: keyof Row): number => Math.max(...all.map((r) => r[k].length));
  const widths = new Map(keys.map((k) => [k, width(k)]));
  const line = (r: Row): string =>
    `  ${keys.map((k) => (left.has(k) ? r[k].padEnd(widths.get(k)!) : r[k].padStart(widths.get(k)!))).join('  ')}`.trimEnd();
  return ['', 'Suites:', ...all.map(line), ...suites.flatMap((s) => notes(s, plain)).map((n) => `  ${n}`)];
}
