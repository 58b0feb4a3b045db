/**
 * The run's worker threads. Work is a list cut into jobs of consecutive items, handed out as
 * workers become free (so a slow item does not hold up a whole share); every outcome is put back
 * at its item's index, so what the caller gets is the same for any number of workers and any order
 * of completion.
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

export class WorkerPool {
  readonly #workers: Worker[] = [];
  /** Set when a worker errs or stops on its own: every later dispatch fails with it. */
  #broken: Error | undefined;
  #onBroken: ((e: Error) => void) | undefined;

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
    return this.#dispatch(scenarios.length, (start, end) => ({
      start,
      seed,
      analyses,
      ...(limits !== undefined ? { limits } : {}),
      scenarios: encodeScenariosForTransfer(scenarios.slice(start, end)),
    }));
  }

  async close(): Promise<void> {
    this.#onBroken = undefined;
    for (const w of this.#workers) w.removeAllListeners('exit');
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }

  /**
   * Cuts `count` items into jobs and hands them out. The failure of the earliest job wins, as it
   * would on one thread: once a job fails, no later job is handed out, and the ones already out
   * are waited for (one may fail earlier).
   */
  async #dispatch(count: number, job: (start: number, end: number) => WorkerJob): Promise<UnitOutcome[]> {
    if (this.#broken) throw this.#broken;
    const outcomes = new Array<UnitOutcome>(count);
    const size = Math.max(1, Math.ceil(count / (this.#workers.length * JOBS_PER_WORKER)));
    let firstFailure: { start: number; failure: WorkerFailure } | undefined;
    let next = 0;
    await new Promise<void>((resolve, reject) => {
      let busy = 0;
      let settled = false;
      const finish = (e?: Error) => {
        if (settled) return;
        settled = true;
        for (const w of this.#workers) w.removeListener('message', onMessage.get(w)!);
        this.#onBroken = undefined;
        if (e) reject(e);
        else resolve();
      };
      this.#onBroken = finish;
      const feed = (w: Worker): void => {
        if (next >= count || firstFailure !== undefined) {
          if (busy === 0) finish();
          return;
        }
        const start = next;
        next = Math.min(count, start + size);
        busy++;
        w.postMessage(job(start, next));
      };
      const onMessage = new Map<Worker, (reply: WorkerReply) => void>();
      for (const w of this.#workers) {
        const handler = (reply: WorkerReply) => {
          busy--;
          if ('failure' in reply) {
            if (firstFailure === undefined || reply.start < firstFailure.start) firstFailure = reply;
          } else {
            reply.outcomes.forEach((u, k) => (outcomes[reply.start + k] = u));
          }
          feed(w);
        };
        onMessage.set(w, handler);
        w.on('message', handler);
      }
      for (const w of this.#workers) feed(w);
    });
    if (firstFailure !== undefined) raise(firstFailure.failure);
    const missing = outcomes.findIndex((u) => u === undefined); // holes read as undefined
    if (missing >= 0) throw new Error(`item #${missing + 1} came back from no worker`);
    return outcomes;
  }
}
