/**
 * The run's worker threads. Work is a list cut into jobs of consecutive items, handed out as
 * workers become free (so a slow item does not hold up a whole share); every reply is put back at
 * its items' index by the caller, so what the caller gets is the same for any number of workers
 * and any order of completion. This thread takes items from the same list too (`share`): a run of
 * N threads starts N - 1 workers (shard.ts says what that saves).
 */
import { Worker } from 'node:worker_threads';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { WorkLimits } from '../lib/budget.js';
import { contextFor, type RunContext } from '../chains/run-context.js';
import { HarnessError } from '../model/errors.js';
import { encodeScenariosForTransfer } from '../scenario/snapshot.js';
import type { Scenario } from '../model/scenario.js';
import { prepareEnvironment } from '../world/prepare.js';
import type { AnalysisOptions } from './analyses.js';
import { asWorkerFailure } from './files-job.js';
import { WORKER_KIND, type WorkerFailure, type WorkerJob, type WorkerReply, type WorkerSetup } from './protocol.js';
import { computeUnit, type UnitOutcome } from './unit.js';

/** About this many jobs per worker: small enough to balance, large enough to amortize messages. */
const JOBS_PER_WORKER = 8;

/** How many items a job holds when `count` items are shared by `threads` threads. */
function jobSize(count: number, threads: number): number {
  return Math.max(1, Math.ceil(count / (threads * JOBS_PER_WORKER)));
}

/**
 * A failure of any thread of the run (a worker's, or this thread's own, taken as plain data the same
 * way: asWorkerFailure), thrown on this thread as the run's: a HarnessError, or the fault of the
 * machinery it was. The text names no thread: the same failure reads the same wherever it ran.
 */
export function raise(failure: WorkerFailure): never {
  const { name, message } = failure;
  if (name === 'HarnessError') throw new HarnessError(message, failure.scenario, failure.condition, failure.source);
  // Another fault of the machinery (a limit, a snapshot that does not read back): the run aborts as for a HarnessError.
  if (failure.kind === 'harness') throw new HarnessError(`${name}: ${message}`);
  throw new Error(`a thread of the run failed: ${name}: ${message}`);
}

export class WorkerPool {
  readonly #workers: Worker[] = [];
  /** Set when a worker errs or stops on its own: every later dispatch fails with it. */
  #broken: Error | undefined;
  #onBroken: ((e: Error) => void) | undefined;
  #dispatching = false;

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

  /** The worker threads (this thread, which shares the work, not counted). */
  get size(): number {
    return this.#workers.length;
  }

  /**
   * Hands each job `next` gives to a free worker (one job at a time each) and each reply to
   * `onReply`, as it comes, until `next` gives none (it is not asked again) and every reply is in.
   * `next` is asked again after each reply, so it may stop early on what the replies said.
   * Rejects when a worker breaks, or with what `next` or `onReply` throws.
   */
  dispatch(next: () => WorkerJob | undefined, onReply: (reply: WorkerReply) => void): Promise<void> {
    if (this.#dispatching) throw new Error('the worker pool already runs a dispatch');
    this.#dispatching = true;
    const idle = [...this.#workers];
    const handlers = new Map<Worker, (reply: WorkerReply) => void>();
    let busy = 0;
    let exhausted = false;
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const end = (e?: unknown): void => {
        if (settled) return;
        settled = true;
        for (const [w, handler] of handlers) w.removeListener('message', handler);
        this.#onBroken = undefined;
        this.#dispatching = false;
        if (e === undefined) resolve();
        else reject(e instanceof Error ? e : new Error(String(e)));
      };
      const pump = (): void => {
        if (this.#broken !== undefined) return end(this.#broken);
        while (!exhausted && idle.length > 0) {
          const job = next();
          if (job === undefined) exhausted = true;
          else {
            busy++;
            idle.shift()!.postMessage(job);
          }
        }
        if (exhausted && busy === 0) end();
      };
      const guarded = (f: () => void): void => {
        try {
          f();
        } catch (e) {
          end(e);
        }
      };
      for (const w of this.#workers) {
        const handler = (reply: WorkerReply): void => {
          busy--;
          idle.push(w);
          guarded(() => {
            onReply(reply);
            pump();
          });
        };
        handlers.set(w, handler);
        w.on('message', handler);
      }
      this.#onBroken = (e) => end(e);
      guarded(pump);
    });
  }

  /**
   * `dispatch`, with this thread as one more worker: it calls `here` to run one small piece of the
   * same work (false: none is left), and between two pieces takes the workers' replies and hands
   * them their next jobs. So a worker that has answered waits, at most, for the piece this thread
   * is on to end: a whole piece (a file, or a scenario, each with its trials, probes and mutants),
   * since `here` is not interrupted. Resolves when the workers
   * and `here` are done; rejects with the first failure (a broken worker, what `here`, `next` or
   * `onReply` threw) once both have stopped: after a failure `next` is not asked again.
   */
  async share(next: () => WorkerJob | undefined, onReply: (reply: WorkerReply) => void, here: () => Promise<boolean>): Promise<void> {
    let failed: { error: unknown } | undefined;
    const stop = (e: unknown): void => void (failed ??= { error: e });
    const workers = this.dispatch(() => (failed === undefined ? next() : undefined), onReply).catch(stop);
    const local = (async () => {
      while (failed === undefined && (await here())) await nextTurn();
    })().catch(stop);
    await Promise.all([workers, local]);
    if (failed !== undefined) throw failed.error;
  }

  /**
   * Runs every scenario as a unit (its trials, then its analyses): the workers' jobs carry them in
   * the snapshot's tagged encoding; this thread runs its share one scenario at a time, with
   * `context` (the run's, which may hold their chains already). The earliest failure is thrown, as
   * on one thread: once a job fails, no later job is handed out, and the ones already out are
   * waited for.
   */
  async computeUnits(
    scenarios: readonly Scenario[],
    seed: string,
    analyses: AnalysisOptions,
    limits?: WorkLimits,
    context?: RunContext,
  ): Promise<UnitOutcome[]> {
    const size = jobSize(scenarios.length, this.size + 1);
    const hereContext = contextFor(seed, context);
    const outcomes: UnitOutcome[] = [];
    let first: { start: number; failure: WorkerFailure } | undefined;
    const fail = (start: number, failure: WorkerFailure): void => {
      if (first === undefined || start < first.start) first = { start, failure };
    };
    let next = 0;
    await this.share(
      () => {
        if (first !== undefined || next >= scenarios.length) return undefined;
        const start = next;
        next = Math.min(scenarios.length, start + size);
        const encoded = encodeScenariosForTransfer(scenarios.slice(start, next));
        return { kind: 'units', start, seed, analyses, ...(limits !== undefined && { limits }), scenarios: encoded };
      },
      (reply) => {
        if ('failure' in reply) fail(reply.start, reply.failure);
        else if ('loads' in reply) throw new Error('a worker answered a units job with files');
        else reply.outcomes.forEach((u, k) => (outcomes[reply.start + k] = u));
      },
      async () => {
        if (first !== undefined || next >= scenarios.length) return false;
        const at = next++;
        const scenario = scenarios[at]!;
        try {
          await prepareEnvironment([scenario]);
          outcomes[at] = computeUnit(scenario, hereContext, analyses, limits);
        } catch (e) {
          fail(at, asWorkerFailure(e)); // thrown as a worker's would be: the same error from any thread
        }
        return true;
      },
    );
    if (first !== undefined) raise(first.failure);
    for (let i = 0; i < scenarios.length; i++) if (outcomes[i] === undefined) throw new Error(`item #${i + 1} came back from no worker`);
    return outcomes;
  }

  async close(): Promise<void> {
    this.#onBroken = undefined;
    for (const w of this.#workers) w.removeAllListeners('exit');
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }
}
