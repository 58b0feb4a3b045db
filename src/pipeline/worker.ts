/**
 * The worker thread's entry (bundled as dist/worker.js): it runs the jobs it is handed
 * (protocol.ts). It keeps one `RunContext` (the run's context) per seed (its keys and shared
 * warrants are derived from the seed alone, so every thread holds the same ones) and loads the
 * environment's parsers a batch needs before running it (once per thread). The scenarios it loads
 * itself (a `files` job) are checked with that context, so their chains are built once, here,
 * and the run finds them (run-context.ts keeps them by scenario).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { RunContext } from '../chains/run-context.js';
import { prepareEnvironment } from '../world/prepare.js';
import { decodeScenariosFromTransfer, encodeScenariosForTransfer } from '../scenario/snapshot.js';
import { asWorkerFailure, runFilesJob } from './files-job.js';
import { WORKER_KIND, type FilesJob, type FilesReply, type WorkerJob, type WorkerReply, type WorkerSetup } from './protocol.js';
import { computeUnit } from './unit.js';

/**
 * This thread's jobs runner. The thread belongs to one run (RunThreads), and so does the state
 * held here: the RunContext of the run's seed, made on the first job (a new seed gets new ones).
 */
function jobRunner(): (job: WorkerJob) => Promise<WorkerReply> {
  let context: RunContext | undefined;
  // Rebuilt from the seed, not sent: the same seed derives the same keys and warrant bytes.
  const contextOf = (seed: string): RunContext => (context = context?.seed === seed ? context : new RunContext(seed));
  return async (job) => {
    const runContext = contextOf(job.seed);
    if (job.kind === 'files') return loadAndRun(job, runContext);
    const scenarios = decodeScenariosFromTransfer(job.scenarios);
    await prepareEnvironment(scenarios);
    return { start: job.start, outcomes: scenarios.map((s) => computeUnit(s, runContext, job.analyses, job.limits)) };
  };
}

/** A `files` job (files-job.ts), its scenarios sent back encoded: the main thread assembles the results from them. */
async function loadAndRun(job: FilesJob, context: RunContext): Promise<FilesReply> {
  const done = await runFilesJob(job, context);
  const scenarios = done.loads.flatMap((l) => (l.scenario !== undefined ? [l.scenario] : []));
  return {
    start: done.start,
    loads: done.loads.map(({ scenario, ...rest }) => ({ ...rest, loaded: scenario !== undefined })),
    scenarios: encodeScenariosForTransfer(scenarios),
    outcomes: done.outcomes,
    ...(done.unitFailure !== undefined && { unitFailure: done.unitFailure }),
  };
}

const setup = workerData as WorkerSetup | undefined;
if (parentPort !== null && setup?.kind === WORKER_KIND) {
  const port = parentPort;
  const run = jobRunner();
  // The main thread sends a job only once the last one is answered: one job at a time.
  port.on('message', async (job: WorkerJob) => {
    let reply: WorkerReply;
    try {
      reply = await run(job);
    } catch (e) {
      reply = { start: job.start, failure: asWorkerFailure(e) };
    }
    port.postMessage(reply);
  });
}
