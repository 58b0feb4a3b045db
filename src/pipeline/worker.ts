/**
 * The worker thread's entry (bundled as dist/worker.js). It parses the scenario files and runs the
 * scenario batches it is handed. It keeps one `Conditions` per seed (its keys and shared warrants
 * are derived from the seed alone, so every thread holds the same ones) and loads the
 * environment's parsers the scenarios need once, as soon as it has seen them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Conditions } from '../bench/conditions.js';
import { prepareEnvironment } from '../bench/env/prepare.js';
import { HarnessError } from '../bench/errors.js';
import { parseItem } from '../bench/scenario/load-yaml.js';
import { decodeScenariosFromTransfer, encodeScenariosForTransfer } from '../bench/scenario/snapshot.js';
import type { Scenario } from '../bench/scenario/types.js';
import { WORKER_KIND, type Job, type ParsedTransfer, type WorkerFailure, type WorkerReply, type WorkerSetup } from './protocol.js';
import { runUnit, type UnitOutcome } from './unit.js';

function failure(e: unknown): WorkerFailure {
  if (e instanceof HarnessError) {
    return { name: e.name, message: e.message, scenario: e.scenario, condition: e.condition, source: e.source };
  }
  return { name: e instanceof Error ? e.name : 'Error', message: e instanceof Error ? e.message : String(e) };
}

let conditions: Conditions | undefined;
function conditionsFor(seed: string): Conditions {
  if (conditions?.seed !== seed) conditions = new Conditions(seed);
  return conditions;
}

function parse(items: Extract<Job, { job: 'parse' }>['items']): { outcomes: ParsedTransfer[]; scenarios: Scenario[] } {
  const scenarios: Scenario[] = [];
  const outcomes = items.map((item): ParsedTransfer => {
    const { result, warnings } = parseItem(item);
    if (result.scenario !== undefined) scenarios.push(result.scenario);
    const scenario = result.scenario === undefined ? undefined : encodeScenariosForTransfer([result.scenario]);
    return { problems: result.problems, name: result.name, scenario, warnings };
  });
  return { outcomes, scenarios };
}

async function run(job: Extract<Job, { job: 'run' }>): Promise<UnitOutcome[]> {
  const scenarios = decodeScenariosFromTransfer(job.scenarios);
  await prepareEnvironment(scenarios);
  const c = conditionsFor(job.seed);
  return scenarios.map((s) => runUnit(s, c, job.analyses));
}

const setup = workerData as WorkerSetup | undefined;
if (parentPort !== null && setup?.kind === WORKER_KIND) {
  const port = parentPort;
  // The main thread sends a job only once the last one is answered: one job at a time.
  port.on('message', async (job: Job) => {
    let reply: WorkerReply;
    let parsed: Scenario[] = [];
    try {
      if (job.job === 'parse') {
        const p = parse(job.items);
        parsed = p.scenarios;
        reply = { start: job.start, outcomes: p.outcomes };
      } else {
        reply = { start: job.start, outcomes: await run(job) };
      }
    } catch (e) {
      reply = { start: job.start, failure: failure(e) };
    }
    port.postMessage(reply);
    // While the main thread gathers the parse results, load what these scenarios will need to run
    // (the shell parser's start is the costliest). A failure here shows again at run time.
    if (parsed.length > 0) await prepareEnvironment(parsed).catch(() => undefined);
  });
}
