/**
 * `run --mode llm|both`: the LLM stage after the scripted matrix. Builds the SDK-backed model,
 * reads a `--resume` file, wires Ctrl-C and progress, runs, gates when asked, and attaches the
 * `llm` section. The exit code: the gates as usual; an incomplete run (budget, Ctrl-C) never passes;
 * a shard's own gates are left to `merge`, which sees the whole run.
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Results } from '../results/results.js';
import type { Scenario } from '../model/scenario.js';
import { passedOverall, withLlm } from '../llm/attach.js';
import { readLlmSection } from '../llm/check.js';
import { LlmInputError } from '../llm/errors.js';
import { evaluateLlmGate } from '../llm/gate.js';
import { OpenAIChat } from '../llm/openai-chat.js';
import { runLlm } from '../llm/run-llm.js';
import type { ChatModel } from '../llm/chat.js';
import { EXIT_FAILED, EXIT_OK, UsageError, type CliIO } from './io.js';
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

export interface LlmStageOptions {
  seed: string;
  maxAsr: number;
  minTcr: number;
  /** Tests inject a model; the CLI builds the SDK's. */
  chat?: ChatModel;
}

export async function runLlmStage(base: Results, scenarios: readonly Scenario[], o: LlmStageOptions, f: LlmFlags, io: CliIO): Promise<Results> {
  if (f.mode === 'deterministic') return base;
  let resume;
  if (f.resume !== undefined) {
    try {
      resume = readLlmSection(await readResultsJson(f.resume, io.cwd, '--resume'), `--resume ${f.resume}`);
    } catch (e) {
      if (e instanceof LlmInputError) throw new UsageError(e.message);
      throw e;
    }
  }
  const chat =
    o.chat ??
    new OpenAIChat({ model: f.model, apiKey: f.apiKey, baseURL: f.baseURL, timeoutMs: f.timeoutMs, maxRetries: f.retries });
  const controller = new AbortController();
  const unhook = io.onInterrupt?.(() => {
    io.stderr('\ndelegation-bench: interrupted; writing the finished trials (Ctrl-C again to quit at once)\n');
    controller.abort();
  });
  const progress = progressReporter(io.stderr, io.stderrIsTTY ?? false);
  let llm;
  try {
    llm = await runLlm({
      scenarios,
      seed: o.seed,
      model: f.model,
      chat,
      runs: f.runs,
      concurrency: f.concurrency,
      settings: { maxTurns: f.maxTurns, temperature: f.temperature, denialDetail: f.denialDetail, transcripts: f.transcripts },
      ...(f.maxTokensTotal !== undefined ? { maxTokensTotal: f.maxTokensTotal } : {}),
      ...(f.shard ? { shard: f.shard } : {}),
      ...(resume ? { resume } : {}),
      signal: controller.signal,
      onProgress: progress.update,
    });
  } catch (e) {
    if (e instanceof LlmInputError) throw new UsageError(e.message);
    throw e;
  } finally {
    progress.end();
    unhook?.();
  }
  if (llm.stopped) io.stderr(`delegation-bench: LLM run stopped: ${llm.stopped.message}; continue it with --resume FILE (a --format json file)\n`);
  if (f.gateLlm) llm.gate = evaluateLlmGate(llm, o.maxAsr, o.minTcr);
  return withLlm(base, llm, f.mode, scenarios.map((s) => s.name));
}

/** The run's exit code once the LLM stage is in (deterministic runs keep run.ts's own rule). */
export function llmExitCode(r: Results, f: LlmFlags): number {
  if (r.llm?.stopped?.reason === 'interrupted') return EXIT_INTERRUPTED;
  if (r.llm && !r.llm.complete) return EXIT_FAILED;
  if (f.shard) return EXIT_OK; // the merge of all shards gates
  return passedOverall(r) ? EXIT_OK : EXIT_FAILED;
}
