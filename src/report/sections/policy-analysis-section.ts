/**
 * "Policy analysis" (docs/analyses.md): do the scripted attacks have teeth, and is every grant
 * needed? Per scenario, the warrant mutants' score; the grants no attack tests (untested
 * constraints, surviving mutants); and the slack, with a suggestion snippet in the scenario's own
 * YAML. After any policy holes, before the call logs.
 *
 * Everything here comes from scenario files or a results file, which may come from a fork: every
 * field is checked for its type (a malformed entry is left out), escaped, cut, and every list is
 * bounded, so that the section stays small on a 1,000-scenario suite.
 */
import { formatRate } from '../../results/rate.js';
import type { CoverageEntry, MutantSurvivor, PolicyAnalysisResults, ScenarioMutationScore, SlackEntry } from '../../results/policy.js';
import { plural } from '../../lib/plural.js';
import { cellEscaper, type Escapers } from '../escape.js';

const MAX_ROWS = 25; // scenarios in the table (those with the lowest scores first)
const MAX_SLACK = 20; // slack findings shown
const MAX_ITEMS = 12; // survivors or untested constraints named per scenario
const MAX_TEXT = 160; // characters of a constraint or suggestion

function cut(s: string, max = MAX_TEXT): string {
  return s.length <= max ? s : `${s.slice(0, max)}…`;
}

/** `s` in a code span that copies exactly; when cut, the ellipsis stands outside the span. */
function span(s: string, code: (s: string) => string, max = MAX_TEXT): string {
  return s.length <= max ? `\`${code(s)}\`` : `\`${code(s.slice(0, max))}\`…`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const str = (v: unknown): v is string => typeof v === 'string';
const strOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const fraction = (v: unknown): v is number | null => v === null || (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1);

function listOf<T>(v: unknown, ok: (x: Record<string, unknown>) => boolean): T[] {
  return Array.isArray(v) ? (v.filter((x) => isRecord(x) && ok(x)) as T[]) : [];
}

/** The analysis' parts of a results object, well-formed entries only; undefined when it did not run. */
export function policyAnalysisOf(results: object): PolicyAnalysisResults | undefined {
  const m = (results as Record<string, unknown>).mutants;
  if (!isRecord(m) || !count(m.total) || !count(m.killed) || !count(m.survived) || !count(m.skipped) || !fraction(m.score))
    return undefined;
  const scenarios = listOf<ScenarioMutationScore>(
    m.scenarios,
    (x) => str(x.scenario) && count(x.killed) && count(x.survived) && count(x.skipped) && fraction(x.score),
  );
  const survivors = listOf<MutantSurvivor>(m.survivors, (x) => str(x.scenario) && str(x.tool) && strOrNull(x.param) && str(x.mutation));
  const rr = results as Record<string, unknown>;
  const coverage = listOf<CoverageEntry>(
    rr.coverage,
    (x) => str(x.scenario) && str(x.tool) && strOrNull(x.param) && str(x.constraint) && str(x.status),
  );
  const slack = listOf<SlackEntry>(
    rr.slack,
    (x) =>
      str(x.scenario) &&
      str(x.tool) &&
      strOrNull(x.param) &&
      str(x.kind) &&
      str(x.granted) &&
      strOrNull(x.suggested) &&
      strOrNull(x.suggestion),
  );
  return {
    mutants: { total: m.total, killed: m.killed, survived: m.survived, skipped: m.skipped, score: m.score, scenarios, survivors },
    coverage,
    slack,
  };
}

function percent(x: number | null): string {
  return x === null ? '–' : formatRate(x); // as every report shows a rate (src/results/rate.ts)
}

function name(tool: string, param: string | null): string {
  return param === null ? tool : `${tool}.${param}`;
}

/** Names in a list, or in a table cell when `code` is the cell escaper. */
function named(items: readonly string[], code: (s: string) => string): string {
  const shown = items.slice(0, MAX_ITEMS).map((s) => span(s, code, 80));
  return items.length > shown.length ? `${shown.join(', ')}, … ${items.length - shown.length} more` : shown.join(', ') || '–';
}

/** A fenced block that no backtick run inside it can close. */
function fence(info: string, body: string): string {
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((b) => b.length));
  const f = '`'.repeat(Math.max(3, longest + 1));
  return `${f}${info}\n${body}\n${f}`;
}

function slackItem(e: SlackEntry, esc: Escapers): string {
  const where = str(e.source) ? ` (\`${esc.code(e.source)}\`)` : '';
  const head = `- **${esc.text(e.scenario)}** \`${esc.code(name(e.tool, e.param))}\`${where}: `;
  if (e.kind === 'unused_tool') {
    return `${head}granted, but no legitimate call uses it; drop the grant:\n\n${indent(fence('diff', `- ${cut(e.granted).replace(/[\r\n]+/g, ' ')}`))}`;
  }
  if (e.suggested === null || e.suggestion === null) {
    return `${head}${span(e.granted, esc.code)} is wider than the legitimate calls need; no tighter constraint of its kind is computed (check it by hand)`;
  }
  // The snippet is the grant's line as it would sit under `warrant:` (two spaces in).
  const line = `  ${cut(e.suggestion, 4 * MAX_TEXT).replace(/[\r\n]+/g, ' ')}`;
  return `${head}${span(e.granted, esc.code)} → ${span(e.suggested, esc.code)}, the tightest that keeps every legitimate call allowed:\n\n${indent(fence('suggestion', line))}`;
}

function indent(block: string): string {
  return block
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

/** The section, or '' when the analysis did not run. */
export function renderPolicyAnalysisSection(analysis: PolicyAnalysisResults, esc: Escapers): string {
  const m = analysis.mutants;
  const lines = ['### Policy analysis', ''];
  lines.push(
    `Warrant mutants: ${m.killed} of ${m.killed + m.survived} killed (mutation score ${percent(m.score)})` +
      (m.skipped > 0 ? `, ${m.skipped} refused by the warrant builder (wider than p's root) and not counted` : '') +
      '. A mutant loosens the task_scoped warrant one step; it survives when no scripted attack notices, so the part it loosens is untested.',
  );
  const untested = new Map<string, string[]>();
  for (const c of analysis.coverage) {
    if (c.status !== 'untested') continue;
    const list = untested.get(c.scenario) ?? [];
    list.push(c.param === null ? `${c.tool} (grant)` : `${name(c.tool, c.param)} ${c.constraint}`);
    untested.set(c.scenario, list);
  }
  const slackBy = new Map<string, number>();
  for (const s of analysis.slack) slackBy.set(s.scenario, (slackBy.get(s.scenario) ?? 0) + 1);
  const survivorsBy = new Map<string, MutantSurvivor[]>();
  for (const s of m.survivors) survivorsBy.set(s.scenario, [...(survivorsBy.get(s.scenario) ?? []), s]);

  const rows = [...m.scenarios].filter((s) => s.survived > 0 || untested.has(s.scenario) || slackBy.has(s.scenario));
  // Lowest score first (a stable sort keeps suite order among equals).
  rows.sort((a, b) => (a.score ?? 1) - (b.score ?? 1));
  if (rows.length > 0) {
    lines.push(
      '',
      '| scenario | mutation score | killed | survived | untested constraints | slack |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const s of rows.slice(0, MAX_ROWS)) {
      const u = (untested.get(s.scenario) ?? []).filter((x) => !x.endsWith(' (grant)'));
      lines.push(
        `| ${esc.text(s.scenario)} | ${percent(s.score)} | ${s.killed} | ${s.survived} | ${named(u, cellEscaper(esc))} | ${slackBy.get(s.scenario) ?? 0} |`,
      );
    }
    if (rows.length > MAX_ROWS)
      lines.push(
        '',
        `… and ${plural(rows.length - MAX_ROWS, 'more scenario')} with survivors, untested constraints or slack (all in the results JSON).`,
      );
    const survivorLines = rows.slice(0, MAX_ROWS).flatMap((s) => {
      const list = survivorsBy.get(s.scenario) ?? [];
      if (list.length === 0) return [];
      const own = list.filter((x) => x.mutation !== 'tool_granted').map((x) => `${name(x.tool, x.param)} ${x.mutation}`);
      const tools = list.filter((x) => x.mutation === 'tool_granted').map((x) => x.tool);
      const parts = [
        own.length > 0 ? named(own, esc.code) : '',
        tools.length > 0 ? `tools the attacks never call, if granted: ${named(tools, esc.code)}` : '',
      ];
      return [`- **${esc.text(s.scenario)}**: ${parts.filter((x) => x !== '').join('; ')}`];
    });
    if (survivorLines.length > 0) {
      lines.push('', `<details><summary>Surviving mutants (${m.survivors.length})</summary>`, '', ...survivorLines, '', '</details>');
    }
  } else if (m.killed + m.survived > 0) {
    lines.push('', 'Every mutant was killed, every constraint is tested, and no grant is wider than its calls need.');
  }
  if (analysis.slack.length > 0) {
    lines.push('', `**Slack** (least privilege): ${plural(analysis.slack.length, 'grant')} wider than the legitimate calls need.`, '');
    lines.push(...analysis.slack.slice(0, MAX_SLACK).map((e) => slackItem(e, esc)));
    if (analysis.slack.length > MAX_SLACK) lines.push(`- … and ${analysis.slack.length - MAX_SLACK} more (all in the results JSON)`);
  }
  return lines.join('\n');
}

/** One console line for the table footer, or undefined when the analysis did not run. */
export function policyAnalysisLine(analysis: PolicyAnalysisResults): string {
  const m = analysis.mutants;
  const untested = analysis.coverage.filter((c) => c.status === 'untested' && c.param !== null).length;
  const skipped = m.skipped > 0 ? `, ${m.skipped} refused by the builder` : '';
  return (
    `Policy analysis: mutation score ${percent(m.score)} (${m.killed} of ${plural(m.killed + m.survived, 'mutant')} killed${skipped}), ` +
    `${plural(untested, 'untested constraint')}, ${plural(analysis.slack.length, 'slack finding')}`
  );
}
