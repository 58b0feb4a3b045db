/**
 * What the main thread and a worker thread say to each other. A worker starts empty; the main
 * thread then hands it jobs one at a time, and it answers each with what the job asked for, or
 * with the error that stopped it. Two kinds of job:
 * - `units`: run these scenarios (in the snapshot's tagged encoding, so that they arrive exactly
 *   as the main thread loaded them); the answer is their unit outcomes.
 * - `files`: load these scenario files (read, parse, check, build their chains) and run the
 *   scenarios that load; the answer is each file's load (its scenario in the tagged encoding, for
 *   the main thread's results) and the outcomes, up to the first scenario whose unit failed.
 */
import type { WorkLimits } from '../lib/budget.js';
import type { ScenarioFile } from '../scenario/files.js';
import type { FileLoad } from '../scenario/load-yaml.js';
import type { AnalysisOptions } from './analyses.js';
import type { UnitOutcome } from './unit.js';
import type { ErrorKind } from '../lib/errors.js';

export const WORKER_KIND = 'delegation-bench/worker@3';

export interface WorkerSetup {
  readonly kind: typeof WORKER_KIND;
}

/** What every job of one run carries besides its work. */
export interface UnitJobSettings {
  readonly seed: string;
  readonly analyses: AnalysisOptions;
  /** Each scenario's work budget, as the main thread would give it. */
  readonly limits?: WorkLimits;
}

/** Main → worker: run these scenarios, the first of which is the run's scenario #start. */
export interface UnitsJob extends UnitJobSettings {
  readonly kind: 'units';
  readonly start: number;
  readonly scenarios: string; // encodeScenariosForTransfer
}

/** Main → worker: load these files, the first of which is the run's file #start, and run them unless `run` is false. */
export interface FilesJob extends UnitJobSettings {
  readonly kind: 'files';
  readonly start: number;
  readonly files: readonly ScenarioFile[];
  readonly confine?: string;
  /** False once a unit has failed: the files are still loaded (every problem is reported), not run. */
  readonly run: boolean;
}

export type WorkerJob = UnitsJob | FilesJob;

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

/** A file's load without its scenario, which crosses in `FilesReply.scenarios`. */
export type WireFileLoad = Omit<FileLoad, 'scenario'> & { readonly loaded: boolean };

/**
 * Worker → main, for a `files` job: each file's load in order (fewer than the job's files when
 * they passed the bytes' bound), the loaded scenarios (tagged encoding, in order), and the units
 * of the first `outcomes.length` of them; `failure`: the next one's unit failed.
 */
export interface FilesReply {
  readonly start: number;
  readonly loads: readonly WireFileLoad[];
  readonly scenarios: string;
  readonly outcomes: readonly UnitOutcome[];
  readonly unitFailure?: WorkerFailure;
}

/** Worker → main: the outcomes of the units job that started at `start`, a files job's reply, or the error that stopped the job. */
export type WorkerReply =
  | { readonly start: number; readonly outcomes: readonly UnitOutcome[] }
  | FilesReply
  | { readonly start: number; readonly failure: WorkerFailure };
