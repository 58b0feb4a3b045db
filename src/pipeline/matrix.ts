/**
 * A whole run (ARCHITECTURE.md, "One run"): every scenario as a unit (its trials, then its analyses), on
 * this thread or spread over worker threads when the work pays for their start, then the results
 * assembled in scenario order and the gate. Same scenarios, seed and options → the same bytes,
 * for any number of workers.
 */
import { auditLinks, monotonicityViolations } from '../analysis/links/audit.js';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { contextFor } from '../chains/run-context.js';
import { HarnessError, formatSource } from '../model/errors.js';
import type { Results, Trial } from '../results/results.js';

type Timings = NonNullable<Results['timings']>;
import { assembleResults, type BenchmarkOptions } from '../trial/scenario-trials.js';
import { builtinScenariosDir } from '../scenario/builtin.js';
import type { Scenario } from '../model/scenario.js';
import { aggregateAnalyses, NO_ANALYSES, type AnalysisOptions, type RunAnalyses } from './analyses.js';
import { prepareEnvironment } from '../world/prepare.js';
import { RunThreads, threadCount } from './threads.js';

export { MIN_SCENARIOS_FOR_WORKERS } from './threads.js';
import { computeUnit, type UnitOutcome } from './unit.js';

/** Set by scripts/build.mjs (esbuild `define`): the bundles start `dist/worker.js`. */
declare const DELEGATION_BENCH_WORKER: string | undefined;

export interface MatrixOptions extends BenchmarkOptions {
  /** Threads to use; 1 runs everything here. Default: the machine's available parallelism. */
  readonly workers?: number;
  readonly analyses?: AnalysisOptions;
  /** The worker entry; default: dist/worker.js in the bundle, none from the sources. */
  readonly workerScript?: URL;
  /**
   * The run's threads, when the caller started them before (to parse the files on them too):
   * matrixResults then uses them and leaves closing them to the caller.
   */
  readonly threads?: RunThreads;
}

/**
 * The threads a run of the shells uses unless told (`--workers`, the action): the machine's cores, but one for a plain run
 * (no probes, no mutants) on 2 cores or fewer. There a scenario is too little work to pay for a
 * second thread: the worker is a cold V8 isolate (its own compiling and GC), and two threads on
 * this project's 2-core machine get ~1.6-1.8x one thread's throughput at best. Measured on a plain
 * run of 1,000 generated scenarios: quiet machine, one thread 371 µs per authorized call against
 * 389 on two workers, CPU 483 against 694 µs per call; shared machine (load 3-6, A/B
 * interleaved, 6 runs each), one thread 6.5 s wall and 6.7 s CPU against 8.8 and 9.1 s on two
 * threads (this one and a worker); at load ~2 the wall times are within noise of each other
 * (`perf:run`: 394 against 407, then 423 against 403 µs per call) and one thread still takes a
 * quarter less CPU (508 against 717, 538 against 719 µs per call). With probes, two threads pay
 * (×1.4 wall, docs/development.md).
 */
export function defaultWorkers(analyses?: AnalysisOptions, cores: number = availableParallelism()): number {
  // Without `analyses` (the measurements in scripts/, tests): the cores.
  const plain = analyses !== undefined && !analyses.probes.enabled && !analyses.mutants.enabled;
  return plain && cores <= 2 ? 1 : Math.max(1, cores);
}

/** The bundle's worker entry (dist/worker.js), or none from the sources. */
export function bundledWorker(): URL | undefined {
  if (typeof DELEGATION_BENCH_WORKER !== 'string') return undefined;
  const path = join(dirname(builtinScenariosDir()), 'dist', DELEGATION_BENCH_WORKER);
  return existsSync(path) ? pathToFileURL(path) : undefined;
}

function checkNames(scenarios: readonly Scenario[]): void {
  const seen = new Set<string>();
  for (const s of scenarios) {
    if (seen.has(s.name)) throw new HarnessError(`${formatSource(s.source)}: duplicate scenario name '${s.name}'`, s.name);
    seen.add(s.name);
  }
}

/** How many threads this run uses (see threadCount). */
export function threadsFor(options: MatrixOptions): { threads: number; script?: URL } {
  const script = options.workerScript ?? bundledWorker();
  const threads = threadCount(options.workers ?? defaultWorkers(options.analyses ?? NO_ANALYSES), options.scenarios.length, script);
  return threads === 1 ? { threads } : { threads, script };
}

/** The matrix and its analyses, before any verdict: the parts the gate is decided from. */
export interface MatrixOutcome {
  /** Every trial, in scenario order (CONDITIONS order within). */
  readonly trials: Trial[];
  readonly analyses: RunAnalyses;
  /** Durations, when `timings` was asked for. */
  readonly timings?: Timings;
}

/** Runs every scenario as a unit (its trials, then its analyses) and gathers them in scenario order. */
export async function computeMatrix(options: MatrixOptions): Promise<MatrixOutcome> {
  const now = options.now ?? (() => performance.now());
  checkNames(options.scenarios);
  const analyses = options.analyses ?? NO_ANALYSES;
  const threads =
    options.threads ??
    new RunThreads({
      workers: options.workers ?? defaultWorkers(analyses),
      script: options.workerScript ?? bundledWorker(),
      ...(options.context !== undefined && { context: options.context }),
    });
  let units: UnitOutcome[];
  let used: number;
  let started = options.timings ? now() : 0;
  try {
    // Workers rebuild the context from the seed (worker.ts): the same keys, so the same bytes. This
    // thread, which takes its share, runs with the run's.
    const pooled = await threads.computeUnits(options.scenarios, options.seed, analyses, options.limits, options.context);
    if (pooled !== undefined) {
      units = pooled.units;
      used = pooled.threads;
      // Fed by the loader: the matrix started with the first scenario loaded (on the run's clock).
      if (pooled.startedAt !== undefined && options.now === undefined) started = Math.min(started, pooled.startedAt);
    } else {
      await prepareEnvironment(options.scenarios);
      const context = contextFor(options.seed, options.context);
      units = options.scenarios.map((s) => computeUnit(s, context, analyses, options.limits));
      used = 1;
    }
  } finally {
    if (options.threads === undefined) await threads.close();
  }
  const trials: Trial[] = units.flatMap((u) => u.trials);
  const run = aggregateAnalyses(units, analyses);
  if (!options.timings) return { trials, analyses: run };
  const totalMs = now() - started;
  const calls = trials.reduce((n, t) => n + t.calls_total, 0);
  // Calls that went through the authorizer (a PoP signed and the chain checked): the matrix's
  // warranted trials and every call the analyses replayed.
  const authorized = trials.reduce((n, t) => n + (t.condition === 'no_warrant' ? 0 : t.calls_total), 0) + run.authorizedCalls;
  const timings: Timings = {
    total_ms: round(totalMs, 3),
    trials: trials.length,
    calls,
    per_call_us: calls === 0 ? 0 : round((totalMs * 1000) / calls, 1),
    authorized_calls: authorized,
    per_authorized_call_us: authorized === 0 ? 0 : round((totalMs * 1000) / authorized, 1),
    workers: used,
  };
  return { trials, analyses: run, timings };
}

/**
 * The matrix with its own verdict (matrix and analyses only): for the measurements in scripts/
 * and the tests of the matrix. A run of either shell goes through runPipeline (run.ts), which
 * decides the gate once from every part.
 */
export async function matrixResults(options: MatrixOptions): Promise<Results> {
  const m = await computeMatrix(options);
  // The delegation links, as a run audits them (run.ts; no allow-widening here): the same results.
  const links = auditLinks(options.scenarios, false);
  const results = assembleResults(options, m.trials, {
    sections: { ...m.analyses.sections, monotonicity: links },
    violations: [...m.analyses.violations, ...monotonicityViolations(links)],
  });
  if (m.timings) results.timings = m.timings;
  return results;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
