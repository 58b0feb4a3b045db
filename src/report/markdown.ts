/**
 * The one markdown renderer: REPORT.md (`run --format markdown`), the job summary and the PR comment
 * all come from here, so the three never drift apart.
 *
 * The report is built from sections in the order a reviewer reads them: the verdict, then what the
 * change does against its base, then the policy holes by cause, then the tables; the instances
 * behind the findings and the call logs last, collapsed. When a size limit is given, the renderer
 * drops detail level by level (size-ladder.ts).
 *
 * Every string that comes from a scenario or a results file (names, arguments, denial reasons) is
 * escaped: a results file may come from a fork's pull request, and must not be able to forge the
 * marker, break out of a table or a <details>, or mention people. Values (arguments, probe values,
 * constraints, fixes) are shown in code spans that copy exactly as they ran (escape.ts).
 */
import { passedOverall } from '../llm/attach.js';
import { llmMarkdown } from './sections/llm-section.js';
import { formatRate, ratePercent } from '../results/rate.js';
import { RESULTS_VERSION, type CallResult, type Condition, type ConditionSummary, type Results, type Trial } from '../results/results.js';
import { renderBaselineSection } from './sections/baseline-section.js';
import { newFindingsOnly, renderBaseFindingsSection } from './sections/base-findings-section.js';
import { monotonicityOf, renderMonotonicitySection } from './sections/monotonicity-section.js';
import { probesOf, renderProbeEscapesSection, renderProbesSection } from './sections/probes-section.js';
import { renderScenariosSection } from './sections/scenarios-section.js';
import { renderSuitesSection } from './sections/suites-section.js';
import { renderGateSection } from './sections/gate-section.js';
import { policyAnalysisOf, renderPolicyAnalysisSection } from './sections/policy-analysis-section.js';
import { blastRadiusOf, renderBlastRadiusSection } from './sections/blast-radius-section.js';
import { renderStepsSection, stepTrialsOf } from './sections/delegation-steps-section.js';
import { codeSpan, ESCAPERS, escapeCell, escapeHtml, escapeText, safeUrl, sanitizeMarkerName } from './escape.js';
import { fitToLimit, Level, omittedNote } from './size-ladder.js';
import { plural } from '../lib/plural.js';
import { violationCounts } from './gate-rule.js';

export interface MarkdownOptions {
  /** The report's identity: in the hidden marker and the heading. */
  name: string;
  /** Link to the workflow run, shown where detail had to be dropped. */
  runUrl?: string;
  /** Upper bound on the length of the result, in UTF-16 code units (≥ characters). */
  maxChars?: number;
  /** The Mermaid charts of ASR and TCR (the action's `charts: true`); off, the table says the same. */
  charts?: boolean;
  /** What the report was computed for (a pull request's head and base), named under the heading. */
  computedFor?: ComputedFor;
}

/**
 * The commits a report was computed for, as a reviewer knows them: the pull request's head commit
 * (not the merge commit a workspace may be) and its base by branch name (not a 40-hex SHA).
 */
export interface ComputedFor {
  /** The head commit's full SHA. */
  readonly head?: string;
  /** The pull request's number. */
  readonly pr?: number;
  /** The base branch's name, and the commit the event named for it. */
  readonly base?: { readonly name: string; readonly sha?: string };
}

/** "Computed for `abc1234` (head of #7), against `main`": the line under every heading. */
export function computedForLine(computedFor: ComputedFor | undefined): string {
  if (!computedFor || (computedFor.head === undefined && computedFor.base === undefined)) return '';
  const parts: string[] = [];
  if (computedFor.head !== undefined)
    parts.push(
      `Computed for ${codeSpan(computedFor.head.slice(0, 7))}${computedFor.pr !== undefined ? ` (head of #${computedFor.pr})` : ''}`,
    );
  if (computedFor.base !== undefined) parts.push(`${parts.length > 0 ? 'against' : 'Against'} ${codeSpan(computedFor.base.name)}`);
  return `${parts.join(', ')}.`;
}

/** The base's name for a baseline ref the event names by branch, else the ref as given. */
function baseName(ref: string, c: ComputedFor | undefined): string | undefined {
  const b = c?.base;
  if (!b) return undefined;
  return ref === b.name || (b.sha !== undefined && ref === b.sha) ? b.name : undefined;
}

/** The hidden marker that identifies a report (and its sticky comment) by name. */
export function reportMarker(name: string): string {
  return `<!-- delegation-bench:${sanitizeMarkerName(name)} -->`;
}

const HYPOTHESIS = 'Task-scoped warrants bound what a prompt-injected agent can do without breaking its task.';

const MAX_CELL = 300; // characters of one argument list or reason in the call log
const MAX_TOOL = 60; // characters of a tool name in the call log
const MAX_VIOLATIONS_DEGRADED = 20;

export function renderMarkdown(results: Results, options: MarkdownOptions): string {
  return markdownRenderer(results, options)(options.maxChars);
}

/**
 * A renderer of one report at several size limits (the job summary tightens its limit until the
 * bytes fit): each section is rendered once and reused by every level and every limit, so a results
 * file of 100,000 calls costs one pass over its calls. The results must not change meanwhile.
 */
export function markdownRenderer(results: Results, options: Omit<MarkdownOptions, 'maxChars'>): (maxChars?: number) => string {
  const parts = new Sections(results, options);
  const marker = reportMarker(options.name);
  return (limit) => fitToLimit((level) => renderLevel(parts, level, options.runUrl), limit, marker, options.runUrl);
}

/** The report's sections, each rendered on first use. */
class Sections {
  private readonly cache = new Map<string, string>();
  readonly byKey: Map<string, Trial>;

  constructor(
    readonly r: Results,
    readonly o: Omit<MarkdownOptions, 'maxChars'>,
  ) {
    this.byKey = trialIndex(r);
  }

  get(id: string, render: () => string): string {
    let text = this.cache.get(id);
    if (text === undefined) {
      text = render();
      this.cache.set(id, text);
    }
    return text;
  }
}

/**
 * The sections of `r` (by their key in the results) that the report renders, as renderLevel below
 * decides: report-only mode's log says from this what it shows and what it leaves out.
 */
export function renderedSections(results: Results): string[] {
  const heading = results.no_baseline !== undefined ? ['no_baseline'] : []; // said in the heading
  if (results.mode === 'llm') return [...heading, ...(results.llm ? ['llm'] : [])];
  const keys = [...heading, 'trials', 'summary', 'reachability', 'gate'];
  if (results.scenario_info?.length) keys.push('scenario_info');
  if (results.suites?.length) keys.push('suites');
  if (results.baseline) keys.push('baseline');
  if (results.llm) keys.push('llm');
  if (probesOf(results)) keys.push('probes');
  if (monotonicityOf(results)) keys.push('monotonicity');
  if (policyAnalysisOf(results)) keys.push('mutants', 'coverage', 'slack');
  if (blastRadiusOf(results)) keys.push('blast_radius', ...(results.analyses_skipped ? ['analyses_skipped'] : []));
  return keys;
}

function renderLevel(s: Sections, level: Level, runUrl: string | undefined): string {
  const r = s.r;
  // --mode llm: the scripted matrix did not run, so its gate, tables and analyses have nothing to say.
  if (r.mode === 'llm') {
    const head = s.get('head', () => headOf(r, s.o));
    return (
      [head, s.get('llm', () => llmMarkdown(r, escapeText) ?? ''), footer(runUrl).replace('deterministic replay', 'LLM mode')].join(
        '\n\n',
      ) + '\n'
    );
  }
  const parts: string[] = [];
  parts.push(s.get('head', () => headOf(r, s.o)));
  parts.push(s.get('verdict', () => verdict(r)));
  const changes = changesSection(s);
  if (changes) parts.push(changes);
  // Against a base, the analyses' findings the change brings or fixes first; below, only the new ones.
  const shown = s.r.baseline?.findings ? newFindingsOnly({ probes: probesOf(r), policy: policyAnalysisOf(r) }) : undefined;
  const found = shown ? s.get('base-findings', () => baseFindingsSection(s)) : '';
  if (found) parts.push(found);
  const holes = shown ? shown.probes : probesOf(r); // the policy holes right after the changes, when any probe escaped
  if (holes && holes.escaped > 0) parts.push(s.get('probes', () => renderProbesSection(holes, ESCAPERS)));
  const links = monotonicityOf(r); // escapes right after the holes: a link wider than its parent
  if (links && (links.escapes > 0 || links.unproven > 0))
    parts.push(s.get('monotonicity', () => renderMonotonicitySection(links, ESCAPERS)));
  // The claim the run tests, on a passed gate only: under a failure it reads as a slogan.
  if (passedOverall(r)) parts.push(`> ${HYPOTHESIS}`);
  parts.push(
    level >= Level.NoLogs
      ? s.get('gate-short', () => gateSection(r, MAX_VIOLATIONS_DEGRADED))
      : s.get('gate', () => gateSection(r, Infinity)),
  );
  parts.push(s.get('conditions', () => conditionTable(r)));
  if (r.suites?.length) parts.push(s.get('suites', () => renderSuitesSection(r, escapeCell))); // docs/results.md#suites
  if (s.o.charts === true) parts.push(s.get('chart', () => chart(r)));
  if (r.llm) parts.push(s.get('llm', () => llmMarkdown(r, escapeText) ?? ''));
  if (level < Level.NoScenarioTable) parts.push(s.get('scenarios', () => scenarioTable(r, s.byKey)));
  if (level < Level.NoLogs && r.scenario_info?.length)
    parts.push(s.get('scenario-info', () => renderScenariosSection(r, { text: escapeText })));
  const policy = shown ? shown.policy : policyAnalysisOf(r); // after the tables, before the instances and call logs
  if (policy) parts.push(s.get('policy-analysis', () => renderPolicyAnalysisSection(policy, ESCAPERS)));
  // Only scenarios with agents: have a blast radius: a suite without any renders as before.
  if (blastRadiusOf(r)) parts.push(s.get('blast-radius', () => renderBlastRadiusSection(r, ESCAPERS)));
  // Only scenarios with delegation steps have this table: a suite without any renders as before.
  const steps = level < Level.NoScenarioTable ? stepTrialsOf(r) : undefined;
  if (steps) parts.push(s.get('steps', () => renderStepsSection(steps, ESCAPERS)));
  if (level < Level.NoLogs) {
    if (holes && holes.escaped > 0) parts.push(s.get('probe-escapes', () => renderProbeEscapesSection(holes, ESCAPERS)));
    const failingOnly = level === Level.FailingLogsOnly;
    const logs = s.get(failingOnly ? 'logs-failing' : 'logs', () => callLogs(r, s.byKey, failingOnly));
    if (logs) parts.push(logs);
  }
  const omitted = omittedNote(level, runUrl);
  if (omitted) parts.push(omitted);
  parts.push(footer(runUrl));
  return parts.join('\n\n') + '\n';
}

/**
 * What the change does against its base (suite changes, widenings with their counterexamples):
 * the first thing a reviewer of a policy change reads after the verdict. One call, so that what it
 * shows can grow in one place.
 */
function changesSection(s: Sections): string {
  const b = s.r.baseline;
  return b ? s.get('baseline', () => renderBaselineSection(b, ESCAPERS, baseName(b.ref, s.o.computedFor))) : '';
}

/** "Findings against BASE" (base-findings-section.ts), with every finding of the head. */
function baseFindingsSection(s: Sections): string {
  const b = s.r.baseline!;
  const name = baseName(b.ref, s.o.computedFor);
  const base = name !== undefined ? codeSpan(name) : escapeText(b.ref);
  return renderBaseFindingsSection(b.findings!, { probes: probesOf(s.r), policy: policyAnalysisOf(s.r) }, base, ESCAPERS);
}

/** The verdict in numbers, and what failed the gate when it failed (the Gate section lists each). */
function verdict(r: Results): string {
  const lines = [keyFinding(r)];
  const approved = approvedNote(r);
  if (approved) lines.push(approved);
  if (!r.gate.passed) {
    const counts = violationCounts(r.gate).map(([k, n]) => `${n} \`${k}\``);
    lines.push(`**Gate failed:** ${plural(r.gate.violations.length, 'violation')} (${counts.join(', ')}), listed under “Gate” below.`);
  }
  return lines.join('\n\n');
}

/** The marker, the heading with the verdict, and what the report was computed for. */
function headOf(r: Results, o: Omit<MarkdownOptions, 'maxChars'>): string {
  const line = computedForLine(o.computedFor);
  return [reportMarker(o.name), heading(r, o.name), ...(line ? [line] : [])].join('\n\n');
}

/** What the pull request's approval label approved, said beside the verdict (docs/action.md). */
function approvedNote(r: Results): string {
  const b = r.baseline;
  const escapes = (r.monotonicity?.findings ?? []).filter((f) => f.approved_by !== undefined);
  const label = b?.approved_by ?? escapes[0]?.approved_by;
  if (label === undefined) return '';
  const parts: string[] = [];
  if (b?.approved_by !== undefined && !b.allow_widening && b.widenings.length > 0) parts.push(plural(b.widenings.length, 'widening'));
  if (b?.approved_by !== undefined && !b.allow_suite_changes && b.suite_changes.length > 0)
    parts.push(plural(b.suite_changes.length, 'suite change'));
  if (escapes.length > 0) parts.push(plural(escapes.length, 'monotonicity escape'));
  if (parts.length === 0) return '';
  return `**✔️ Approved by the label ${codeSpan(label)}:** ${parts.join(' and ')} (listed below); they do not fail the gate.`;
}

function heading(r: Results, name: string): string {
  const verdict = r.mode === 'llm' && !r.llm?.gate ? 'LLM results, not gated' : passedOverall(r) ? '✅ gate passed' : '❌ gate failed';
  const title = name === 'delegation-bench' ? 'delegation-bench' : `delegation-bench: ${escapeText(name)}`;
  // docs/guard.md#which-base: a run that compared nothing says so where the verdict is read.
  if (r.no_baseline !== undefined) {
    return `## ${title} (${verdict}; no baseline comparison)\n\n> **No baseline comparison ran:** ${escapeText(r.no_baseline)}. Nothing here says what this change widened.`;
  }
  return `## ${title} (${verdict})`;
}

function keyFinding(r: Results): string {
  const scoped = r.summary.task_scoped;
  const unscopedCond = r.summary.no_warrant ? 'no_warrant' : r.summary.broad ? 'broad' : undefined;
  const unscoped = unscopedCond ? r.summary[unscopedCond] : undefined;
  if (!scoped) return '**Key finding:** no task_scoped trials were run.';
  const attacks = (s: ConditionSummary): string => `${Math.round(s.asr * s.trials)} of ${plural(s.trials, 'attack')}`;
  const parts: string[] = [];
  if (unscoped && unscopedCond) {
    parts.push(
      `with ${unscopedCond === 'no_warrant' ? 'no warrant' : 'broad warrants'}, injected agents succeeded in ` +
        `${attacks(unscoped)} (ASR ${formatRate(unscoped.asr)}); `,
    );
  }
  parts.push(
    `with task-scoped warrants in ${attacks(scoped)} (ASR ${formatRate(scoped.asr)}), while ` +
      `${Math.round(scoped.tcr * scoped.trials)} of ${plural(scoped.trials, 'task')} completed (TCR ${formatRate(scoped.tcr)}) ` +
      `and ${scoped.calls_blocked} ${scoped.calls_blocked === 1 ? 'call was' : 'calls were'} blocked.`,
  );
  const text = parts.join('');
  return `**Key finding:** ${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function gateSection(r: Results, maxViolations: number): string {
  return renderGateSection(r, maxViolations, ESCAPERS);
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
    rows.push(`| ${name} | ${formatRate(s.asr)} | ${formatRate(s.tcr)} | ${s.calls_blocked}${extra} | ${s.trials} |`);
  }
  return `### Results by condition\n\n${rows.join('\n')}`;
}

/**
 * Two Mermaid `xychart-beta` charts, ASR and TCR apart (two bar series in one chart would be drawn
 * on top of each other), each with the gate's threshold as a line. The threshold applies to the
 * gated condition only, which the title says.
 */
function chart(r: Results): string {
  const shown = r.conditions.filter((c) => r.summary[c] !== undefined);
  if (shown.length === 0) return '';
  const g = r.gate;
  const one = (metric: 'asr' | 'tcr', title: string, threshold: number): string =>
    [
      '```mermaid',
      'xychart-beta',
      `    title "${title}"`,
      `    x-axis [${shown.map((c) => `"${c}"`).join(', ')}]`,
      `    y-axis "${metric.toUpperCase()} %" 0 --> 100`,
      `    bar [${shown.map((c) => ratePercent(r.summary[c]![metric])).join(', ')}]`,
      `    line [${shown.map(() => ratePercent(threshold)).join(', ')}]`,
      '```',
    ].join('\n');
  return [
    one('asr', `Attack success rate (ASR), %: the line is the gate, ${g.condition} ASR ≤ ${formatRate(g.max_asr)}`, g.max_asr),
    one('tcr', `Task completion rate (TCR), %: the line is the gate, ${g.condition} TCR ≥ ${formatRate(g.min_tcr)}`, g.min_tcr),
  ].join('\n\n');
}

function scenarioTable(r: Results, byKey: ReadonlyMap<string, Trial>): string {
  const head = `| scenario | ${r.conditions.join(' | ')} |`;
  const sep = `| --- | ${r.conditions.map(() => '---').join(' | ')} |`;
  const rows = [head, sep];
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

function callLogs(r: Results, byKey: ReadonlyMap<string, Trial>, failingOnly: boolean): string {
  const failing = new Set(r.gate.violations.map((v) => v.scenario));
  // The gated condition first: its decision is what a reader looks for.
  const order = [...r.conditions].sort((a, b) => Number(b === r.gate.condition) - Number(a === r.gate.condition));
  const sections: string[] = [];
  for (const name of r.scenarios) {
    if (failingOnly && !failing.has(name)) continue;
    const trials = order.map((c) => byKey.get(key(name, c)));
    if (trials.every((t) => t === undefined)) continue;
    sections.push(scenarioLog(name, order, trials, r.gate.condition));
  }
  if (sections.length === 0) return '';
  const title = failingOnly ? '### Call logs (failing scenarios)' : '### Call logs';
  return `${title}\n\n${sections.join('\n\n')}`;
}

/**
 * One scenario's calls as a list, not a table: a table is as wide as its widest row and scrolls
 * sideways in an ~800 px comment, hiding the decisions. Each call is one line, decisions first
 * (the gated condition leading), then the call; every denial reason is a wrapped line below it.
 */
function scenarioLog(name: string, conditions: readonly Condition[], trials: (Trial | undefined)[], gated: Condition): string {
  // The same calls are replayed under every condition; index them by position, once per trial.
  const byIndex = trials.map((t) => {
    const m = new Map<number, CallResult>();
    for (const c of t?.calls ?? []) if (!m.has(c.index)) m.set(c.index, c);
    return m;
  });
  const indices = new Set<number>();
  for (const m of byIndex) for (const i of m.keys()) indices.add(i);
  const ordered = [...indices].sort((a, b) => a - b);
  const scoped = trials[conditions.indexOf(gated)];
  const sum = scoped ? `${gated}: ${scoped.calls_allowed} allowed, ${scoped.calls_blocked} blocked` : plural(ordered.length, 'call');
  const lines: string[] = [];
  for (const i of ordered) {
    const calls = byIndex.map((m) => m.get(i));
    const first = calls.find((c): c is CallResult => c !== undefined);
    if (!first) continue;
    const decisions = calls.map((c, k) => `${conditions[k]} ${c ? decision(c, conditions[k] === gated) : '–'}`).join(' · ');
    const expect = first.expect === 'deny' ? ' · expect deny' : '';
    const call = `${exactPrefix(first.tool, MAX_TOOL)} ${exactPrefix(compactJson(first.args), MAX_CELL)}`;
    lines.push(`- **${i}.** ${decisions} — ${call}${expect}`);
    calls.forEach((c, k) => {
      if (!c || c.authorized || !c.denial) return;
      // A code span: the reason copies exactly (a path, a URL, an address), and nothing in it links.
      lines.push(`  - ${conditions[k]}: ${codeSpan(c.denial.code)}: ${codeSpan(truncate(c.denial.reason, MAX_CELL))}`);
    });
  }
  return [`<details><summary><b>${escapeHtml(name)}</b>: ${sum}</summary>`, '', ...lines, '', '</details>'].join('\n');
}

/** `expect` is what the gated condition must decide, so only there is a mismatch flagged. */
function decision(c: CallResult, gated: boolean): string {
  if (c.authorized) return gated && c.expect === 'deny' ? '⚠️ **ALLOWED** (expected deny)' : 'allowed';
  return gated && c.expect === 'allow' ? '⚠️ **BLOCKED** (expected allow)' : '⛔ **BLOCKED**';
}

function footer(runUrl: string | undefined): string {
  const run = runUrl ? ` · [workflow run](${safeUrl(runUrl)})` : '';
  return `<sub>delegation-bench · results v${RESULTS_VERSION} · deterministic replay${run}</sub>`;
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

/** A code span of `s`, or of its first `max` characters with an ellipsis after the span. */
function exactPrefix(s: string, max: number): string {
  return s.length <= max ? codeSpan(s) : `${codeSpan(s.slice(0, max - 1))}…`;
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
