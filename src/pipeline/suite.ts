/**
 * A whole run (design §2 data flow): every scenario as a unit (its trials, then its analyses), on
 * this thread or spread over worker threads when the work pays for their start, then the results
 * assembled in scenario order and the gate. Same scenarios, seed and options → the same bytes,
 * for any number of workers.
 */
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Conditions } from '../bench/conditions.js';
import { HarnessError, formatSource } from '../bench/errors.js';
import type { Results, Trial } from '../bench/results.js';
import { assembleResults, type RunOptions } from '../bench/run.js';
import { builtinScenariosDir } from '../bench/scenario/builtin.js';
import type { Scenario } from '../bench/scenario/types.js';
import { aggregateAnalyses, NO_ANALYSES, type AnalysisOptions } from './analyses.js';
import { prepareEnvironment } from '../bench/env/prepare.js';
import { runOnWorkers } from './pool.js';
import { runUnit, type UnitOutcome } from './unit.js';

/** Set by scripts/build.mjs (esbuild `define`): the bundles start `dist/worker.js`. */
declare const DELEGATION_BENCH_WORKER: string | undefined;

/**
 * Below this many scenarios one thread is as fast: a worker costs a bundle load (about a bare Node
 * start) and the scenarios' transfer. Measured on 2 cores with probes and mutants: 48 copies of
 * the built-ins take 1.95 s on two workers against 2.20 s on one thread (medians of three).
 */
export const MIN_SCENARIOS_FOR_WORKERS = 48;

export interface SuiteOptions extends RunOptions {
  /** Threads to use; 1 runs everything here. Default: the machine's available parallelism. */
  readonly workers?: number;
  readonly analyses?: AnalysisOptions;
  /** The worker entry; default: dist/worker.js in the bundle, none from the sources. */
  readonly workerScript?: URL;
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

function bundledWorker(): URL | undefined {
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

/** How many threads this run uses: 1 unless asked for more, the work is large and a worker exists. */
export function threadsFor(o: SuiteOptions): { threads: number; script?: URL } {
  const wanted = o.workers ?? defaultWorkers();
  if (wanted <= 1 || o.scenarios.length < MIN_SCENARIOS_FOR_WORKERS) return { threads: 1 };
  const script = o.workerScript ?? bundledWorker();
  if (script === undefined) return { threads: 1 };
  return { threads: Math.min(wanted, o.scenarios.length), script };
}

export async function runSuite(o: SuiteOptions): Promise<Results> {
  const now = o.now ?? (() => performance.now());
  const started = o.timings ? now() : 0;
  checkNames(o.scenarios);
  const analyses = o.analyses ?? NO_ANALYSES;
  const { threads, script } = threadsFor(o);
  let units: UnitOutcome[];
  if (threads > 1 && script !== undefined) {
    // Each worker prepares the environment's parsers for itself (worker.ts).
    units = await runOnWorkers(o.scenarios, { script, workers: threads, seed: o.seed, analyses });
  } else {
    await prepareEnvironment(o.scenarios);
    const conditions = new Conditions(o.seed);
    units = o.scenarios.map((s) => runUnit(s, conditions, analyses));
  }
  const trials: Trial[] = units.flatMap((u) => u.trials);
  const run = aggregateAnalyses(units, analyses);
  const results = assembleResults(o, trials, { sections: run.sections, violations: run.violations });
  if (o.timings) {
    const totalMs = now() - started;
    const calls = trials.reduce((n, t) => n + t.calls_total, 0);
    // Calls that went through the authorizer (a PoP signed and the chain checked): the matrix's
    // warranted trials and every call the analyses replayed.
    const authorized = trials.reduce((n, t) => n + (t.condition === 'no_warrant' ? 0 : t.calls_total), 0) + run.authorizedCalls;
    results.timings = {
      total_ms: round(totalMs, 3),
      trials: trials.length,
      calls,
      per_call_us: calls === 0 ? 0 : round((totalMs * 1000) / calls, 1),
      authorized_calls: authorized,
      per_authorized_call_us: authorized === 0 ? 0 : round((totalMs * 1000) / authorized, 1),
      workers: threads,
    };
  }
  return results;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
