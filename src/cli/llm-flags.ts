/**
 * `run`'s LLM-mode flags (docs/llm.md): parsed and checked here so that run.ts only wires them in.
 * The API key comes from OPENAI_API_KEY alone (a flag would put it in shell history and process
 * lists); it is never printed and never written into results.
 */
import { parseShard, type Shard } from '../llm/trial-keys.js';
import { DEFAULT_MAX_TURNS } from '../llm/trial.js';
import { UsageError } from './io.js';

export const LLM_OPTIONS = {
  mode: { type: 'string' },
  model: { type: 'string' },
  runs: { type: 'string' },
  'base-url': { type: 'string' },
  concurrency: { type: 'string' },
  'max-turns': { type: 'string' },
  temperature: { type: 'string' },
  'max-tokens-total': { type: 'string' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
  'denial-detail': { type: 'boolean' },
  transcripts: { type: 'boolean' },
  shard: { type: 'string' },
  resume: { type: 'string' },
  gate: { type: 'string', multiple: true },
} as const;

export const LLM_HELP = `
LLM mode (a real model plays the worker; OpenAI-compatible Chat Completions):
  --mode M              deterministic (default), llm, or both
  --model M             the model name (required with llm or both)
  --runs N              runs per scenario × condition (default 5, as the reference); rates are
                        mean ± sample std over the completed runs
  --base-url URL        an OpenAI-compatible server (default: $OPENAI_BASE_URL, else OpenAI)
  --concurrency K       trials at a time (default 4)
  --max-turns T         model calls per trial at most (default ${DEFAULT_MAX_TURNS})
  --temperature X       sampling temperature, 0 to 2 (default: the server's)
  --max-tokens-total N  start no new trial once N tokens are used; the file says so (resume it)
  --timeout S           seconds per request (default 60); 429/5xx/timeouts are retried first
  --retries N           retries per request, with backoff honouring retry-after (default 2)
  --denial-detail       tell the model why a call was denied (default: "Unauthorized" only)
  --transcripts         keep each trial's conversation in the JSON results
  --shard I/N           run only the I-th of N slices of the (scenario, condition, run) trials;
                        join the shard files with 'delegation-bench merge'
  --resume FILE         continue the JSON results FILE of an interrupted or budget-stopped run
  --gate llm            gate on LLM task_scoped mean ASR/TCR too (default: only deterministic)
The key is read from OPENAI_API_KEY (never from a flag). Ctrl-C writes the finished trials.
`;

/** The reference's default (`run.py --runs`). */
export const DEFAULT_RUNS = 5;

export type Mode = 'deterministic' | 'llm' | 'both';

export interface LlmFlags {
  mode: Mode;
  model: string;
  runs: number;
  baseURL: string | undefined;
  apiKey: string | undefined;
  concurrency: number;
  maxTurns: number;
  temperature: number | undefined;
  maxTokensTotal: number | undefined;
  timeoutMs: number;
  retries: number;
  denialDetail: boolean;
  transcripts: boolean;
  shard: Shard | undefined;
  resume: string | undefined;
  gateLlm: boolean;
}

type Values = {
  [K in keyof typeof LLM_OPTIONS]?: (typeof LLM_OPTIONS)[K] extends { multiple: true }
    ? string[]
    : (typeof LLM_OPTIONS)[K]['type'] extends 'boolean'
      ? boolean
      : string;
};

function int(flag: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const t = text.trim();
  const n = /^\d{1,12}$/.test(t) ? Number(t) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`${flag} expects a whole number from ${min} to ${max}, got '${text}'`);
  return n;
}

const MAX_MODEL_CHARS = 256;

/** The flags that only LLM mode uses, named so that a deterministic run can refuse them. */
const LLM_ONLY = [
  'model',
  'runs',
  'base-url',
  'concurrency',
  'max-turns',
  'temperature',
  'max-tokens-total',
  'timeout',
  'retries',
  'denial-detail',
  'transcripts',
  'shard',
  'resume',
] as const;

export function parseLlmFlags(values: Values, env: Readonly<Record<string, string | undefined>>): LlmFlags {
  const mode = (values.mode ?? 'deterministic') as Mode;
  if (!['deterministic', 'llm', 'both'].includes(mode))
    throw new UsageError(`--mode must be deterministic, llm or both, got '${values.mode}'`);
  const gates = values.gate ?? [];
  for (const g of gates) if (g !== 'llm' && g !== 'deterministic') throw new UsageError(`--gate must be deterministic or llm, got '${g}'`);
  const gateLlm = gates.includes('llm');
  const given = LLM_ONLY.filter((k) => values[k] !== undefined);
  if (mode === 'deterministic') {
    if (given.length > 0 || gateLlm) {
      const what = given.length > 0 ? `--${given[0]}` : '--gate llm';
      throw new UsageError(`${what} applies to LLM mode only; add --mode llm or --mode both`);
    }
  }
  const shard: Shard | undefined = values.shard === undefined ? undefined : parseShard(values.shard);
  const flags: LlmFlags = {
    mode,
    model: (values.model ?? '').trim(),
    runs: int('--runs', values.runs, DEFAULT_RUNS, 1, 10_000),
    baseURL: undefined,
    apiKey: undefined,
    concurrency: int('--concurrency', values.concurrency, 4, 1, 256),
    maxTurns: int('--max-turns', values['max-turns'], DEFAULT_MAX_TURNS, 1, 1000),
    temperature: undefined,
    maxTokensTotal:
      values['max-tokens-total'] === undefined
        ? undefined
        : int('--max-tokens-total', values['max-tokens-total'], 0, 1, Number.MAX_SAFE_INTEGER),
    timeoutMs: Math.round(numberIn('--timeout', values.timeout, 60, 0.001, 3600) * 1000),
    retries: int('--retries', values.retries, 2, 0, 10),
    denialDetail: values['denial-detail'] ?? false,
    transcripts: values.transcripts ?? false,
    shard,
    resume: values.resume,
    gateLlm,
  };
  if (values.temperature !== undefined) flags.temperature = numberIn('--temperature', values.temperature, 0, 0, 2);
  if (mode === 'deterministic') return flags;

  if (flags.model === '') throw new UsageError(`--mode ${mode} needs --model NAME (the model your server serves, e.g. gpt-4o-mini)`);
  if (flags.model.length > MAX_MODEL_CHARS || /[\u0000-\u001f]/.test(flags.model)) throw new UsageError('--model: not a model name');
  const apiKey = env.OPENAI_API_KEY?.trim() || undefined;
  const rawBase = (values['base-url'] ?? env.OPENAI_BASE_URL)?.trim() || undefined;
  if (apiKey === undefined && rawBase === undefined) {
    throw new UsageError(
      `--mode ${mode} needs a model server: set OPENAI_API_KEY for OpenAI, or --base-url URL (or OPENAI_BASE_URL) ` +
        'for an OpenAI-compatible server such as vLLM, Ollama or LiteLLM (with OPENAI_API_KEY if it wants one)',
    );
  }
  if (rawBase !== undefined) {
    let u: URL | undefined;
    try {
      u = new URL(rawBase);
    } catch {
      u = undefined;
    }
    // The URL is not echoed back: it may carry credentials.
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:'))
      throw new UsageError('--base-url (or OPENAI_BASE_URL) must be an http or https URL');
  }
  flags.apiKey = apiKey;
  flags.baseURL = rawBase;
  return flags;
}

function numberIn(flag: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const t = text.trim();
  const n = /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`${flag} expects a number from ${min} to ${max}, got '${text}'`);
  return n;
}
