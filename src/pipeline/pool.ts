/**
 * Runs units on worker threads. The main thread hands out batches of consecutive scenarios as
 * workers become free (so a slow scenario does not hold up a whole share) and puts every outcome
 * back at its scenario's index: the assembled run is the same, byte for byte, for any number of
 * workers and any order of completion.
 */
import { Worker } from 'node:worker_threads';
import { HarnessError } from '../bench/errors.js';
import { encodeScenariosForTransfer } from '../bench/scenario/snapshot.js';
import type { Scenario } from '../bench/scenario/types.js';
import type { AnalysisOptions } from './analyses.js';
import { WORKER_KIND, type WorkerFailure, type WorkerReply, type WorkerSetup } from './protocol.js';
import type { UnitOutcome } from './unit.js';

/** About this many batches per worker: small enough to balance, large enough to amortize messages. */
const BATCHES_PER_WORKER = 8;

export interface PoolOptions {
  readonly script: URL;
  readonly workers: number;
  readonly seed: string;
  readonly analyses: AnalysisOptions;
}

function raise(f: WorkerFailure): never {
  if (f.name === 'HarnessError') throw new HarnessError(f.message, f.scenario, f.condition, f.source);
  throw new Error(`a worker thread failed: ${f.name}: ${f.message}`);
}

export async function runOnWorkers(scenarios: readonly Scenario[], o: PoolOptions): Promise<UnitOutcome[]> {
  const count = Math.max(1, Math.min(o.workers, scenarios.length));
  const size = Math.max(1, Math.ceil(scenarios.length / (count * BATCHES_PER_WORKER)));
  const setup: WorkerSetup = { kind: WORKER_KIND, seed: o.seed, scenarios: encodeScenariosForTransfer(scenarios), analyses: o.analyses };
  const outcomes = new Array<UnitOutcome | undefined>(scenarios.length);
  // The failure of the earliest batch wins, as it would in one thread: once a batch fails, no
  // later batch is handed out, and the ones already out are waited for (one may fail earlier).
  let firstFailure: { start: number; failure: WorkerFailure } | undefined;
  let next = 0;
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let idle = 0;
      let settled = false;
      const crash = (e: unknown) => {
        if (settled) return;
        settled = true;
        reject(e instanceof Error ? e : new Error(String(e)));
      };
      const feed = (w: Worker) => {
        if (settled) return;
        if (next >= scenarios.length || firstFailure !== undefined) {
          if (++idle === count) {
            settled = true;
            resolve();
          }
          return;
        }
        const start = next;
        next = Math.min(scenarios.length, start + size);
        w.postMessage({ start, end: next });
      };
      for (let i = 0; i < count; i++) {
        const w = new Worker(o.script, { workerData: setup });
        workers.push(w);
        w.on('message', (reply: WorkerReply) => {
          if ('failure' in reply) {
            if (firstFailure === undefined || reply.start < firstFailure.start) firstFailure = reply;
          } else {
            reply.outcomes.forEach((u, k) => (outcomes[reply.start + k] = u));
          }
          feed(w);
        });
        w.on('error', crash);
        w.on('exit', (code) => crash(new Error(`a worker thread stopped early (exit code ${code})`)));
        feed(w);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  if (firstFailure !== undefined) raise(firstFailure.failure);
  return outcomes.map((u, i) => {
    if (u === undefined) throw new Error(`scenario #${i + 1} came back from no worker`);
    return u;
  });
}
