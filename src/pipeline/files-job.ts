/**
 * A `files` job (protocol.ts) as any thread runs it: a worker thread (worker.ts), which then sends
 * the scenarios back encoded, or this thread taking its share of the ranges (shard.ts), which keeps
 * them as they are. One function for both, so that a file gives the same load, units and failure
 * wherever it ran.
 */
import { ChainCheck } from '../chains/chain-check.js';
import type { RunContext } from '../chains/run-context.js';
import { prepareEnvironment } from '../world/prepare.js';
import { HarnessError } from '../model/errors.js';
import { isBenchError } from '../lib/errors.js';
import type { Scenario } from '../model/scenario.js';
import { loadFileRange, type FileLoad } from '../scenario/load-yaml.js';
import type { FilesJob, WorkerFailure } from './protocol.js';
import { computeUnit, type UnitOutcome } from './unit.js';

/** A failure as plain data (it crosses threads); `raise` (pool.ts) throws it again as the run's. */
export function asWorkerFailure(error: unknown): WorkerFailure {
  if (error instanceof HarnessError) {
    return { name: error.name, message: error.message, scenario: error.scenario, condition: error.condition, source: error.source };
  }
  if (isBenchError(error)) return { name: error.name, message: error.message, kind: error.kind };
  return { name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error) };
}

/** What a files job gave, its scenarios as objects (in `loads`). */
export interface FilesDone {
  readonly start: number;
  /** Each file's load, in order (fewer than the job's files when they passed the bytes' bound). */
  readonly loads: readonly FileLoad[];
  /** The units of the first `outcomes.length` loaded scenarios. */
  readonly outcomes: readonly UnitOutcome[];
  /** The next loaded scenario's unit failed (the earliest failure is the run's, as on one thread). */
  readonly unitFailure?: WorkerFailure;
}

/**
 * The files loaded as the loader would (load-yaml.ts), their chains built with `context`, then
 * their scenarios run in order, up to the first unit that fails. Throws only when the files
 * cannot be loaded at all (the whole job fails).
 */
export async function runFilesJob(job: FilesJob, context: RunContext): Promise<FilesDone> {
  const loads = await loadFileRange(job.files, new ChainCheck(context), job.confine);
  const scenarios = loads.flatMap((l) => (l.scenario !== undefined ? [l.scenario] : []));
  const outcomes: UnitOutcome[] = [];
  let unitFailure: WorkerFailure | undefined;
  if (job.run && scenarios.length > 0) {
    try {
      await prepareEnvironment(scenarios);
      unitFailure = runUntilFailure(scenarios, context, job, outcomes);
    } catch (e) {
      unitFailure = asWorkerFailure(e); // as a unit's: reported only if every file loads
    }
  }
  return { start: job.start, loads, outcomes, ...(unitFailure !== undefined && { unitFailure }) };
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
      return asWorkerFailure(e);
    }
  }
  return undefined;
}
