/**
 * The worker thread's entry (bundled as dist/worker.js): it runs the jobs it is handed
 * (protocol.ts). It keeps one `RunContext` (the run's context) per seed (its keys and shared
 * warrants are derived from the seed alone, so every thread holds the same ones) and loads the
 * environment's parsers a batch needs before running it (once per thread). The scenarios it loads
 * itself (a `files` job) are checked with that context, so their chains are built once, here,
 * and the run finds them (run-context.ts keeps them by scenario).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ChainCheck } from '../chains/chain-check.js';
import { RunContext } from '../chains/run-context.js';
import { prepareEnvironment } from '../world/prepare.js';
import { HarnessError } from '../model/errors.js';
import { isBenchError } from '../lib/errors.js';
import type { Scenario } from '../model/scenario.js';
import { loadFileRange } from '../scenario/load-yaml.js';
import { decodeScenariosFromTransfer, encodeScenariosForTransfer } from '../scenario/snapshot.js';
import {
  WORKER_KIND,
  type FilesJob,
  type FilesReply,
  type WorkerFailure,
  type WorkerJob,
  type WorkerReply,
  type WorkerSetup,
} from './protocol.js';
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

/**
 * A `files` job: the files loaded as the main thread's loader would (load-yaml.ts), then their
 * scenarios run in order, up to the first unit that fails (the earliest failure is the run's, as
 * on one thread). The scenarios go back too: the main thread assembles the results from them.
 */
async function loadAndRun(job: FilesJob, context: RunContext): Promise<FilesReply> {
  const loads = await loadFileRange(job.files, new ChainCheck(context), job.confine);
  const scenarios = loads.flatMap((l) => (l.scenario !== undefined ? [l.scenario] : []));
  const outcomes: UnitOutcome[] = [];
  let unitFailure: WorkerFailure | undefined;
  if (job.run && scenarios.length > 0) {
    try {
      await prepareEnvironment(scenarios);
      unitFailure = runUntilFailure(scenarios, context, job, outcomes);
    } catch (e) {
      unitFailure = failure(e); // as a unit's: reported only if every file loads
    }
  }
  return {
    start: job.start,
    loads: loads.map(({ scenario, ...rest }) => ({ ...rest, loaded: scenario !== undefined })),
    scenarios: encodeScenariosForTransfer(scenarios),
    outcomes,
    ...(unitFailure !== undefined && { unitFailure }),
  };
}

function runUntilFailure(
  scenarios: readonly Scenario[],
  context: RunContext,
  job: FilesJob,
  outcomes: UnitOutcome[],
): WorkerFailure | undefined {
  for (const s of scenarios) {
    try {
      outcomes.push(computeUnit(s, context, job.analyses, job.limits));
    } catch (e) {
      return failure(e);
    }
  }
  return undefined;
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
      reply = { start: job.start, failure: failure(e) };
    }
    port.postMessage(reply);
  });
}
