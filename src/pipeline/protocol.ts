/**
 * What the main thread and a worker thread say to each other. Scenarios travel once, as text in
 * the snapshot's tagged encoding (workerData); then the main thread hands out batches of scenario
 * indices and the worker answers each with its units' outcomes, or with the error that stopped it.
 */
import type { AnalysisOptions } from './analyses.js';
import type { UnitOutcome } from './unit.js';

export const WORKER_KIND = 'delegation-bench/worker@1';

export interface WorkerSetup {
  readonly kind: typeof WORKER_KIND;
  readonly seed: string;
  readonly scenarios: string; // encodeScenariosForTransfer
  readonly analyses: AnalysisOptions;
}

/** Main → worker: run scenarios [start, end). */
export interface BatchRequest {
  readonly start: number;
  readonly end: number;
}

/** A HarnessError (or any failure) as plain data, re-raised on the main thread. */
export interface WorkerFailure {
  readonly name: string;
  readonly message: string;
  readonly scenario?: string;
  readonly condition?: string;
  readonly source?: string;
}

/** Worker → main. */
export type WorkerReply =
  | { readonly start: number; readonly outcomes: UnitOutcome[] }
  | { readonly start: number; readonly failure: WorkerFailure };
