/**
 * `run --mode llm|both`: what the CLI adds to the pipeline's LLM stage (src/pipeline/pipeline.ts): the
 * settings from the flags, a `--resume` file read, Ctrl-C and progress wired to the console. The
 * run, the gate and the verdict are the pipeline's; an incomplete run (budget, Ctrl-C) never
 * passes, and a shard's verdict is left to `merge`, which sees the whole run (docs/llm.md).
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readLlmSection } from '../llm/section-check.js';
import type { ChatModel } from '../llm/chat.js';
import type { LlmConfig, PipelineEdges } from '../pipeline/pipeline.js';
import { UsageError, type CliIO } from './io.js';
import type { LlmFlags } from './llm-flags.js';
import { progressReporter } from './progress.js';

export const EXIT_INTERRUPTED = 130; // 128 + SIGINT, as shells report it
const MAX_RESULTS_BYTES = 256 * 1024 * 1024;

/** A results file, read within a bound and parsed; its `llm` section checked. */
export async function readResultsJson(file: string, cwd: string, flag: string): Promise<unknown> {
  const path = resolve(cwd, file);
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (e) {
    throw new UsageError(`${flag} ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (size > MAX_RESULTS_BYTES) throw new UsageError(`${flag} ${file}: ${size} bytes is over the ${MAX_RESULTS_BYTES}-byte limit`);
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (e) {
    throw new UsageError(`${flag} ${file}: not JSON (${(e as Error).message})`);
  }
}

/** The pipeline's LLM settings from the flags; `--resume FILE` read and checked here. */
export async function llmConfig(flags: LlmFlags, io: CliIO, chat?: ChatModel): Promise<LlmConfig> {
  const resume =
    flags.resume === undefined
      ? undefined
      : readLlmSection(await readResultsJson(flags.resume, io.cwd, '--resume'), `--resume ${flags.resume}`);
  return {
    model: flags.model,
    runs: flags.runs,
    concurrency: flags.concurrency,
    settings: {
      maxTurns: flags.maxTurns,
      temperature: flags.temperature,
      denialDetail: flags.denialDetail,
      transcripts: flags.transcripts,
    },
    ...(flags.maxTokensTotal !== undefined ? { maxTokensTotal: flags.maxTokensTotal } : {}),
    ...(flags.shard ? { shard: flags.shard } : {}),
    ...(resume ? { resume } : {}),
    gate: flags.gateLlm,
    server: { apiKey: flags.apiKey, baseURL: flags.baseURL, timeoutMs: flags.timeoutMs, retries: flags.retries },
    ...(chat ? { chat } : {}),
  };
}

/** Ctrl-C stops the LLM stage (the finished trials are kept); progress goes to stderr. `done` unhooks both. */
export function llmEdges(io: CliIO): { edges: Pick<PipelineEdges, 'signal' | 'onProgress'>; done: () => void } {
  const controller = new AbortController();
  const unhook = io.onInterrupt?.(() => {
    io.stderr('\ndelegation-bench: interrupted; writing the finished trials (Ctrl-C again to quit at once)\n');
    controller.abort();
  });
  const progress = progressReporter(io.stderr, io.stderrIsTTY ?? false);
  return {
    edges: { signal: controller.signal, onProgress: progress.update },
    done: () => {
      progress.end();
      unhook?.();
    },
  };
}
