/**
 * The worker thread's entry (bundled as dist/worker.js): it runs the scenario batches it is
 * handed. It keeps one `RunContext` (the run's context) per seed (its keys and shared warrants are derived from the
 * seed alone, so every thread holds the same ones) and loads the environment's parsers a batch
 * needs before running it (once per thread).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { RunContext } from '../chains/run-context.js';
import { prepareEnvironment } from '../world/prepare.js';
import { HarnessError } from '../model/errors.js';
import { isBenchError } from '../lib/errors.js';
import { decodeScenariosFromTransfer } from '../scenario/snapshot.js';
import { WORKER_KIND, type WorkerJob, type WorkerFailure, type WorkerReply, type WorkerSetup } from './protocol.js';
import { computeUnit, type UnitOutcome } from './unit.js';

function failure(e: unknown): WorkerFailure {
  if (e instanceof HarnessError) {
    return { name: e.name, message: e.message, scenario: e.scenario, condition: e.condition, source: e.source };
  }
  if (isBenchError(e)) return { name: e.name, message: e.message, kind: e.kind };
  return { name: e instanceof Error ? e.name : 'Error', message: e instanceof Error ? e.message : String(e) };
}

/**
 * This thread's jobs runner. The thread belongs to one run (RunThreads), and so does the state
 * held here: the RunContext of the run's seed, made on the first job (a new seed gets new ones).
 */
function jobRunner(): (job: WorkerJob) => Promise<UnitOutcome[]> {
  let context: RunContext | undefined;
  return async (job) => {
    const scenarios = decodeScenariosFromTransfer(job.scenarios);
    await prepareEnvironment(scenarios);
    // Rebuilt from the seed, not sent: the same seed derives the same keys and warrant bytes.
    if (context?.seed !== job.seed) context = new RunContext(job.seed);
    const runContext = context;
    return scenarios.map((s) => computeUnit(s, runContext, job.analyses, job.limits));
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
      reply = { start: job.start, outcomes: await run(job) };
    } catch (e) {
      reply = { start: job.start, failure: failure(e) };
    }
    port.postMessage(reply);
  });
}
