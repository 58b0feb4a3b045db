/**
 * One benchmark run (design §1 data flow): every scenario under every condition, then the summary
 * per condition and the gate. Pure: scenarios in, results out, no I/O; the same scenarios and
 * seed give byte-identical results (durations only when `timings` is asked for).
 */
import { Conditions } from './conditions.js';
import { HarnessError, formatSource } from './errors.js';
import { evaluateGate } from './gate.js';
import { runTrial } from './harness.js';
import { ScenarioJudge } from './judge.js';
import { summarize } from './metrics.js';
import { CONDITIONS, type Results, type Trial } from './results.js';
import type { Scenario } from './scenario/types.js';

export const DEFAULT_SEED = 'delegation-bench';

export interface RunOptions {
  scenarios: readonly Scenario[];
  maxAsr: number; // fraction in [0, 1]
  minTcr: number; // fraction in [0, 1]
  seed: string;
  timings?: boolean;
  /** Monotonic milliseconds, for `timings` only; injectable so tests stay deterministic. */
  now?: () => number;
}

function checkFraction(name: string, v: number): void {
  if (!Number.isFinite(v) || v < 0 || v > 1) throw new HarnessError(`${name} must be a fraction in [0, 1], got ${v}`);
}

/**
 * One scenario under every condition, in CONDITIONS order: the unit a run (or a worker thread)
 * repeats. `conditions` holds the run's keys and shared warrants.
 */
export function runScenarioTrials(scenario: Scenario, conditions: Conditions): Trial[] {
  const judge = new ScenarioJudge(scenario); // compiled once, evaluated per condition
  return CONDITIONS.map((condition) => runTrial(scenario, condition, judge, conditions));
}

export function runBenchmark(o: RunOptions): Results {
  checkFraction('maxAsr', o.maxAsr);
  checkFraction('minTcr', o.minTcr);
  const now = o.now ?? (() => performance.now());
  const started = o.timings ? now() : 0;
  const seen = new Set<string>();
  for (const s of o.scenarios) {
    if (seen.has(s.name)) throw new HarnessError(`${formatSource(s.source)}: duplicate scenario name '${s.name}'`, s.name);
    seen.add(s.name);
  }
  const conditions = new Conditions(o.seed);
  const trials: Trial[] = [];
  for (const scenario of o.scenarios) trials.push(...runScenarioTrials(scenario, conditions));
  const results = assembleResults(o, trials);
  if (o.timings) {
    const totalMs = now() - started;
    const calls = trials.reduce((n, t) => n + t.calls_total, 0);
    results.timings = {
      total_ms: round(totalMs, 3),
      trials: trials.length,
      calls,
      per_call_us: calls === 0 ? 0 : round((totalMs * 1000) / calls, 1),
    };
  }
  return results;
}

/**
 * The results of a run from its trials (in scenario order, CONDITIONS order within): the summary
 * per condition and the gate. Whoever produced the trials (this thread or worker threads), the
 * same trials give the same bytes.
 */
export function assembleResults(o: Omit<RunOptions, 'timings' | 'now'>, trials: Trial[]): Results {
  const summary = summarize(trials, CONDITIONS);
  const gate = evaluateGate(trials, summary.task_scoped, {
    maxAsr: o.maxAsr,
    minTcr: o.minTcr,
    scenarioSources: Object.fromEntries(o.scenarios.map((s) => [s.name, formatSource(s.source)])),
  });
  const results: Results = {
    version: 1,
    mode: 'deterministic',
    conditions: [...CONDITIONS],
    scenarios: o.scenarios.map((s) => s.name),
    trials,
    summary,
    gate,
  };
  return results;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
