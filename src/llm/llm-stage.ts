/**
 * An LLM-mode run: every (scenario, condition, run) triple of the shard, K at a time, with a token
 * budget, an interrupt, and resumption from an earlier partial file. Results come back in the
 * fixed triple order (cells.ts) whatever order they finished in.
 *
 * Stopping: when the budget is spent or the signal fires, no new trial starts; trials under way
 * finish (budget) or are dropped (interrupt: their requests are aborted, and a half-run trial is
 * not a result). The finished ones are returned with `complete: false` and why.
 */
import { contextFor, type RunContext } from '../chains/run-context.js';
import { loadShellParser } from '../world/shell.js';
import { HarnessError, formatSource } from '../model/errors.js';
import { ScenarioJudge } from '../trial/judge.js';
import type { Condition, LlmCellStats, LlmResults, LlmTrial } from '../results/results.js';
import type { Scenario } from '../model/scenario.js';
import { llmCells, llmSummary, totalTokens } from './aggregate.js';
import { allTrialKeys, keyOf, shardKeys, type Shard, type TrialKey } from './trial-keys.js';
import type { ChatModel } from './chat.js';
import { ApiError, LlmInputError } from './errors.js';
import { inputsDigest } from './inputs-digest.js';
import { playLlmTrial, type TrialSettings } from './trial.js';

export interface LlmStageOptions {
  scenarios: readonly Scenario[];
  seed: string;
  /** The run's context, of `seed`; default: a new one from `seed`. */
  context?: RunContext;
  model: string;
  chat: ChatModel;
  runs: number;
  concurrency: number;
  settings: Omit<TrialSettings, 'signal'>;
  /** Stop starting trials once this run has used this many tokens. */
  maxTokensTotal?: number;
  shard?: Shard;
  /** The `llm` part of an earlier, partial results file of the same inputs. */
  resume?: LlmResults;
  signal?: AbortSignal;
  onProgress?: (p: LlmProgress) => void;
}

export interface LlmProgress {
  trial: LlmTrial;
  done: number; // trials finished, resumed ones included
  total: number; // trials of this shard
  tokens: number; // used by this invocation
  /** Set when this trial was the last of its scenario × condition. */
  cell?: { scenario: string; condition: Condition; stats: LlmCellStats };
}

type Header = Pick<LlmResults, 'model' | 'runs' | 'seed' | 'inputs' | 'config' | 'shard'>;

function header(o: LlmStageOptions): Header {
  return {
    model: o.model,
    runs: o.runs,
    seed: o.seed,
    inputs: inputsDigest(o.scenarios),
    config: {
      max_turns: o.settings.maxTurns,
      temperature: o.settings.temperature ?? null,
      denial_detail: o.settings.denialDetail,
      transcripts: o.settings.transcripts,
    },
    ...(o.shard ? { shard: { ...o.shard } } : {}),
  };
}

/** What must agree for two result files to describe parts of the same run. */
export function sameRun(header: Header, other: Header): string | undefined {
  if (header.model !== other.model) return `model '${header.model}' ≠ '${other.model}'`;
  if (header.runs !== other.runs) return `runs ${header.runs} ≠ ${other.runs}`;
  if (header.seed !== other.seed) return 'the seeds differ';
  if (header.inputs !== other.inputs) return 'the scenarios differ';
  if (JSON.stringify(header.config) !== JSON.stringify(other.config))
    return `settings ${JSON.stringify(header.config)} ≠ ${JSON.stringify(other.config)}`;
  return undefined;
}

/** Assembles the `llm` section from a header and the finished trials in key order. */
export function assemble(header: Header, scenarios: readonly string[], trials: LlmTrial[], stopped?: LlmResults['stopped']): LlmResults {
  return {
    ...header,
    complete: stopped === undefined,
    ...(stopped ? { stopped } : {}),
    cells: llmCells(scenarios, trials),
    summary: llmSummary(trials),
    tokens: totalTokens(trials),
    trials,
  };
}

export async function llmStage(options: LlmStageOptions): Promise<LlmResults> {
  // A model may call run_command in any scenario (every built-in is offered), so the shell parser
  // is always needed here; its ~350 ms start is small beside one model call.
  await loadShellParser();
  const h = header(options);
  const names = options.scenarios.map((s) => s.name);
  const keys = shardKeys(allTrialKeys(names, options.runs), options.shard);
  const finished = new Map<string, LlmTrial>();

  if (options.resume) {
    const why =
      sameRun(h, options.resume) ??
      (JSON.stringify(h.shard ?? null) !== JSON.stringify(options.resume.shard ?? null) ? 'the shards differ' : undefined);
    if (why) throw new LlmInputError('resume_mismatch', `--resume: the file is from a different run: ${why}`);
    const wanted = new Set(keys.map(keyOf));
    // Trials that failed on the API are run again; finished ones are kept as they are.
    for (const t of options.resume.trials) if (t.error === undefined && wanted.has(keyOf(t))) finished.set(keyOf(t), t);
  }

  const byName = new Map(options.scenarios.map((s) => [s.name, s]));
  const judges = new Map<string, ScenarioJudge>();
  const context = contextFor(options.seed, options.context);
  const pending = keys.filter((k) => !finished.has(keyOf(k)));
  const cellLeft = new Map<string, number>();
  const cellKey = (k: { scenario: string; condition: Condition }) => `${k.scenario}\u0000${k.condition}`;
  for (const k of pending) cellLeft.set(cellKey(k), (cellLeft.get(cellKey(k)) ?? 0) + 1);

  let next = 0;
  let tokens = 0;
  let stopped: LlmResults['stopped'];
  let failure: unknown;

  const runOne = async (k: TrialKey): Promise<void> => {
    const scenario = byName.get(k.scenario)!;
    let judge = judges.get(k.scenario);
    if (!judge) {
      judge = new ScenarioJudge(scenario);
      judges.set(k.scenario, judge);
    }
    let trial: LlmTrial;
    try {
      trial = await playLlmTrial(
        { scenario, condition: k.condition, run: k.run, judge, context, model: options.chat },
        { ...options.settings, ...(options.signal ? { signal: options.signal } : {}) },
      );
    } catch (e) {
      if ((e instanceof ApiError && e.code === 'aborted') || options.signal?.aborted) return; // interrupted: not a result
      throw e;
    }
    finished.set(keyOf(k), trial);
    tokens += trial.tokens.total;
    const left = (cellLeft.get(cellKey(k)) ?? 1) - 1;
    cellLeft.set(cellKey(k), left);
    let cell: LlmProgress['cell'];
    if (left === 0) {
      const mine = keys.filter((x) => x.scenario === k.scenario && x.condition === k.condition).map((x) => finished.get(keyOf(x))!);
      cell = { scenario: k.scenario, condition: k.condition, stats: llmCells([k.scenario], mine)[0]! };
    }
    options.onProgress?.({ trial, done: finished.size, total: keys.length, tokens, ...(cell ? { cell } : {}) });
  };

  const worker = async (): Promise<void> => {
    for (;;) {
      if (failure !== undefined || stopped) return;
      if (options.signal?.aborted) {
        stopped = { reason: 'interrupted', message: 'interrupted; finished trials were kept' };
        return;
      }
      if (options.maxTokensTotal !== undefined && tokens >= options.maxTokensTotal) {
        stopped = {
          reason: 'budget',
          message: `token budget of ${options.maxTokensTotal} spent (${tokens} used); no new trial was started`,
        };
        return;
      }
      const k = pending[next++];
      if (k === undefined) return;
      try {
        await runOne(k);
      } catch (e) {
        failure ??= e;
        return;
      }
    }
  };

  const k = Math.max(1, Math.min(options.concurrency, pending.length || 1));
  await Promise.all(Array.from({ length: k }, worker));
  if (failure !== undefined) throw failure;
  if (options.signal?.aborted && !stopped && finished.size < keys.length) {
    stopped = { reason: 'interrupted', message: 'interrupted; finished trials were kept' };
  }
  if (!stopped && finished.size < keys.length) {
    // Every worker returned with work left: cannot happen unless a trial vanished; never report it complete.
    throw new HarnessError(
      `${formatSource(options.scenarios[0]!.source)}: LLM run ended with ${keys.length - finished.size} trials unaccounted for`,
    );
  }
  const trials = keys.map((x) => finished.get(keyOf(x))).filter((t): t is LlmTrial => t !== undefined);
  return assemble(h, names, trials, finished.size < keys.length ? stopped : undefined);
}
