/**
 * The worker threads of one run, started the first time the work is known to be large enough to
 * pay for them (MIN_SCENARIOS_FOR_WORKERS scenarios) and kept until the matrix is done. The CLI
 * and the action start them as soon as the loader has counted the files (`prestart`), so that
 * they load their bundle while this thread reads and parses the files. Below the threshold, or
 * with one thread, everything happens here.
 *
 * The files themselves are parsed here: parsing them on the workers was measured and did not pay
 * on 2 cores (1,000 files: 1.96–2.26 s against 1.53–2.17 s here), since each worker warms the YAML
 * parser and the schema checker up again, and a cold worker parses at half the speed of a warm one.
 */
import type { WorkLimits } from '../lib/budget.js';
import type { Scenario } from '../model/scenario.js';
import type { AnalysisOptions } from './analyses.js';
import { WorkerPool, type UnitFeed, type UnitJobSettings } from './pool.js';
import type { UnitOutcome } from './unit.js';

/**
 * Below this many scenarios one thread is as fast: a worker costs a bundle load (about a bare Node
 * start) and the scenarios' transfer. Measured on 2 cores with probes and mutants: 48 copies of
 * the built-ins take 1.95 s on two workers against 2.20 s on one thread (medians of three).
 */
export const MIN_SCENARIOS_FOR_WORKERS = 48;

/** How many threads `count` scenarios use: 1 unless more are wanted, the work is large and a worker exists. */
export function threadCount(wanted: number, count: number, script: URL | undefined): number {
  if (wanted <= 1 || count < MIN_SCENARIOS_FOR_WORKERS || script === undefined) return 1;
  return Math.min(wanted, count);
}

export interface ThreadOptions {
  /** Threads the run may use (1: this thread only). */
  readonly workers: number;
  /** The worker entry; none: everything runs here. */
  readonly script: URL | undefined;
}

export class RunThreads {
  readonly #options: ThreadOptions;
  #pool: WorkerPool | undefined;
  /** The units already under way on the workers, fed by the loader (`feed`). */
  #feed: { readonly units: UnitFeed; readonly startedAt: number } | undefined;

  constructor(options: ThreadOptions) {
    this.#options = options;
  }

  /** The pool for `count` scenarios, started on first need; undefined when this thread should run them. */
  #poolFor(count: number): WorkerPool | undefined {
    const threads = threadCount(this.#options.workers, count, this.#options.script);
    if (threads <= 1) return undefined;
    this.#pool ??= new WorkerPool(this.#options.script!, threads);
    return this.#pool;
  }

  /** Starts the workers now if `count` scenarios would use them (the loader's file count). */
  readonly prestart = (count: number): void => {
    this.#poolFor(count);
  };

  /**
   * Starts the workers now if `count` scenarios would use them, and has them compute each scenario
   * handed to `add` at once, while this thread goes on loading the next files. Measured on 1,000
   * generated scenarios, 2 workers, plain run: without it the workers waited for the last file
   * (each was idle for a third of the run's CPU profile) and the run was slower than on one thread.
   * `computeUnits` with the same scenarios, in the same order, then collects what they computed.
   */
  feed(count: number, settings: UnitJobSettings): void {
    const pool = this.#poolFor(count);
    if (pool === undefined || this.#feed !== undefined) return;
    this.#feed = { units: pool.feed(settings, count), startedAt: performance.now() };
  }

  /** How many scenarios the feed has handed to the workers so far (0 without a feed). */
  get fedToWorkers(): number {
    return this.#feed?.units.handedOut ?? 0;
  }

  /** The next loaded scenario, for the feed (nothing when none was started). */
  readonly add = (scenario: Scenario): void => {
    this.#feed?.units.add(scenario);
  };

  /**
   * The scenarios' units on the workers, or undefined when the run belongs on this thread.
   * `startedAt` (performance.now()): when the feed that computed them started, if one did.
   */
  async computeUnits(
    scenarios: readonly Scenario[],
    seed: string,
    analyses: AnalysisOptions,
    limits?: WorkLimits,
  ): Promise<{ units: UnitOutcome[]; threads: number; startedAt?: number } | undefined> {
    const fed = this.#feed;
    this.#feed = undefined;
    if (fed !== undefined) {
      if (sameWork(fed.units, scenarios, { seed, analyses, ...(limits !== undefined ? { limits } : {}) })) {
        return { units: await fed.units.finish(), threads: this.#pool!.size, startedAt: fed.startedAt };
      }
      // Other work than was fed (no feed reaches here in a run): what went out is waited for and dropped.
      await fed.units.finish().catch(() => undefined);
    }
    const pool = this.#poolFor(scenarios.length);
    if (pool === undefined) return undefined;
    return { units: await pool.computeUnits(scenarios, seed, analyses, limits), threads: pool.size };
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    this.#feed = undefined;
    await pool?.close();
  }
}

/** Whether a feed computed exactly these scenarios (the same objects, in order) with these settings. */
function sameWork(feed: UnitFeed, scenarios: readonly Scenario[], settings: UnitJobSettings): boolean {
  const fed = feed.settings;
  if (fed.seed !== settings.seed || fed.analyses !== settings.analyses || fed.limits !== settings.limits) return false;
  return feed.scenarios.length === scenarios.length && feed.scenarios.every((s, i) => s === scenarios[i]);
}
