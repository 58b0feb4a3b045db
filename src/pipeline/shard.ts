/**
 * A run's scenario files loaded and run where they run: on its worker threads and on this one.
 * Each job is a range of consecutive files, which a worker reads, parses, checks (building the
 * scenarios' chains with its context) and then runs (worker.ts); this thread takes one file at a
 * time from the same queue and does the same with the run's context (files-job.ts, one function
 * for both), taking the workers' replies between two files. Every answer is put back in file
 * order: the loader then gathers the files' loads as if it had loaded them itself (load-yaml.ts),
 * and the matrix takes the units (threads.ts).
 *
 * Why the files are loaded on the workers, not only here. Measured on 1,000 generated scenarios,
 * plain run, 2 cores, CPU profiles of every thread: when this thread loaded every file and fed
 * each scenario to 2 workers, it was busy the whole run (YAML, the scenario builder and the chains:
 * ~5 s on a loaded machine), the workers waited for it (idle ~1 s each), the chains were built
 * twice (here for the check, again on the worker: +1.3 s CPU) and every scenario was encoded here
 * and decoded there (~0.4 s): 3 threads competing for 2 cores, and 2 workers slower than one.
 *
 * Why this thread takes files too (N threads are this one and N - 1 workers). With N workers it
 * only handed out ranges and decoded the replies: idle 8.1 s of a 10.5 s run (profiles, 2 workers,
 * load ~7), while each worker, a cold V8 isolate with its own compiling and GC, started ~0.7 s
 * after it. Now this thread starts on the files at once and one isolate fewer warms up. A/B
 * interleaved on the shared machine (load 3-7), 1,000 scenarios on 2 threads: with probes, 4 runs
 * each, 32.9 → 26.7 s wall and 24.3 → 21.4 s CPU (medians; less CPU in 4 of 4 pairs); plain,
 * at load 2-2.5, 5.77 → 5.50 s wall and 10.26 → 9.76 s CPU (3 runs each, better in each pair), at
 * load 3-8 no difference over 22 pairs (wall -0.2 %, CPU -2 %, medians of the pairs' ratios). A
 * plain run on 2 cores runs on one thread by default anyway (defaultWorkers, matrix.ts).
 *
 * What crosses threads: the workers' scenarios, encoded there (~120-140 ms per worker in the
 * profiles) and decoded here (263 ms with 2 workers, 57 ms now that this thread loads about half
 * the files itself): 1-2 % of a run, under the 5 % rule (docs/development.md), so they still cross
 * whole (the results, the links audit, the comparison and LLM mode read them). Handing a worker its
 * next job before it answered (2 ahead, so that it never waits for this thread between files) was
 * measured and dropped: its waits were ~0.25 s of ~8.6 s in a profile, and A/B showed no
 * difference (9.4 against 9.7 s wall, 9.8 s CPU both, 4 runs each, load 4-8).
 */
import type { ScenarioFile } from '../scenario/files.js';
import type { FileLoad } from '../scenario/load-yaml.js';
import { MAX_TOTAL_BYTES } from '../scenario/limits.js';
import { decodeScenariosFromTransfer } from '../scenario/snapshot.js';
import type { RunContext } from '../chains/run-context.js';
import type { Scenario } from '../model/scenario.js';
import { asWorkerFailure, runFilesJob, type FilesDone } from './files-job.js';
import { raise, type WorkerPool } from './pool.js';
import type { FilesJob, FilesReply, UnitJobSettings, WorkerFailure } from './protocol.js';
import type { UnitOutcome } from './unit.js';

/** What the threads made of a run's files. */
export interface ShardedRun {
  readonly settings: UnitJobSettings;
  /** Each file's load, in file order (up to where the bytes' bound stopped the load). */
  readonly loads: readonly FileLoad[];
  /** The scenarios that loaded, in file order: the very objects in `loads`. */
  readonly scenarios: readonly Scenario[];
  /** Their units, by index in `scenarios`; all of them unless `failure`. */
  readonly units: readonly (UnitOutcome | undefined)[];
  /** The earliest scenario whose unit failed: the run's failure, as on one thread. */
  readonly failure?: WorkerFailure;
  /** performance.now() when the first job went out. */
  readonly startedAt: number;
}

/**
 * Loads and runs `files` on the pool's workers and on this thread, which takes one file at a time
 * from the same queue with `context` (the run's: its chains are then the run's, as on one thread).
 * A job that fails as a whole (its files could not be loaded) fails the load; a unit that fails is
 * kept for the matrix, so that a file refused later is still reported first (bad input before a
 * harness error, as on one thread), and the files after it are still loaded (every problem at
 * once) but no longer run.
 */
export async function loadAndRunOnWorkers(
  pool: WorkerPool,
  files: readonly ScenarioFile[],
  confine: string | undefined,
  settings: UnitJobSettings,
  context: RunContext,
): Promise<ShardedRun> {
  const startedAt = performance.now();
  const loads: FileLoad[] = [];
  const units: (UnitOutcome | undefined)[] = []; // by file index, until the scenarios are numbered
  let failure: { file: number; failure: WorkerFailure } | undefined;
  let bytes = 0;
  let next = 0;
  const place = (done: FilesDone): void => {
    let k = 0; // the job's scenarios, in the order of its files
    done.loads.forEach((load, j) => {
      const file = done.start + j;
      bytes += load.bytes;
      loads[file] = load;
      if (load.scenario === undefined) return;
      if (k < done.outcomes.length) units[file] = done.outcomes[k];
      else if (k === done.outcomes.length && done.unitFailure !== undefined && (failure === undefined || file < failure.file))
        failure = { file, failure: done.unitFailure };
      k++;
    });
  };
  const take = (size: number): FilesJob | undefined => {
    // Past the bound, the load stops at a file already handed out (files go out in order).
    if (next >= files.length || bytes > MAX_TOTAL_BYTES) return undefined;
    const start = next;
    next = Math.min(files.length, start + size);
    const range = files.slice(start, next);
    return { kind: 'files', start, files: range, ...(confine !== undefined && { confine }), ...settings, run: failure === undefined };
  };
  await pool.share(
    () => take(rangeSize(files.length - next, pool.size + 1)),
    (reply) => {
      if ('failure' in reply) raise(reply.failure);
      if (!('loads' in reply)) throw new Error('a worker answered a files job with units');
      place(decoded(reply));
    },
    async () => {
      const job = take(1);
      if (job === undefined) return false;
      // A job that fails as a whole fails the run as a worker's would: the same error on any thread.
      place(await runFilesJob(job, context).catch((e: unknown) => raise(asWorkerFailure(e))));
      return true;
    },
  );
  const scenarios: Scenario[] = [];
  const byScenario: (UnitOutcome | undefined)[] = [];
  loads.forEach((load, file) => {
    if (load.scenario === undefined) return;
    scenarios.push(load.scenario);
    byScenario.push(units[file]);
  });
  return {
    settings,
    loads,
    scenarios,
    units: byScenario,
    ...(failure !== undefined && { failure: failure.failure }),
    startedAt,
  };
}

/** A worker's reply with its scenarios decoded, in its loads. */
function decoded(reply: FilesReply): FilesDone {
  const scenarios = decodeScenariosFromTransfer(reply.scenarios);
  let k = 0;
  const loads = reply.loads.map(({ loaded, ...load }) => (loaded ? { ...load, scenario: scenarios[k++]! } : load));
  return {
    start: reply.start,
    loads,
    outcomes: reply.outcomes,
    ...(reply.unitFailure !== undefined && { unitFailure: reply.unitFailure }),
  };
}

/** The fewest files a job holds: the messages and the decoding of a reply cost per job too. */
const MIN_RANGE = 4;

/**
 * Ranges shrink as the files run out (a share of what is left, not of the whole): early ranges
 * are long and the last ones short, so the threads finish together (with this thread taking one
 * file at a time, its last file and the worker's last busy sample 21 ms apart in a profile). Measured on 1,000 generated
 * scenarios, plain run, 2 workers (the gap between the workers' last busy samples in their CPU
 * profiles, 3 runs each, machine shared): 4, 21 and 147 ms with fixed ranges of 32 files; 0–31 ms
 * (6 runs) this way.
 */
function rangeSize(left: number, threads: number): number {
  return Math.max(MIN_RANGE, Math.ceil(left / (4 * threads)));
}

/** The units of a sharded run, in order, for exactly its scenarios; its failure is thrown. */
export function shardedUnits(run: ShardedRun): UnitOutcome[] {
  if (run.failure !== undefined) raise(run.failure);
  return run.units.map((u, i) => {
    if (u === undefined) throw new Error(`scenario #${i + 1} came back from no worker`);
    return u;
  });
}
