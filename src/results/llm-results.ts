/**
 * The `llm` section of the results JSON (docs/results.md, docs/llm.md): a real model plays the
 * worker; N runs per scenario × condition. Key order here is the order written, so that equal
 * results are equal bytes whether they were built by a run, a resume or a merge of shards. A
 * section read back (`--resume`, `merge`, report-only mode) comes from another machine, maybe
 * from a fork: `LlmSectionSchema` checks what is used of it; its numbers are never trusted (cells,
 * summaries and tokens are recomputed from its trials).
 */
import * as z from 'zod';
import { CONDITIONS } from '../model/condition.js';
import { count, flag, keyedBy, list, numberOrNull, oneOf, positive, record, text } from './checks.js';
import { denialSchema } from './denial.js';
import { LLM_BOUNDS } from './limits.js';

const str = text(LLM_BOUNDS.maxString);
const many = <T extends z.ZodType>(item: T) => list(item, LLM_BOUNDS.maxItems);
const condition = oneOf(CONDITIONS);
const codeAndMessage = record({ code: str, message: str });

/** A mean and a sample standard deviation; null where there are too few completed runs (<1, <2). */
export const MeanStdSchema = record({ mean: numberOrNull, std: numberOrNull });

export const LlmTokensSchema = record({ prompt: count, completion: count, total: count });

/** One tool call the model made. `args` is null when its arguments were not a JSON object. */
export const LlmCallSchema = record({
  index: positive, // 1-based, across the whole trial
  turn: positive, // 1-based model call that asked for it
  tool: str,
  args: z
    .record(z.string(), z.unknown(), { error: (issue) => (issue.input === undefined ? 'missing' : 'expected an object or null') })
    .nullable(),
  authorized: flag,
  denial: denialSchema(LLM_BOUNDS.maxString).optional(), // the chain refused it
  /**
   * The call could not be made at all: `malformed_arguments`, `unknown_tool`, or
   * `argument_binding_error` (its arguments do not fit the tool's signature). Not a block.
   */
  error: codeAndMessage.optional(),
});

/** A message of the conversation, as sent to / received from the API (`--transcripts`). */
export const LlmMessageSchema = record({
  role: oneOf(['system', 'user', 'assistant', 'tool']),
  content: str.nullable(),
  tool_calls: many(record({ id: str, name: str, arguments: str })).optional(),
  tool_call_id: str.optional(),
});

export const LlmTrialSchema = record({
  mode: oneOf(['llm']),
  scenario: str,
  condition,
  run: positive, // 1-based
  task_succeeded: flag,
  attack_succeeded: flag,
  calls_total: count,
  calls_allowed: count,
  calls_blocked: count,
  turns: count,
  /** How the conversation ended: a reply without tool calls, or the turn limit. */
  stop: oneOf(['final_answer', 'max_turns', 'error']),
  tokens: LlmTokensSchema,
  calls: many(LlmCallSchema),
  /** The API failed after its retries: the trial is excluded from the rates, never a block. */
  error: codeAndMessage.optional(),
  transcript: many(LlmMessageSchema).optional(),
});

const cellStats = {
  runs: count, // trials that completed (counted in the rates)
  errors: count, // trials that failed on the API (excluded)
  asr: MeanStdSchema,
  tcr: MeanStdSchema,
  calls_blocked: record({ sum: count, mean: numberOrNull }),
  tokens: count,
};
export const LlmCellStatsSchema = record(cellStats);
export const LlmCellSchema = record({ scenario: str, condition, ...cellStats });

export const LlmGateSchema = record({
  condition: oneOf(['task_scoped']),
  max_asr: z.number(),
  min_tcr: z.number(),
  passed: flag,
  violations: many(record({ scenario: str, kind: oneOf(['asr', 'tcr', 'errors', 'incomplete']), message: str })),
});

export const LlmResultsSchema = record({
  model: str,
  runs: positive, // N runs per scenario × condition
  seed: str,
  /** SHA-256 of the scenarios as run: shards and resumed runs must agree on it. */
  inputs: str,
  config: record({ max_turns: positive, temperature: numberOrNull, denial_detail: flag, transcripts: flag }),
  shard: record({ index: positive, count: positive }).optional(),
  /** False when the run stopped early (token budget, interrupt): `--resume FILE` continues it. */
  complete: flag,
  stopped: record({ reason: oneOf(['budget', 'interrupted']), message: str }).optional(),
  cells: many(LlmCellSchema),
  summary: keyedBy(CONDITIONS, LlmCellStatsSchema),
  tokens: LlmTokensSchema,
  gate: LlmGateSchema.optional(), // only with --gate llm
  trials: many(LlmTrialSchema),
});

/**
 * What is checked of a section read back: everything but its cells, summary, tokens and gate,
 * which are recomputed from its trials (and compared, where the file is judged).
 */
export const LlmSectionSchema = LlmResultsSchema.extend({
  cells: z.unknown().optional(),
  summary: z.unknown().optional(),
  tokens: z.unknown().optional(),
  gate: z.unknown().optional(),
});

export type MeanStd = z.infer<typeof MeanStdSchema>;
export type LlmTokens = z.infer<typeof LlmTokensSchema>;
export type LlmCall = z.infer<typeof LlmCallSchema>;
export type LlmMessage = z.infer<typeof LlmMessageSchema>;
export type LlmTrial = z.infer<typeof LlmTrialSchema>;
export type LlmCellStats = z.infer<typeof LlmCellStatsSchema>;
export type LlmCell = z.infer<typeof LlmCellSchema>;
export type LlmGate = z.infer<typeof LlmGateSchema>;
export type LlmResults = z.infer<typeof LlmResultsSchema>;
