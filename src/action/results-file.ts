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
import { BenchError } from '../lib/errors.js';
import type { Results } from '../results/results.js';
import { MAX_BYTES } from '../results/limits.js';
import { llmOnlyJudged, rejudgeLlm } from './llm-step.js';
import { rejudgeResults, sectionsNotShown } from './results-audit.js';
import { suiteViolations, widenedViolations } from '../guard/index.js';
import { decideGate } from '../pipeline/verdict.js';
import type { AnalysisViolation } from '../trial/gate.js';
import type { LlmResults } from '../results/results.js';
import { checkBaseline, checkMonotonicityFindings, checkResults } from '../results/file-checks.js';
import { MonotonicitySectionSchema, type MonotonicitySection } from '../results/monotonicity.js';
import { warrantFromInfo, type TokenWarrantFrom, type WarrantFromInfo } from '../results/scenario-info.js';

/** Why a results file is refused (docs/action.md, "Report-only mode"): bad input, exit 2. */
export type ResultsFileErrorCode =
  | 'results_file_unreadable' // cannot be read, too large, or not JSON
  | 'results_file_malformed' // not the shape of a results file (docs/results.md)
  | 'results_file_inconsistent' // parts disagree with its own trials
  | 'results_file_nothing_to_gate'; // the step's gate would pass on nothing

export class ResultsFileError extends BenchError {
  override readonly name = 'ResultsFileError';
  readonly kind = 'input';
  constructor(
    readonly code: ResultsFileErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** What the step says about a file it reads (the action's inputs); never the file's own settings. */
export interface ReadOptions {
  allowWidening?: boolean;
  allowSuiteChanges?: boolean;
  /** The step gates on LLM results (`gate: llm`). */
  gateLlm?: boolean;
  /** The approval label the pull request carries now, if any. */
  approvedBy?: string;
}

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
export async function readResultsFile(file: string, step: GateThresholds, options: ReadOptions = {}): Promise<ReadResults> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (e) {
    throw new ResultsFileError(
      'results_file_unreadable',
      `results-path ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  if (size > MAX_BYTES)
    throw new ResultsFileError('results_file_unreadable', `results-path ${file}: ${size} bytes is over the ${MAX_BYTES}-byte limit`);
  const text = await readFile(file, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ResultsFileError('results_file_unreadable', `results-path ${file}: not JSON (${(e as Error).message})`);
  }
  return judgeResults(data, step, options, `results-path ${file}`);
}

/**
 * A parsed results file judged as readResultsFile says (`label` names it in every message): its
 * shape, its parts against its trials, and the gate decided once by the step.
 */
export function judgeResults(data: unknown, step: GateThresholds, options: ReadOptions = {}, label = 'results file'): ReadResults {
  const file = label;
  const problem = checkResults(data);
  if (problem) throw new ResultsFileError('results_file_malformed', `${file}: not a delegation-bench results file: ${problem}`);
  withOriginKinds(data as Results);
  const r = data as Results;
  // docs/llm.md: under mode llm the scripted matrix did not run; there is nothing of it to recompute.
  const judged = r.mode === 'llm' ? llmOnlyJudged(r, step) : rejudgeResults(r, step);
  if ('problems' in judged) {
    throw new ResultsFileError(
      'results_file_inconsistent',
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
    if (bad) throw new ResultsFileError('results_file_malformed', `${file}: not a delegation-bench results file: ${bad}`);
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
    if (bad) throw new ResultsFileError('results_file_malformed', `${file}: not a delegation-bench results file: ${bad}`);
    const allowWidening = options.allowWidening ?? false;
    // Nor by the file's label: `approved_by` is this step's own (decideGate sets it from the event).
    links = {
      ...r.monotonicity,
      findings: r.monotonicity.findings.map(({ approved_by: _fileLabel, ...f }) => ({ ...f, approved: allowWidening })),
    };
  }
  // docs/guard.md#which-base: that no comparison ran is carried over (it can only weaken what the report claims).
  const noBaseline = r.no_baseline;
  if (noBaseline !== undefined) results.no_baseline = noBaseline;
  // docs/llm.md: the LLM section, recomputed from its trials like the matrix (never believed);
  // gated when this step says `gate: llm`, or when the file was gated on it.
  let llm: { results: LlmResults; gated: boolean } | undefined;
  if ((data as { llm?: unknown }).llm !== undefined) {
    const l = rejudgeLlm(data, r.scenarios, options.gateLlm ?? false);
    if ('problems' in l) throw new ResultsFileError('results_file_inconsistent', `${file}: refused: ${l.problems.join('; ')}`);
    results.mode = r.mode;
    llm = { results: l.llm, gated: (options.gateLlm ?? false) || l.gated };
  } else if (r.mode !== 'deterministic') {
    throw new ResultsFileError(
      'results_file_malformed',
      `${file}: not a delegation-bench results file: $.mode is ${r.mode} but there is no $.llm`,
    );
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
    ...(options.approvedBy !== undefined ? { approval: { label: options.approvedBy } } : {}),
  });
  results.gate = decision.gate;
  // The escapes as this step decided them (approved by its allow-widening or its label, docs/action.md),
  // shown when the file's whole section is well formed: a reviewer sees what the label approved.
  if (decision.links && MonotonicitySectionSchema.safeParse(r.monotonicity).success) results.monotonicity = decision.links;
  if (llm) results.llm = decision.llmGate ? { ...llm.results, gate: decision.llmGate } : llm.results;
  const nothing = nothingToGate(results, options.gateLlm ?? false);
  if (nothing) throw new ResultsFileError('results_file_nothing_to_gate', `${file}: refused: ${nothing}`);
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

/** The origins of a checked file with their kind (a token's when it has none) and nothing else. */
function withOriginKinds(r: Results): void {
  for (const s of r.scenario_info ?? []) {
    const w = s.warrant_from as (Omit<TokenWarrantFrom, 'kind'> & { kind?: undefined }) | WarrantFromInfo | undefined;
    if (w !== undefined) s.warrant_from = warrantFromInfo(w.kind === undefined ? { ...w, kind: 'token' } : w);
  }
}
