/**
 * The worker threads of one run, started the first time the work is large enough to pay for them
 * (MIN_SCENARIOS_FOR_WORKERS items) and then kept for the rest of the run: the same workers parse
 * the scenario files and run the scenarios, so they start (load the bundle, the environment's
 * parsers) once, and while this thread is still reading files. Below the threshold, or with one
 * thread, everything happens here.
 */
import { parseHere, type ParseItem, type ParsedItem, type ScenarioParser } from '../bench/scenario/load-yaml.js';
import type { Scenario } from '../bench/scenario/types.js';
import type { AnalysisOptions } from './analyses.js';
import { WorkerPool } from './pool.js';
import type { UnitOutcome } from './unit.js';

/**
 * Below this many scenarios one thread is as fast: a worker costs a bundle load (about a bare Node
 * start) and the scenarios' transfer. Measured on 2 cores with probes and mutants: 48 copies of
 * the built-ins take 1.95 s on two workers against 2.20 s on one thread (medians of three).
 */
export const MIN_SCENARIOS_FOR_WORKERS = 48;

/** How many threads `count` items use: 1 unless more are wanted, the work is large and a worker exists. */
export function threadCount(wanted: number, count: number, script: URL | undefined): number {
  if (wanted <= 1 || count < MIN_SCENARIOS_FOR_WORKERS || script === undefined) return 1;
  return Math.min(wanted, count);
}

export interface ThreadOptions {
  /** Threads the run may use, this one included in the count's meaning (1: this thread only). */
  readonly workers: number;
  /** The worker entry; none: everything runs here. */
  readonly script: URL | undefined;
}

export class RunThreads implements ScenarioParser {
  readonly #o: ThreadOptions;
  #pool: WorkerPool | undefined;

  constructor(o: ThreadOptions) {
    this.#o = o;
  }

  /** The pool for `count` items, started on first need; undefined when this thread should do them. */
  #poolFor(count: number): WorkerPool | undefined {
    const threads = threadCount(this.#o.workers, count, this.#o.script);
    if (threads <= 1) return undefined;
    this.#pool ??= new WorkerPool(this.#o.script!, threads);
    return this.#pool;
  }

  /** Starts the workers as soon as the suite is known to be large: they load while files are read. */
  expect(count: number): void {
    this.#poolFor(count);
  }

  /** The loader's parser: on the workers for a large suite, here otherwise. */
  async parse(items: readonly ParseItem[]): Promise<ParsedItem[]> {
    const pool = this.#poolFor(items.length);
    return pool === undefined ? parseHere(items) : pool.parse(items);
  }

  /** The scenarios' units on the workers, or undefined when the run belongs on this thread. */
  async run(scenarios: readonly Scenario[], seed: string, analyses: AnalysisOptions): Promise<{ units: UnitOutcome[]; threads: number } | undefined> {
    const pool = this.#poolFor(scenarios.length);
    if (pool === undefined) return undefined;
    return { units: await pool.run(scenarios, seed, analyses), threads: pool.size };
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.close();
  }
}
