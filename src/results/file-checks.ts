/**
 * The checks of an untrusted results file (docs/results.md, "Reading an untrusted results file"):
 * each part against its schema (a message naming the first wrong value by its JSON path), and the
 * bounds that span the whole file. Used by report-only mode (src/action/results-file.ts), `merge`
 * and `--resume` (src/llm/section-check.ts).
 */
import { firstProblem, isObj } from './checks.js';
import { BaselineResultsSchema } from './baseline-comparison.js';
import { MonotonicityFindingsSchema } from './monotonicity.js';
import { LlmSectionSchema } from './llm-results.js';
import { ResultsFileSchema, type Results } from './results.js';
import { MAX_CALLS_TOTAL } from './limits.js';

/** undefined when `data` is a well-formed, bounded results file (its frame), else where and how it is not. */
export function checkResults(data: unknown): string | undefined {
  const problem = firstProblem(ResultsFileSchema, data);
  if (problem) return problem;
  const results = data as Results;
  // The descriptions the report shows must be those of the scenarios the file ran, in its order.
  const info = results.scenario_info;
  if (info !== undefined && (info.length !== results.scenarios.length || info.some((s, i) => s.name !== results.scenarios[i]))) {
    return '$.scenario_info: its names differ from $.scenarios';
  }
  const calls = results.trials.reduce((n, t) => n + t.calls.length, 0);
  if (calls > MAX_CALLS_TOTAL) return `$.trials: ${calls} calls in all, more than ${MAX_CALLS_TOTAL}`;
  return undefined;
}

/** undefined when `baseline` is a well-formed, bounded `baseline` part, else where and how it is not. */
export function checkBaseline(baseline: unknown, at = '$.baseline'): string | undefined {
  return firstProblem(BaselineResultsSchema, baseline, at);
}

/**
 * The findings of an untrusted file's `monotonicity` section (report-only mode): bounded and
 * shaped, so that they can be judged again with the step's own allow-widening.
 */
export function checkMonotonicityFindings(monotonicity: unknown): string | undefined {
  if (!isObj(monotonicity)) return '$.monotonicity: expected an object';
  return firstProblem(MonotonicityFindingsSchema, monotonicity, '$.monotonicity');
}

/** The `llm` section of a file read back, checked (its cells, summary and tokens are recomputed, not read). */
export function checkLlmSection(llm: unknown, at = '$.llm'): string | undefined {
  return firstProblem(LlmSectionSchema, llm, at);
}
