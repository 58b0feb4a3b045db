/**
 * Report-only mode reads a results JSON written by an earlier run, often one from a fork's pull
 * request downloaded as an artifact: untrusted input, possibly written by the pull request's author.
 * Its size and shape are checked in full before anything else reads it (a bad file is one clear
 * message naming the first wrong field); then results-audit.ts checks every derived part against
 * the trials and recomputes the verdict with the step's own thresholds. Nothing the file says about
 * its own rates or gate is believed.
 */
import { readFile, stat } from 'node:fs/promises';
import type { GateThresholds } from '../trial/gate.js';
import { VIOLATION_KIND_NAMES } from '../trial/gate-kinds.js';
import { CONDITIONS, RESULTS_VERSION, type Results } from '../results/results.js';
import { MAX_CALLS, MAX_DEPTH } from '../scenario/limits.js';
import { llmOnlyJudged, rejudgeLlm } from './llm.js';
import { rejudgeResults, sectionsNotShown } from './results-audit.js';
import { suiteViolations, widenedViolations } from '../analysis/baseline/index.js';
import { decideGate } from '../pipeline/verdict.js';
import type { AnalysisViolation } from '../trial/gate.js';
import type { LlmResults } from '../results/results.js';
import { checkBaseline, checkMonotonicityFindings } from '../results/check-baseline.js';
import type { MonotonicitySection } from '../results/monotonicity.js';
import { warrantFromInfo, type TokenWarrantFrom, type WarrantFromInfo } from '../results/scenario-info.js';
import { bool, count, isObj, list as listOf, oneOf, rate, shape, string, type Check } from '../results/json-check.js';

export class ResultsFileError extends Error {
  override readonly name = 'ResultsFileError';
}

/** Bounds on the file (a run of 10,000 scenarios × 3 conditions × 20 calls is about 40 MiB). */
export const MAX_BYTES = 64 * 1024 * 1024;
export const MAX_TRIALS = 100_000;
export const MAX_CALLS_PER_TRIAL = MAX_CALLS;
export const MAX_CALLS_TOTAL = 1_000_000;
const MAX_ITEMS = 1_000_000;
/** `no_baseline`: one reason (docs/guard.md#which-base). */
const MAX_NO_BASELINE = 2_000;

export interface ReadResults {
  /** The file's trials with the summary, reachability and gate recomputed under the step's thresholds. */
  results: Results;
  /** Things worth saying in the log (e.g. the file's own thresholds were looser than the step's). */
  notes: string[];
}

/**
 * Reads, bounds and shape-checks the file, refuses it when any part disagrees with its trials or
 * when it holds nothing the step gates on, and returns it judged by `step` (the action's inputs,
 * never the file's own thresholds). `gateLlm`: the step gates on LLM results (`gate: llm`).
 */
export async function readResultsFile(
  file: string,
  step: GateThresholds,
  options: { allowWidening?: boolean; allowSuiteChanges?: boolean; gateLlm?: boolean; approvedBy?: string } = {},
): Promise<ReadResults> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (e) {
    throw new ResultsFileError(`results-path ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (size > MAX_BYTES) throw new ResultsFileError(`results-path ${file}: ${size} bytes is over the ${MAX_BYTES}-byte limit`);
  const text = await readFile(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ResultsFileError(`results-path ${file}: not JSON (${(e as Error).message})`);
  }
  return judgeResults(data, step, options, `results-path ${file}`);
}

/**
 * A parsed results file judged as readResultsFile says (`label` names it in every message): its
 * shape, its parts against its trials, and the gate decided once by the step.
 */
export function judgeResults(
  data: unknown,
  step: GateThresholds,
  options: { allowWidening?: boolean; allowSuiteChanges?: boolean; gateLlm?: boolean; approvedBy?: string } = {},
  label = 'results file',
): ReadResults {
  const file = label;
  const problem = checkResults(data);
  if (problem) throw new ResultsFileError(`${file}: not a delegation-bench results file: ${problem}`);
  withOriginKinds(data as Results);
  const r = data as Results;
  // docs/llm.md: under mode llm the scripted matrix did not run; there is nothing of it to recompute.
  const judged = r.mode === 'llm' ? llmOnlyJudged(r, step) : rejudgeResults(r, step);
  if ('problems' in judged) {
    throw new ResultsFileError(
      `${file}: refused: parts of the file disagree with its own trials ` +
        `(report-only mode recomputes them and believes none):\n${judged.problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  const results = judged.results;
  // docs/guard.md: a baseline cannot be recomputed here (it needs the repository at its ref); it is
  // checked in full and shown as the file says. Its widenings and suite changes are judged again
  // with this step's allow-widening and allow-suite-changes: each fails the gate unless the step
  // allows its kind, whatever the file says.
  let guard: AnalysisViolation[] = [];
  let analyses = judged.parts.analyses;
  if (r.baseline !== undefined) {
    const bad = checkBaseline(r.baseline);
    if (bad) throw new ResultsFileError(`${file}: not a delegation-bench results file: ${bad}`);
    const allowWidening = options.allowWidening ?? false;
    const allowSuite = options.allowSuiteChanges ?? false;
    // The approval is this step's too (the label on the pull request now), never the file's.
    const { approved_by: _fileApproval, ...fileBaseline } = r.baseline;
    const b = {
      ...fileBaseline,
      allow_widening: allowWidening,
      allow_suite_changes: allowSuite,
      ...(options.approvedBy !== undefined ? { approved_by: options.approvedBy } : {}),
    };
    guard = [...suiteViolations(b.suite_changes, b.ref, allowSuite), ...widenedViolations(b.widenings, allowWidening)];
    // The file's own guard findings are replaced by the ones judged here.
    analyses = analyses.filter((v) => v.kind !== 'authority_widened' && v.kind !== 'suite_weakened');
    results.baseline = b;
  }
  // docs/analyses.md#monotonicity-audit: a link wider than its parent is approved by THIS step's
  // allow-widening, never by the file's own `approved` (the run that wrote it is the pull request's).
  analyses = analyses.filter((v) => v.kind !== 'monotonicity_escape');
  let links: MonotonicitySection | undefined;
  if (r.monotonicity !== undefined) {
    const bad = checkMonotonicityFindings(r.monotonicity);
    if (bad) throw new ResultsFileError(`${file}: not a delegation-bench results file: ${bad}`);
    const allowWidening = options.allowWidening ?? false;
    links = { ...r.monotonicity, findings: r.monotonicity.findings.map((f) => ({ ...f, approved: allowWidening })) };
  }
  // docs/guard.md#which-base: that no comparison ran is carried over (it can only weaken what the report claims).
  const noBaseline = r.no_baseline;
  if (noBaseline !== undefined) results.no_baseline = noBaseline;
  // docs/llm.md: the LLM section, recomputed from its trials like the matrix (never believed);
  // gated when this step says `gate: llm`, or when the file was gated on it.
  let llm: { results: LlmResults; gated: boolean } | undefined;
  if ((data as { llm?: unknown }).llm !== undefined) {
    const l = rejudgeLlm(data, r.scenarios, options.gateLlm ?? false);
    if ('problems' in l) throw new ResultsFileError(`${file}: refused: ${l.problems.join('; ')}`);
    results.mode = r.mode;
    llm = { results: l.llm, gated: (options.gateLlm ?? false) || l.gated };
  } else if (r.mode !== 'deterministic') {
    throw new ResultsFileError(`${file}: not a delegation-bench results file: $.mode is ${r.mode} but there is no $.llm`);
  }
  // The gate, decided once from every part, as a run decides it (src/pipeline/verdict.ts).
  const decision = decideGate({
    matrixRan: r.mode !== 'llm',
    trials: results.trials,
    summary: results.summary.task_scoped,
    reachability: results.reachability,
    scenarioSources: judged.parts.sources,
    thresholds: step,
    analyses,
    guard,
    ...(links ? { links } : {}),
    ...(llm ? { llm } : {}),
    ...(options.approvedBy !== undefined && r.baseline !== undefined ? { approval: { label: options.approvedBy } } : {}),
  });
  results.gate = decision.gate;
  if (llm) results.llm = decision.llmGate ? { ...llm.results, gate: decision.llmGate } : llm.results;
  const nothing = nothingToGate(results, options.gateLlm ?? false);
  if (nothing) throw new ResultsFileError(`${file}: refused: ${nothing}`);
  // Said of the results as they will be rendered, LLM section included.
  judged.notes.push(...sectionsNotShown(r, results));
  return { results, notes: judged.notes };
}

/**
 * Why the step would give a verdict on nothing, if it would: a gate over zero trials passes
 * vacuously. Scripted trials are what the default gate judges; a `mode: llm` file has none (the
 * matrix did not run) and is judged only when the step gates on its LLM results (`gate: llm`).
 */
function nothingToGate(r: Results, gateLlm: boolean): string | undefined {
  if (r.trials.length > 0) return undefined;
  if (r.mode !== 'llm') return 'the file has no scripted trials: there is nothing for the gate to judge';
  // The comparison with a baseline is judged whatever the mode (docs/guard.md).
  if (gateLlm || r.baseline !== undefined) return undefined;
  return (
    'the file has no scripted trials ($.mode is llm: the scripted matrix did not run), and this step gates on them ' +
    '(input gate: deterministic, the default), so its verdict would pass on nothing; set `gate: llm` to gate on the ' +
    "file's LLM results"
  );
}

const str = string(100_000);
const list = (each: Check): Check => listOf(each, MAX_ITEMS);
const condition = oneOf(...CONDITIONS);

/** JSON nesting of a call's arguments: renderers stringify them recursively. */
function depth(v: unknown, limit: number): boolean {
  if (limit < 0) return false;
  if (Array.isArray(v)) return v.every((x) => depth(x, limit - 1));
  if (isObj(v)) return Object.values(v).every((x) => depth(x, limit - 1));
  return true;
}

const call = shape(
  {
    index: count,
    tool: str,
    args: (v, at) =>
      !isObj(v) ? `${at}: expected an object` : depth(v, MAX_DEPTH) ? undefined : `${at}: nested deeper than ${MAX_DEPTH} levels`,
    expect: oneOf('allow', 'deny'),
    authorized: bool,
  },
  { denial: shape({ code: str, reason: str }), source: str },
);

const trial = shape({
  scenario: str,
  condition,
  task_succeeded: bool,
  attack_succeeded: bool,
  calls_total: count,
  calls_allowed: count,
  calls_blocked: count,
  calls: (v, at) =>
    Array.isArray(v) && v.length > MAX_CALLS_PER_TRIAL ? `${at}: more than ${MAX_CALLS_PER_TRIAL} calls` : list(call)(v, at),
});

const conditionSummary = shape({
  asr: rate,
  tcr: rate,
  calls_blocked: count,
  trials: count,
  false_allows: count,
  false_blocks: count,
});

const violation = shape({ scenario: str, kind: oneOf(...VIOLATION_KIND_NAMES), message: str }, { source: str });

const names = list(str);

const tokenOrigin = shape({ from: str, leaf: str, token_holder: str, token_root: str });
const sha256Hex: Check = (v, at) => (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v) ? undefined : `${at}: expected a SHA-256 digest (64 lowercase hex digits)`);
const policyOrigin = shape({ from: str, sandbox: str, sha256: sha256Hex });

/** `scenario_info[].warrant_from`: by its kind; a file written before kinds existed holds a token's without one. */
const warrantFrom: Check = (v, at) => {
  if (!isObj(v)) return `${at}: expected an object`;
  if (v['kind'] === undefined || v['kind'] === 'token') return tokenOrigin(v, at);
  if (v['kind'] === 'claude_code_policy') return policyOrigin(v, at);
  return oneOf('token', 'claude_code_policy')(v['kind'], `${at}.kind`);
};

/** The origins of a checked file with their kind (a token's when it has none) and nothing else. */
function withOriginKinds(r: Results): void {
  for (const s of r.scenario_info ?? []) {
    const w = s.warrant_from as (Omit<TokenWarrantFrom, 'kind'> & { kind?: undefined }) | WarrantFromInfo | undefined;
    if (w !== undefined) s.warrant_from = warrantFromInfo(w.kind === undefined ? { ...w, kind: 'token' } : w);
  }
}

const results = shape(
  {
    version: (v, at) =>
      v === RESULTS_VERSION
        ? undefined
        : v === 1
          ? `${at}: version 1 comes from an older delegation-bench (without reachability and false allow/block gating); produce the file again with this version`
          : `${at}: expected ${RESULTS_VERSION}`,
    mode: oneOf('deterministic', 'llm', 'both'),
    conditions: list(condition),
    scenarios: list(str),
    trials: (v, at) => (Array.isArray(v) && v.length > MAX_TRIALS ? `${at}: more than ${MAX_TRIALS} trials` : list(trial)(v, at)),
    summary: (v, at) => {
      if (!isObj(v)) return `${at}: expected an object`;
      for (const [k, s] of Object.entries(v)) {
        const p = condition(k, `${at} key '${k}'`) ?? conditionSummary(s, `${at}.${k}`);
        if (p) return p;
      }
      return undefined;
    },
    reachability: shape({ unreachable_attacks: names, tasks_failing_without_warrant: names }),
    gate: shape({
      condition: oneOf('task_scoped'),
      max_asr: rate,
      min_tcr: rate,
      max_false_allows: count,
      max_false_blocks: count,
      passed: bool,
      violations: list(violation),
    }),
  },
  {
    timings: (v, at) => (isObj(v) ? undefined : `${at}: expected an object`),
    scenario_info: list(shape({ name: str, description: str, request: str }, { warrant_from: warrantFrom })),
    no_baseline: string(MAX_NO_BASELINE),
  },
);

/** undefined when `data` is a well-formed, bounded Results, else where and how it is not. */
export function checkResults(data: unknown): string | undefined {
  const p = results(data, '$');
  if (p) return p;
  const r = data as Results;
  // The descriptions the report shows must be those of the scenarios the file ran, in its order.
  const info = r.scenario_info;
  if (info !== undefined && (info.length !== r.scenarios.length || info.some((s, i) => s.name !== r.scenarios[i]))) {
    return '$.scenario_info: its names differ from $.scenarios';
  }
  const calls = r.trials.reduce((n, t) => n + t.calls.length, 0);
  if (calls > MAX_CALLS_TOTAL) return `$.trials: ${calls} calls in all, more than ${MAX_CALLS_TOTAL}`;
  return undefined;
}
