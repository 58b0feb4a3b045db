/**
 * What the main thread and a worker thread say to each other. A worker starts empty; the main
 * thread then hands it jobs one at a time (a batch of scenarios, in the snapshot's tagged encoding,
 * so that they arrive exactly as this thread loaded them), and it answers each with the scenarios'
 * unit outcomes, or with the error that stopped it.
 */
import type { WorkLimits } from '../lib/budget.js';
import type { AnalysisOptions } from './analyses.js';
import type { UnitOutcome } from './unit.js';
import type { ErrorKind } from '../lib/errors.js';

export const WORKER_KIND = 'delegation-bench/worker@2';

export interface WorkerSetup {
  readonly kind: typeof WORKER_KIND;
}

/** Main → worker: run these scenarios, the first of which is the run's scenario #start. */
export interface WorkerJob {
  readonly start: number;
  readonly seed: string;
  readonly analyses: AnalysisOptions;
  /** Each scenario's work budget, as the main thread would give it. */
  readonly limits?: WorkLimits;
  readonly scenarios: string; // encodeScenariosForTransfer
}

/** A HarnessError (or any failure) as plain data, re-raised on the main thread. */
export interface WorkerFailure {
  readonly name: string;
  readonly message: string;
  /** The error model's `kind` (src/lib/errors.ts), when the error is one of its: what it means crosses the thread too. */
  readonly kind?: ErrorKind;
  readonly scenario?: string;
  readonly condition?: string;
  readonly source?: string;
}

/** Worker → main: the outcomes of the job that started at `start`, in order. */
export type WorkerReply =
  { readonly start: number; readonly outcomes: readonly UnitOutcome[] } | { readonly start: number; readonly failure: WorkerFailure };
