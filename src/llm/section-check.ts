/**
 * The `llm` section of a results file read back for `--resume` or `merge`: untrusted input (a
 * shard's file comes from another machine, maybe from a fork). Its shape is checked before any of
 * it is used, and its numbers are never trusted: cells and summaries are recomputed from trials.
 */
import type { LlmResults } from '../results/results.js';
import { isObj } from '../results/checks.js';
import { checkLlmSection } from '../results/file-checks.js';
import { LlmInputError } from './errors.js';

/** The `llm` section of parsed JSON `data`, checked; `what` names the file in messages. */
export function readLlmSection(data: unknown, what: string): LlmResults {
  if (!isObj(data) || data.llm === undefined) {
    throw new LlmInputError('merge_bad_file', `${what}: not a results file of an LLM run (no "llm" section)`);
  }
  const p = checkLlmSection(data.llm);
  if (p) throw new LlmInputError('merge_bad_file', `${what}: ${p}`);
  const l = data.llm as LlmResults;
  // The counts of each trial must agree with its calls: they feed the rates.
  for (const [i, t] of l.trials.entries()) {
    const allowed = t.calls.filter((c) => c.authorized).length;
    const blocked = t.calls.filter((c) => c.denial !== undefined).length;
    if (t.calls_total !== t.calls.length || t.calls_allowed !== allowed || t.calls_blocked !== blocked) {
      throw new LlmInputError('merge_bad_file', `${what}: $.llm.trials[${i}]: call counts disagree with its calls`);
    }
  }
  return l;
}
