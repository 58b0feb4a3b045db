/**
 * The worker thread's entry (bundled as dist/worker.js): decodes the scenarios once, keeps one
 * `Conditions` for the run's seed (its keys and shared warrants are derived from the seed alone,
 * so every thread holds the same ones), and runs the batches it is handed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Conditions } from '../bench/conditions.js';
import { prepareEnvironment } from '../bench/env/prepare.js';
import { HarnessError } from '../bench/errors.js';
import { decodeScenariosFromTransfer } from '../bench/scenario/snapshot.js';
import { WORKER_KIND, type BatchRequest, type WorkerFailure, type WorkerReply, type WorkerSetup } from './protocol.js';
import { runUnit, type UnitOutcome } from './unit.js';

function failure(e: unknown): WorkerFailure {
  if (e instanceof HarnessError) {
    return { name: e.name, message: e.message, scenario: e.scenario, condition: e.condition, source: e.source };
  }
  return { name: e instanceof Error ? e.name : 'Error', message: e instanceof Error ? e.message : String(e) };
}

const setup = workerData as WorkerSetup | undefined;
if (parentPort !== null && setup?.kind === WORKER_KIND) {
  const port = parentPort;
  const scenarios = decodeScenariosFromTransfer(setup.scenarios);
  const conditions = new Conditions(setup.seed);
  // Every batch waits for the parsers the scenarios need (loaded once, before the first).
  const ready = prepareEnvironment(scenarios);
  port.on('message', async (batch: BatchRequest) => {
    let reply: WorkerReply;
    try {
      await ready;
      const outcomes: UnitOutcome[] = [];
      for (let i = batch.start; i < batch.end; i++) outcomes.push(runUnit(scenarios[i]!, conditions, setup.analyses));
      reply = { start: batch.start, outcomes };
    } catch (e) {
      reply = { start: batch.start, failure: failure(e) };
    }
    port.postMessage(reply);
  });
}
