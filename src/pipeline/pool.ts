/**
 * The run's worker threads. Work is a list cut into jobs of consecutive items, handed out as
 * workers become free (so a slow item does not hold up a whole share); every outcome is put back
 * at its item's index, so what the caller gets is the same for any number of workers and any order
 * of completion. The list may still be growing while the first jobs run (a feed: the loader hands
 * each scenario over as soon as it is checked), so the workers do not wait for the last file.
 */
import { Worker } from 'node:worker_threads';
import type { WorkLimits } from '../lib/budget.js';
import { HarnessError } from '../model/errors.js';
import { encodeScenariosForTransfer } from '../scenario/snapshot.js';
import type { Scenario } from '../model/scenario.js';
import type { AnalysisOptions } from './analyses.js';
import { WORKER_KIND, type WorkerJob, type WorkerFailure, type WorkerReply, type WorkerSetup } from './protocol.js';
import type { UnitOutcome } from './unit.js';

/** About this many jobs per worker: small enough to balance, large enough to amortize messages. */
const JOBS_PER_WORKER = 8;

function raise(f: WorkerFailure): never {
  if (f.name === 'HarnessError') throw new HarnessError(f.message, f.scenario, f.condition, f.source);
  // Another fault of the machinery (a limit, a snapshot that does not read back): the run aborts as for a HarnessError.
  if (f.kind === 'harness') throw new HarnessError(`${f.name}: ${f.message}`);
  throw new Error(`a worker thread failed: ${f.name}: ${f.message}`);
}

/** What every job of one run carries besides its scenarios. */
export interface UnitJobSettings {
  readonly seed: string;
  readonly analyses: AnalysisOptions;
  readonly limits?: WorkLimits;
}

/** Units computed on the workers while their scenarios are still arriving, in the run's order. */
export interface UnitFeed {
  readonly settings: UnitJobSettings;
  /** The scenarios added so far, in order. */
  readonly scenarios: readonly Scenario[];
  /** How many of them are out on the workers or done. */
  readonly handedOut: number;
  /** The next scenario of the run. */
  add(scenario: Scenario): void;
  /** No more scenarios: the outcomes of those added, in order; the earliest job's failure is thrown. */
  finish(): Promise<UnitOutcome[]>;
}

export class WorkerPool {
  readonly #workers: Worker[] = [];
  /** Set when a worker errs or stops on its own: every later dispatch fails with it. */
  #broken: Error | undefined;
  #onBroken: ((e: Error) => void) | undefined;
  #feeding = false;

  /** Starts `size` workers from `script`; they load while this thread goes on. */
  constructor(script: URL, size: number) {
    const setup: WorkerSetup = { kind: WORKER_KIND };
    for (let i = 0; i < size; i++) {
      const w = new Worker(script, { workerData: setup });
      const broken = (e: Error) => {
        this.#broken ??= e;
        this.#onBroken?.(e);
      };
      w.on('error', broken);
      w.on('exit', (code) => broken(new Error(`a worker thread stopped early (exit code ${code})`)));
      this.#workers.push(w);
    }
  }

  get size(): number {
    return this.#workers.length;
  }

  /** Runs every scenario as a unit (its trials, then its analyses). */
  async computeUnits(scenarios: readonly Scenario[], seed: string, analyses: AnalysisOptions, limits?: WorkLimits): Promise<UnitOutcome[]> {
    const feed = this.feed({ seed, analyses, ...(limits !== undefined ? { limits } : {}) }, scenarios.length);
    for (const s of scenarios) feed.add(s);
    return feed.finish();
  }

  /**
   * A feed of about `expected` scenarios (the jobs' size is cut for that many), one at a time on
   * this pool. Jobs go out as soon as a job's worth of scenarios is there and a worker is free.
   */
  feed(settings: UnitJobSettings, expected: number): UnitFeed {
    if (this.#feeding) throw new Error('the worker pool already runs a feed');
    this.#feeding = true;
    const size = Math.max(1, Math.ceil(expected / (this.#workers.length * JOBS_PER_WORKER)));
    return new Feed(this.#workers, settings, size, {
      broken: () => this.#broken,
      onBroken: (f) => (this.#onBroken = f),
      done: () => (this.#feeding = false),
    });
  }

  async close(): Promise<void> {
    this.#onBroken = undefined;
    for (const w of this.#workers) w.removeAllListeners('exit');
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }
}

/** How a feed hears of its pool breaking, and tells the pool it is over. */
interface PoolLink {
  broken(): Error | undefined;
  onBroken(listener: ((e: Error) => void) | undefined): void;
  done(): void;
}

/**
 * One feed's dispatch. The failure of the earliest job wins, as it would on one thread: once a job
 * fails, no later job is handed out, and the ones already out are waited for (one may fail earlier).
 * A failure is only thrown by `finish`, so a load that fails later still reports its own problems.
 */
class Feed implements UnitFeed {
  readonly scenarios: Scenario[] = [];
  readonly #outcomes: UnitOutcome[] = [];
  readonly #idle: Worker[];
  readonly #handlers = new Map<Worker, (reply: WorkerReply) => void>();
  #next = 0; // the first scenario not handed out yet
  #busy = 0;
  #closed = false;
  #firstFailure: { start: number; failure: WorkerFailure } | undefined;
  #broken: Error | undefined;
  #settle: ((e?: Error) => void) | undefined;
  #settled = false;

  constructor(
    workers: readonly Worker[],
    readonly settings: UnitJobSettings,
    private readonly size: number,
    private readonly pool: PoolLink,
  ) {
    this.#idle = [...workers];
    this.#broken = pool.broken();
    pool.onBroken((e) => {
      this.#broken ??= e;
      this.#pump();
    });
    for (const w of workers) {
      const handler = (reply: WorkerReply) => {
        this.#busy--;
        if ('failure' in reply) {
          if (this.#firstFailure === undefined || reply.start < this.#firstFailure.start) this.#firstFailure = reply;
        } else {
          reply.outcomes.forEach((u, k) => (this.#outcomes[reply.start + k] = u));
        }
        this.#idle.push(w);
        this.#pump();
      };
      this.#handlers.set(w, handler);
      w.on('message', handler);
    }
  }

  get handedOut(): number {
    return this.#next;
  }

  add(scenario: Scenario): void {
    if (this.#closed) throw new Error('a scenario was added to a finished feed');
    this.scenarios.push(scenario);
    this.#pump();
  }

  finish(): Promise<UnitOutcome[]> {
    this.#closed = true;
    return new Promise<void>((resolve, reject) => {
      this.#settle = (e) => (e ? reject(e) : resolve());
      this.#pump();
    }).then(() => {
      if (this.#firstFailure !== undefined) raise(this.#firstFailure.failure);
      const outcomes = this.#outcomes;
      for (let i = 0; i < this.scenarios.length; i++)
        if (outcomes[i] === undefined) throw new Error(`item #${i + 1} came back from no worker`);
      return outcomes.slice(0, this.scenarios.length);
    });
  }

  /** Hands out every job that is ready to a free worker; settles `finish` once nothing is left to wait for. */
  #pump(): void {
    if (this.#broken === undefined && this.#firstFailure === undefined) {
      while (this.#idle.length > 0 && this.#ready()) {
        const start = this.#next;
        this.#next = Math.min(this.scenarios.length, start + this.size);
        this.#busy++;
        this.#idle.shift()!.postMessage(this.#job(start, this.#next));
      }
    }
    if (this.#settle === undefined || this.#settled) return;
    if (this.#broken !== undefined) return this.#end(this.#broken);
    const handedOut = this.#next >= this.scenarios.length || this.#firstFailure !== undefined;
    if (this.#busy === 0 && handedOut) this.#end();
  }

  /** A full job is waiting, or the last, shorter one once no more scenarios come. */
  #ready(): boolean {
    const waiting = this.scenarios.length - this.#next;
    return waiting >= this.size || (this.#closed && waiting > 0);
  }

  #job(start: number, end: number): WorkerJob {
    const { seed, analyses, limits } = this.settings;
    return {
      start,
      seed,
      analyses,
      ...(limits !== undefined ? { limits } : {}),
      scenarios: encodeScenariosForTransfer(this.scenarios.slice(start, end)),
    };
  }

  #end(e?: Error): void {
    this.#settled = true;
    for (const [w, handler] of this.#handlers) w.removeListener('message', handler);
    this.pool.onBroken(undefined);
    this.pool.done();
    this.#settle!(e);
  }
}
