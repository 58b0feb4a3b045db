/**
 * What the main thread and a worker thread say to each other. A worker starts empty; the main
 * thread then hands it jobs one at a time, and it answers each with its outcomes, or with the
 * error that stopped it:
 * - parse: scenario files' texts → each file's parse result (its scenario in the snapshot's tagged
 *   encoding, so that it arrives exactly as this thread would have parsed it) and warnings;
 * - run: a batch of scenarios (the same encoding) → each scenario's unit outcome.
 */
import type { ParseResult } from '../bench/scenario/parse.js';
import type { ParseItem } from '../bench/scenario/load-yaml.js';
import type { AnalysisOptions } from './analyses.js';
import type { UnitOutcome } from './unit.js';

export const WORKER_KIND = 'delegation-bench/worker@2';

export interface WorkerSetup {
  readonly kind: typeof WORKER_KIND;
}

export interface ParseJob {
  readonly job: 'parse';
  readonly start: number;
  readonly items: readonly ParseItem[];
}

export interface RunJob {
  readonly job: 'run';
  readonly start: number;
  readonly seed: string;
  readonly analyses: AnalysisOptions;
  readonly scenarios: string; // encodeScenariosForTransfer
}

export type Job = ParseJob | RunJob;

/** A parse result with its scenario encoded for transfer. */
export interface ParsedTransfer {
  readonly problems: ParseResult['problems'];
  readonly name?: ParseResult['name'];
  readonly scenario?: string; // encodeScenariosForTransfer([scenario])
  readonly warnings: readonly string[];
}

/** A HarnessError (or any failure) as plain data, re-raised on the main thread. */
export interface WorkerFailure {
  readonly name: string;
  readonly message: string;
  readonly scenario?: string;
  readonly condition?: string;
  readonly source?: string;
}

/** Worker → main: the outcomes of the job that started at `start`, in order. */
export type WorkerReply =
  | { readonly start: number; readonly outcomes: readonly (UnitOutcome | ParsedTransfer)[] }
  | { readonly start: number; readonly failure: WorkerFailure };
