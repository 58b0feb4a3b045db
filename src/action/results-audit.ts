/**
 * Report-only mode's audit of a results file (docs/action.md, "Report-only mode"): the file's trials are the only data; the
 * summary, reachability and gate it carries are claims. Each claim is recomputed from the trials
 * with the very functions a run uses (`assessTrials`: summarize, computeReachability, evaluateGate)
 * and the file is refused when one disagrees, so that a hand-edited `passed: true` or ASR 0 % is an
 * error, not a green check. The verdict that counts is then recomputed once more with the step's
 * own thresholds: a file cannot loosen the gate it is judged by.
 *
 * What this cannot catch: trials that were themselves invented consistently (every derived part
 * rewritten to match). The file is only as trustworthy as the run that wrote it; what it shows is
 * then at least the verdict of those trials.
 */
import { plural } from '../lib/plural.js';
import { assessTrials, measureTrials, type Assessment } from '../trial/assess.js';
import type { AnalysisViolation, GateThresholds } from '../trial/gate.js';
import { VIOLATION_KINDS } from '../trial/gate-kinds.js';
import { formatRate } from '../results/rate.js';
import { CONDITIONS, type GateViolation, type Results, type Trial } from '../results/results.js';
import { renderedSections } from '../report/markdown.js';
import { undecidedGate } from '../pipeline/verdict.js';

/** Problems listed in the refusal; past this, one line says how many more there were. */
const MAX_PROBLEMS = 12;
/** Characters of one excerpt of the file in a message (names and lists come from the file). */
const MAX_EXCERPT = 60;

/** A short, one-line, quoted excerpt of untrusted data. */
function show(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length <= MAX_EXCERPT ? s : `${s.slice(0, MAX_EXCERPT - 1)}…`;
}

function trialName(t: Trial, i: number): string {
  return `trials[${i}] (${show(t.scenario)}, ${t.condition})`;
}

/** The matrix: the listed conditions, one trial per scenario × condition, each trial's own counts. */
function matrixProblems(r: Results): string[] {
  const out: string[] = [];
  if (r.conditions.length !== CONDITIONS.length || r.conditions.some((c, i) => c !== CONDITIONS[i])) {
    out.push(`conditions is ${show(r.conditions)}, expected ${show(CONDITIONS)}`);
  }
  const listed = new Set<string>();
  for (const name of r.scenarios) {
    if (listed.has(name)) out.push(`scenarios lists ${show(name)} twice`);
    listed.add(name);
  }
  const seen = new Map<string, number>();
  r.trials.forEach((t, i) => {
    if (!listed.has(t.scenario)) out.push(`${trialName(t, i)} names a scenario that scenarios does not list`);
    const key = `${t.condition}\u0000${t.scenario}`;
    if (seen.has(key)) out.push(`${trialName(t, i)} repeats trials[${seen.get(key)}]`);
    else seen.set(key, i);
    const allowed = t.calls.filter((c) => c.authorized).length;
    const blocked = t.calls.length - allowed;
    if (t.calls_total !== t.calls.length)
      out.push(`${trialName(t, i)}: calls_total is ${t.calls_total} but it lists ${plural(t.calls.length, 'call')}`);
    if (t.calls_allowed !== allowed)
      out.push(`${trialName(t, i)}: calls_allowed is ${t.calls_allowed} but ${allowed} of its calls are authorized`);
    if (t.calls_blocked !== blocked)
      out.push(`${trialName(t, i)}: calls_blocked is ${t.calls_blocked} but ${blocked} of its calls are not authorized`);
    t.calls.forEach((c, j) => {
      if (c.authorized === (c.denial !== undefined)) {
        out.push(
          `${trialName(t, i)}.calls[${j}]: authorized is ${c.authorized} ${c.authorized ? 'but it has a denial' : 'but it has no denial'}`,
        );
      }
    });
  });
  for (const name of listed) {
    for (const c of CONDITIONS) {
      if (!seen.has(`${c}\u0000${name}`)) out.push(`scenario ${show(name)} has no ${c} trial`);
    }
  }
  return out;
}

function summaryProblems(r: Results, a: Assessment): string[] {
  const out: string[] = [];
  for (const c of CONDITIONS) {
    const mine = r.summary[c];
    const theirs = a.summary[c];
    if (!theirs) continue;
    if (!mine) {
      out.push(`summary.${c} is missing`);
      continue;
    }
    for (const k of Object.keys(theirs) as (keyof typeof theirs)[]) {
      if (mine[k] !== theirs[k]) out.push(`summary.${c}.${k} is ${show(mine[k])} but its trials give ${show(theirs[k])}`);
    }
  }
  return out;
}

function reachabilityProblems(r: Results, a: Assessment): string[] {
  const out: string[] = [];
  for (const k of ['unreachable_attacks', 'tasks_failing_without_warrant'] as const) {
    const mine = r.reachability[k];
    const theirs = a.reachability[k];
    if (mine.length !== theirs.length || mine.some((n, i) => n !== theirs[i])) {
      out.push(`reachability.${k} is ${show(mine)} but its trials give ${show(theirs)}`);
    }
  }
  return out;
}

/** What identifies a violation; messages are rendered by this version, not compared. */
function violationKey(v: GateViolation): string {
  return `${v.kind} ${v.scenario || 'suite'}${v.source ? ` at ${v.source}` : ''}`;
}

function gateProblems(r: Results, a: Assessment): string[] {
  const out: string[] = [];
  const g = r.gate;
  if (g.passed !== (g.violations.length === 0))
    out.push(`gate.passed is ${g.passed} but it lists ${plural(g.violations.length, 'violation')}`);
  if (g.passed !== a.gate.passed) {
    out.push(`gate.passed is ${g.passed} but its trials ${a.gate.passed ? 'pass' : 'fail'} the file's own thresholds`);
  }
  const mine = g.violations.map(violationKey);
  const theirs = a.gate.violations.map(violationKey);
  if (mine.length !== theirs.length || mine.some((k, i) => k !== theirs[i])) {
    out.push(`gate.violations are ${show(mine)} but its trials give ${show(theirs)}`);
  }
  return out;
}

/** Analyses' findings cannot be recomputed from the trials; they can only fail the gate, so they are kept. */
function analysisViolations(r: Results): AnalysisViolation[] {
  return r.gate.violations.filter((v): v is AnalysisViolation => VIOLATION_KINDS[v.kind].origin === 'analysis');
}

/**
 * Where each scenario is written, as far as the file says: the source of its scenario-level
 * violations (a location for annotations only; every decision is recomputed).
 */
export function scenarioSources(file: Results): Record<string, string> {
  const callSources = new Set<string>();
  for (const t of file.trials) for (const c of t.calls) if (c.source) callSources.add(c.source);
  const out: Record<string, string> = {};
  for (const v of file.gate.violations) {
    if (!v.source || callSources.has(v.source) || VIOLATION_KINDS[v.kind].origin !== 'matrix') continue;
    if (!Object.prototype.hasOwnProperty.call(out, v.scenario)) out[v.scenario] = v.source;
  }
  return out;
}

function thresholdsOf(r: Results): GateThresholds {
  const g = r.gate;
  return { maxAsr: g.max_asr, minTcr: g.min_tcr, maxFalseAllows: g.max_false_allows, maxFalseBlocks: g.max_false_blocks };
}

function looserNotes(file: GateThresholds, step: GateThresholds): string[] {
  const looser: string[] = [];
  if (file.maxAsr > step.maxAsr) looser.push(`max ASR ${formatRate(file.maxAsr)} (the step's: ${formatRate(step.maxAsr)})`);
  if (file.minTcr < step.minTcr) looser.push(`min TCR ${formatRate(file.minTcr)} (the step's: ${formatRate(step.minTcr)})`);
  if (file.maxFalseAllows > step.maxFalseAllows)
    looser.push(`max false allows ${file.maxFalseAllows} (the step's: ${step.maxFalseAllows})`);
  if (file.maxFalseBlocks > step.maxFalseBlocks)
    looser.push(`max false blocks ${file.maxFalseBlocks} (the step's: ${step.maxFalseBlocks})`);
  return looser.length === 0
    ? []
    : [`the results file was gated with looser thresholds (${looser.join(', ')}); this step's thresholds decide`];
}

/** Keys of every results file: the matrix's frame, never "a section" that could go unshown. */
const FRAME = new Set([
  'version',
  'mode',
  'conditions',
  'scenarios',
  'scenario_info',
  'trials',
  'summary',
  'reachability',
  'gate',
  'timings',
]);

/** What the report renders of `kept`, in words. */
function shownInWords(kept: Results): string {
  const shown = renderedSections(kept);
  if (kept.mode === 'llm') return shown.includes('llm') ? 'the LLM results only' : 'nothing of the file';
  const parts = ['the matrix'];
  if (shown.includes('baseline')) parts.push('the baseline');
  if (shown.includes('llm')) parts.push('the LLM results');
  if (shown.includes('monotonicity')) parts.push('the delegation links');
  return parts.length === 1 ? `${parts[0]} only` : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Sections of analyses (probes, mutants, …) cannot be checked against the trials, so report-only
 * mode does not carry them over unless a check of their own did; and a `mode: llm` report renders
 * its LLM results only. `kept`: the results as they will be rendered (report/markdown.ts decides
 * what of them shows). One note names every section of the file the report does not render, and
 * what it does render; gate findings count whether shown or not (analysisViolations, baseline).
 */
export function sectionsNotShown(file: Results, kept: Results): string[] {
  const shown = new Set(renderedSections(kept));
  const extra = Object.keys(file).filter((k) => !FRAME.has(k) && !shown.has(k));
  if (extra.length === 0) return [];
  const names = extra
    .slice(0, 8)
    .map((k) => show(k))
    .join(', ');
  const one = extra.length === 1;
  return [
    `report-only mode renders ${shownInWords(kept)}: the file's ${names} section${one ? ' is' : 's are'} not rendered ` +
      `(${one ? 'its' : 'their'} gate findings, if any, still count)`,
  ];
}

/** What report-only mode decides the gate from, besides the file's trials (src/pipeline/verdict.ts). */
export interface FileParts {
  /** The file's analysis findings (they cannot be recomputed, and can only fail the gate). */
  analyses: AnalysisViolation[];
  /** scenario name → FILE:LINE:COL, as far as the file says. */
  sources: Record<string, string>;
}

/**
 * A well-shaped results file (results-file.ts checked it) audited: `problems` when any part
 * disagrees with its trials, else the file's trials with the summary and reachability recomputed,
 * and the parts the step's gate is decided from (by results-file.ts, once, with the step's
 * thresholds: the gate the frame carries until then is not decided and does not pass).
 */
export function rejudgeResults(
  file: Results,
  step: GateThresholds,
): { results: Results; notes: string[]; parts: FileParts } | { problems: string[] } {
  const analyses = analysisViolations(file);
  const sources = scenarioSources(file);
  const problems = matrixProblems(file);
  // Derived parts are compared only on a sound matrix: otherwise every one would disagree too.
  if (problems.length === 0) {
    const own = assessTrials(file.trials, file.scenarios, { ...thresholdsOf(file), scenarioSources: sources, analyses });
    problems.push(...summaryProblems(file, own), ...reachabilityProblems(file, own), ...gateProblems(file, own));
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_PROBLEMS);
    if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more`);
    return { problems: shown };
  }
  const measured = measureTrials(file.trials, file.scenarios);
  const results: Results = {
    version: file.version,
    mode: file.mode,
    conditions: [...file.conditions],
    scenarios: [...file.scenarios],
    ...(file.scenario_info && { scenario_info: file.scenario_info }),
    trials: file.trials,
    summary: measured.summary,
    reachability: measured.reachability,
    gate: undecidedGate(step),
  };
  return { results, notes: looserNotes(thresholdsOf(file), step), parts: { analyses, sources } };
}
