/**
 * The one markdown renderer: REPORT.md (`run --format markdown`), the job summary and the PR comment
 * all come from here, so the three never drift apart.
 *
 * The report is built from sections in order of importance. When a size limit is given (a PR
 * comment holds 65,536 characters, a job summary 1 MiB) the renderer drops detail first: call logs
 * of passing scenarios, then all call logs, then the per-scenario table, then cuts the rest at a
 * line boundary. The hidden marker stays on the first line at every level, so the sticky comment is
 * still found next time, and a link points at the run for the full report.
 *
 * Every string that comes from a scenario or a results file (names, arguments, denial reasons) is
 * escaped: a results file may come from a fork's pull request, and must not be able to forge the
 * marker, break out of a table or a <details>, or mention people.
 */
import type { CallResult, Condition, ConditionSummary, Results, Trial } from '../bench/results.js';

export interface MarkdownOptions {
  /** The report's identity: in the hidden marker and the heading. */
  name: string;
  /** Link to the workflow run, shown where detail had to be dropped. */
  runUrl?: string;
  /** Upper bound on the length of the result, in UTF-16 code units (≥ characters). */
  maxChars?: number;
}

/** The hidden marker that identifies a report (and its sticky comment) by name. */
export function reportMarker(name: string): string {
  return `<!-- delegation-bench:${sanitizeMarkerName(name)} -->`;
}

const HYPOTHESIS =
  'Task-scoped warrants bound what a prompt-injected agent can do without breaking its task.';

/** Levels of detail, most detailed first. */
const enum Level {
  Full = 0,
  FailingLogsOnly = 1,
  NoLogs = 2,
  NoScenarioTable = 3,
}

const MAX_CELL = 300; // characters of one argument list or reason in a table cell
const MAX_VIOLATIONS_DEGRADED = 20;

export function renderMarkdown(results: Results, o: MarkdownOptions): string {
  const limit = o.maxChars;
  for (const level of [Level.Full, Level.FailingLogsOnly, Level.NoLogs, Level.NoScenarioTable]) {
    const text = renderLevel(results, o, level);
    if (limit === undefined || text.length <= limit) return text;
  }
  return hardCut(renderLevel(results, o, Level.NoScenarioTable), o, limit ?? Infinity);
}

function renderLevel(r: Results, o: MarkdownOptions, level: Level): string {
  const parts: string[] = [];
  parts.push(reportMarker(o.name));
  parts.push(heading(r, o.name));
  parts.push(`> ${HYPOTHESIS}`);
  parts.push(keyFinding(r));
  parts.push(gateSection(r, level >= Level.NoLogs ? MAX_VIOLATIONS_DEGRADED : Infinity));
  parts.push(conditionTable(r));
  parts.push(chart(r));
  if (level < Level.NoScenarioTable) parts.push(scenarioTable(r));
  if (level < Level.NoLogs) {
    const logs = callLogs(r, level === Level.FailingLogsOnly);
    if (logs) parts.push(logs);
  }
  const omitted = omittedNote(level, o.runUrl);
  if (omitted) parts.push(omitted);
  parts.push(footer(o.runUrl));
  return parts.join('\n\n') + '\n';
}

function heading(r: Results, name: string): string {
  const verdict = r.gate.passed ? '✅ gate passed' : '❌ gate failed';
  const title = name === 'delegation-bench' ? 'delegation-bench' : `delegation-bench: ${escapeText(name)}`;
  return `## ${title} (${verdict})`;
}

function keyFinding(r: Results): string {
  const scoped = r.summary.task_scoped;
  const baselineCond = r.summary.no_warrant ? 'no_warrant' : r.summary.broad ? 'broad' : undefined;
  const baseline = baselineCond ? r.summary[baselineCond] : undefined;
  if (!scoped) return '**Key finding:** no task_scoped trials were run.';
  const attacks = (s: ConditionSummary): string => `${Math.round(s.asr * s.trials)} of ${s.trials}`;
  const parts: string[] = [];
  if (baseline && baselineCond) {
    parts.push(
      `with ${baselineCond === 'no_warrant' ? 'no warrant' : 'broad warrants'}, injected agents succeeded in ` +
        `${attacks(baseline)} attacks (ASR ${pct(baseline.asr)}); `,
    );
  }
  parts.push(
    `with task-scoped warrants in ${attacks(scoped)} (ASR ${pct(scoped.asr)}), while ` +
      `${Math.round(scoped.tcr * scoped.trials)} of ${scoped.trials} tasks completed (TCR ${pct(scoped.tcr)}) ` +
      `and ${scoped.calls_blocked} ${scoped.calls_blocked === 1 ? 'call was' : 'calls were'} blocked.`,
  );
  const text = parts.join('');
  return `**Key finding:** ${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function gateSection(r: Results, maxViolations: number): string {
  const g = r.gate;
  const rule = `task_scoped ASR ≤ ${pct(g.max_asr)} and TCR ≥ ${pct(g.min_tcr)}`;
  if (g.passed) return `### Gate: ✅ passed\n\n${rule}.`;
  const lines = [`### Gate: ❌ failed\n\n${rule}. Violations:\n`];
  const shown = g.violations.slice(0, maxViolations);
  for (const v of shown) {
    const where = v.source ? ` (\`${escapeCode(v.source)}\`)` : '';
    // Messages usually name their scenario already; prefix it only when they do not.
    const who = v.message.includes(v.scenario) ? '' : `**${escapeText(v.scenario)}**: `;
    lines.push(`- ${who}${escapeText(v.message)}${where}`);
  }
  if (g.violations.length > shown.length) lines.push(`- … and ${g.violations.length - shown.length} more`);
  return lines.join('\n');
}

function conditionTable(r: Results): string {
  const rows = ['| condition | ASR | TCR | calls blocked | trials |', '| --- | ---: | ---: | ---: | ---: |'];
  for (const c of r.conditions) {
    const s = r.summary[c];
    if (!s) continue;
    const name = c === r.gate.condition ? `**${c}**` : c;
    let extra = '';
    if (c === 'task_scoped' && (s.false_allows > 0 || s.false_blocks > 0)) {
      extra = ` (false allows ${s.false_allows}, false blocks ${s.false_blocks})`;
    }
    rows.push(`| ${name} | ${pct(s.asr)} | ${pct(s.tcr)} | ${s.calls_blocked}${extra} | ${s.trials} |`);
  }
  return `### Results by condition\n\n${rows.join('\n')}`;
}

/**
 * Mermaid `xychart-beta`: one bar per (condition, metric). Two bar series would be drawn on top
 * of each other, so ASR and TCR share one series with labelled categories.
 */
function chart(r: Results): string {
  const labels: string[] = [];
  const values: string[] = [];
  for (const c of r.conditions) {
    const s = r.summary[c];
    if (!s) continue;
    labels.push(`"${c} ASR"`, `"${c} TCR"`);
    values.push(num(s.asr * 100), num(s.tcr * 100));
  }
  return [
    '```mermaid',
    'xychart-beta',
    '    title "Attack success (ASR) and task completion (TCR) per condition, %"',
    `    x-axis [${labels.join(', ')}]`,
    '    y-axis "%" 0 --> 100',
    `    bar [${values.join(', ')}]`,
    '```',
  ].join('\n');
}

function scenarioTable(r: Results): string {
  const head = `| scenario | ${r.conditions.join(' | ')} |`;
  const sep = `| --- | ${r.conditions.map(() => '---').join(' | ')} |`;
  const rows = [head, sep];
  const byKey = trialIndex(r);
  for (const name of r.scenarios) {
    const cells = r.conditions.map((c) => {
      const t = byKey.get(key(name, c));
      return t ? trialCell(t) : '–';
    });
    rows.push(`| ${escapeCell(name)} | ${cells.join(' | ')} |`);
  }
  return `### Results by scenario\n\n${rows.join('\n')}`;
}

function trialCell(t: Trial): string {
  const attack = t.attack_succeeded ? '🔓 **attack succeeded**' : '🛡️ attack stopped';
  const task = t.task_succeeded ? '✅ task done' : '❌ **task failed**';
  return `${attack} · ${task} · ${t.calls_blocked}/${t.calls_total} blocked`;
}

function callLogs(r: Results, failingOnly: boolean): string {
  const byKey = trialIndex(r);
  const failing = new Set(r.gate.violations.map((v) => v.scenario));
  const sections: string[] = [];
  for (const name of r.scenarios) {
    if (failingOnly && !failing.has(name)) continue;
    const trials = r.conditions.map((c) => byKey.get(key(name, c)));
    const present = trials.filter((t): t is Trial => t !== undefined);
    if (present.length === 0) continue;
    sections.push(scenarioLog(name, r.conditions, trials));
  }
  if (sections.length === 0) return '';
  const title = failingOnly ? '### Call logs (failing scenarios)' : '### Call logs';
  return `${title}\n\n${sections.join('\n\n')}`;
}

function scenarioLog(name: string, conditions: readonly Condition[], trials: (Trial | undefined)[]): string {
  // The same calls are replayed under every condition; index them by position.
  const indices = new Set<number>();
  for (const t of trials) for (const c of t?.calls ?? []) indices.add(c.index);
  const ordered = [...indices].sort((a, b) => a - b);
  const scoped = trials[conditions.indexOf('task_scoped')];
  const sum = scoped
    ? `task_scoped: ${scoped.calls_allowed} allowed, ${scoped.calls_blocked} blocked`
    : `${ordered.length} calls`;
  const rows = [
    `| # | call | expect | ${conditions.join(' | ')} |`,
    `| ---: | --- | --- | ${conditions.map(() => '---').join(' | ')} |`,
  ];
  for (const i of ordered) {
    const calls = trials.map((t) => t?.calls.find((c) => c.index === i));
    const first = calls.find((c): c is CallResult => c !== undefined);
    if (!first) continue;
    const call = `\`${escapeCode(first.tool)}\` \`${escapeCode(truncate(compactJson(first.args), MAX_CELL))}\``;
    rows.push(
      `| ${i} | ${call} | ${first.expect} | ${calls.map((c, k) => (c ? decisionCell(c, conditions[k] === 'task_scoped') : '–')).join(' | ')} |`,
    );
  }
  return [
    `<details><summary><b>${escapeHtml(name)}</b>: ${sum}</summary>`,
    '',
    rows.join('\n'),
    '',
    '</details>',
  ].join('\n');
}

/** `expect` is what task_scoped must decide, so only there is a mismatch flagged. */
function decisionCell(c: CallResult, scoped: boolean): string {
  if (c.authorized) return scoped && c.expect === 'deny' ? '**ALLOWED** ⚠️ expected deny' : 'ALLOWED';
  const d = c.denial;
  const flag = scoped && c.expect === 'allow' ? ' ⚠️ expected allow' : '';
  if (!d) return `**BLOCKED**${flag}`;
  return `**BLOCKED**${flag} \`${escapeCode(d.code)}\`: ${escapeCell(truncate(d.reason, MAX_CELL))}`;
}

function omittedNote(level: Level, runUrl: string | undefined): string {
  if (level === Level.Full) return '';
  const what =
    level === Level.FailingLogsOnly
      ? 'Call logs of passing scenarios were left out'
      : level === Level.NoLogs
        ? 'Call logs were left out'
        : 'Per-scenario results and call logs were left out';
  const where = runUrl ? `: the [full report](${safeUrl(runUrl)}) is in the run's job summary` : '';
  return `_${what} to fit the size limit${where}._`;
}

function footer(runUrl: string | undefined): string {
  const run = runUrl ? ` · [workflow run](${safeUrl(runUrl)})` : '';
  return `<sub>delegation-bench · results v1 · deterministic replay${run}</sub>`;
}

/** Last resort: cut at a line boundary, close an open fence or <details>, and say so. */
function hardCut(text: string, o: MarkdownOptions, limit: number): string {
  const note = `\n\n_Report cut to fit the size limit${
    o.runUrl ? `: the [full report](${safeUrl(o.runUrl)}) is in the run's job summary` : ''
  }._\n`;
  const marker = reportMarker(o.name);
  const closers = '\n```\n</details>\n';
  const budget = limit - note.length - closers.length;
  if (budget <= marker.length) return `${marker}\n`.slice(0, Math.max(0, limit));
  let cut = text.slice(0, budget);
  const nl = cut.lastIndexOf('\n');
  if (nl > marker.length) cut = cut.slice(0, nl);
  const fences = (cut.match(/^```/gm) ?? []).length;
  if (fences % 2 === 1) cut += '\n```';
  const opened = (cut.match(/<details>/g) ?? []).length - (cut.match(/<\/details>/g) ?? []).length;
  if (opened > 0) cut += '\n</details>';
  return cut + note;
}

// ---------------------------------------------------------------- helpers

function trialIndex(r: Results): Map<string, Trial> {
  const m = new Map<string, Trial>();
  for (const t of r.trials) m.set(key(t.scenario, t.condition), t);
  return m;
}

function key(scenario: string, condition: string): string {
  return `${condition}\u0000${scenario}`;
}

/** A fraction as a percentage with at most one decimal: 0.857 → "85.7%". */
export function pct(fraction: number): string {
  return `${num(fraction * 100)}%`;
}

function num(x: number): string {
  if (!Number.isFinite(x)) return '0';
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

function compactJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return '?';
  }
}

/** Names in markers: anything outside a conservative set becomes '_' (no `-->` can get in). */
function sanitizeMarkerName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** Text in markdown prose: HTML-escaped, no markdown emphasis tricks, no @mentions, one line. */
export function escapeText(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\r\n]+/g, ' ')
    .replace(/([\\`*[\]|])/g, '\\$1')
    .replace(/@(?=[A-Za-z0-9])/g, '@\u200b');
}

/** Text inside raw HTML (a <summary>): markdown escapes would show literally there. */
function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\r\n]+/g, ' ')
    .replace(/@(?=[A-Za-z0-9])/g, '@\u200b');
}

/** Text inside a table cell. */
function escapeCell(s: string): string {
  return escapeText(s);
}

/**
 * Text inside an inline code span in a table: backticks cannot be escaped there, so they become a
 * look-alike; the pipe must still be escaped for GitHub's table parser.
 */
function escapeCode(s: string): string {
  return s
    .replace(/[\r\n]+/g, ' ')
    .replace(/`/g, 'ˋ')
    .replace(/\|/g, '\\|')
    .replace(/<!--/g, '<\u200b!--');
}

function safeUrl(url: string): string {
  return /^https?:\/\/[^\s()<>]+$/.test(url) ? url : '#';
}
