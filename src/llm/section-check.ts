/**
 * The `llm` section of a results file read back for `--resume` or `merge`: untrusted input (a
 * shard's file comes from another machine, maybe from a fork). Its shape is checked before any of
 * it is used, and its numbers are never trusted: cells and summaries are recomputed from trials.
 */
import { CONDITIONS, type LlmResults } from '../results/results.js';
import { LlmInputError } from './errors.js';
import { bool, count, isObj, list as listOf, nullable, oneOf, shape, string, type Check } from '../results/json-check.js';

const MAX_ITEMS = 1_000_000;
const str = string(1_000_000);
const list = (each: Check): Check => listOf(each, MAX_ITEMS);
const positive: Check = (v, at) => count(v, at) ?? ((v as number) >= 1 ? undefined : `${at}: expected an integer ≥ 1`);
const numOrNull: Check = (v, at) => (v === null || (typeof v === 'number' && Number.isFinite(v)) ? undefined : `${at}: expected a number or null`);

const codeMsg = shape({ code: str, message: str });
const call = shape(
  { index: positive, turn: positive, tool: str, args: (v, at) => (v === null || isObj(v) ? undefined : `${at}: expected an object or null`), authorized: bool },
  { denial: shape({ code: str, reason: str }), error: codeMsg },
);
const strOrNull = nullable(str);
const message = shape(
  { role: oneOf('system', 'user', 'assistant', 'tool'), content: strOrNull },
  { tool_calls: list(shape({ id: str, name: str, arguments: str })), tool_call_id: str },
);
const tokens = shape({ prompt: count, completion: count, total: count });
const trial = shape(
  {
    mode: oneOf('llm'),
    scenario: str,
    condition: oneOf(...CONDITIONS),
    run: positive,
    task_succeeded: bool,
    attack_succeeded: bool,
    calls_total: count,
    calls_allowed: count,
    calls_blocked: count,
    turns: count,
    stop: oneOf('final_answer', 'max_turns', 'error'),
    tokens,
    calls: list(call),
  },
  { error: codeMsg, transcript: list(message) },
);

const llm = shape(
  {
    model: str,
    runs: positive,
    seed: str,
    inputs: str,
    config: shape({ max_turns: positive, temperature: numOrNull, denial_detail: bool, transcripts: bool }),
    complete: bool,
    trials: list(trial),
  },
  { shard: shape({ index: positive, count: positive }), stopped: shape({ reason: oneOf('budget', 'interrupted'), message: str }) },
);

/** The `llm` section of parsed JSON `data`, checked; `what` names the file in messages. */
export function readLlmSection(data: unknown, what: string): LlmResults {
  if (!isObj(data) || data.llm === undefined) {
    throw new LlmInputError('merge_bad_file', `${what}: not a results file of an LLM run (no "llm" section)`);
  }
  const p = llm(data.llm, '$.llm');
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
