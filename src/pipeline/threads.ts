/**
 * The threads of one run: N threads are this one and N - 1 worker threads, started the first time
 * the work is known to be large enough to pay for them (MIN_SCENARIOS_FOR_WORKERS scenarios) and
 * kept until the matrix is done. Below the threshold, or with one thread, everything happens here.
 *
 * A whole run (every scenario, in the scripted matrix) has its files loaded where they run
 * (`loadElsewhere`, shard.ts says why): each worker, and this thread, reads, parses, checks and
 * runs ranges of the files, and this thread gathers the loads and the units in file order. Any
 * other run (some scenarios by name, LLM mode) loads here, starting the workers as soon as the
 * loader has counted the files (`prestart`) so that they load their bundle meanwhile, and shares
 * the scenarios with them.
 */
import type { WorkLimits } from '../lib/budget.js';
import { contextFor, type RunContext } from '../chains/run-context.js';
import type { Scenario } from '../model/scenario.js';
import type { LoadElsewhere } from '../scenario/load-yaml.js';
import type { AnalysisOptions } from './analyses.js';
import { WorkerPool } from './pool.js';
import type { UnitJobSettings } from './protocol.js';
import { loadAndRunOnWorkers, shardedUnits, type ShardedRun } from './shard.js';
import type { UnitOutcome } from './unit.js';

/**
 * Below this many scenarios one thread is as fast: a worker costs a bundle load (about a bare Node
 * start) and the scenarios' transfer. Measured on 2 cores with probes and mutants: 48 copies of
 * the built-ins take 1.95 s on two workers against 2.20 s on one thread (medians of three).
 */
export const MIN_SCENARIOS_FOR_WORKERS = 48;

/** How many threads (this one included) `count` scenarios use: 1 unless more are wanted, the work is large and a worker exists. */
export function threadCount(wanted: number, count: number, script: URL | undefined): number {
  if (wanted <= 1 || count < MIN_SCENARIOS_FOR_WORKERS || script === undefined) return 1;
  return Math.min(wanted, count);
}

export interface ThreadOptions {
  /** Threads the run may use, this one included (1: this thread only; 2: it and one worker). */
  readonly workers: number;
  /** The worker entry; none: everything runs here. */
  readonly script: URL | undefined;
  /**
   * The run's context, for the work this thread takes: the chains it builds while loading files
   * are the run's (the comparison and LLM mode reuse them). Unset: one made from the seed.
   */
  readonly context?: RunContext;
}

export class RunThreads {
  readonly #options: ThreadOptions;
  #pool: WorkerPool | undefined;
  /** The files the workers loaded and ran (`loadElsewhere`), until the matrix takes their units. */
  #sharded: ShardedRun | undefined;

  constructor(options: ThreadOptions) {
    this.#options = options;
  }

  /** The pool for `count` scenarios, started on first need; undefined when this thread alone should run them. */
  #poolFor(count: number): WorkerPool | undefined {
    const threads = threadCount(this.#options.workers, count, this.#options.script);
    if (threads <= 1) return undefined;
    this.#pool ??= new WorkerPool(this.#options.script!, threads - 1); // this thread is the N-th
    return this.#pool;
  }

  /** Starts the workers now if `count` scenarios would use them (the loader's file count). */
  readonly prestart = (count: number): void => {
    this.#poolFor(count);
  };

  /**
   * For the loader (load-yaml.ts): the files loaded on the workers and this thread, which then run
   * their scenarios with `settings` at once, when there are enough files to start the workers;
   * `computeUnits` with the same scenarios, in the same order, collects the units.
   */
  loadElsewhere(settings: UnitJobSettings): LoadElsewhere {
    return (files, confine) => {
      const pool = this.#poolFor(files.length);
      if (pool === undefined) return undefined;
      const context = contextFor(settings.seed, this.#options.context);
      return loadAndRunOnWorkers(pool, files, confine, settings, context).then((run) => {
        this.#sharded = run;
        return run.loads;
      });
    };
  }

  /**
   * The scenarios' units from the workers and this thread, or undefined when the run belongs on
   * this thread alone. `threads`: how many ran them, this one included. `startedAt`
   * (performance.now()): when the threads started on the files, if they loaded them.
   */
  async computeUnits(
    scenarios: readonly Scenario[],
    seed: string,
    analyses: AnalysisOptions,
    limits?: WorkLimits,
    context: RunContext | undefined = this.#options.context,
  ): Promise<{ units: UnitOutcome[]; threads: number; startedAt?: number } | undefined> {
    const sharded = this.#sharded;
    this.#sharded = undefined;
    if (sharded !== undefined && sameWork(sharded, scenarios, { seed, analyses, ...(limits !== undefined ? { limits } : {}) })) {
      return { units: shardedUnits(sharded), threads: this.#pool!.size + 1, startedAt: sharded.startedAt };
    }
    const pool = this.#poolFor(scenarios.length);
    if (pool === undefined) return undefined;
    return { units: await pool.computeUnits(scenarios, seed, analyses, limits, context), threads: pool.size + 1 };
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    this.#sharded = undefined;
    await pool?.close();
  }
}

/** Whether the workers ran exactly these scenarios (the same objects, in order) with these settings. */
function sameWork(run: ShardedRun, scenarios: readonly Scenario[], settings: UnitJobSettings): boolean {
  const ran = run.settings;
  if (ran.seed !== settings.seed || ran.analyses !== settings.analyses || ran.limits !== settings.limits) return false;
  return run.scenarios.length === scenarios.length && run.scenarios.every((s, i) => s === scenarios[i]);
}
