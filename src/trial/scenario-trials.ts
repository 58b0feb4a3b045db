/**
 * One benchmark run (ARCHITECTURE.md, "One run"): every scenario under every condition, then the summary
 * per condition and the gate. Pure: scenarios in, results out, no I/O; the same scenarios and
 * seed give byte-identical results (durations only when `timings` is asked for).
 */
import { WorkBudget, type WorkLimits } from '../lib/budget.js';
import { contextFor, type RunContext } from '../chains/run-context.js';
import { HarnessError, formatSource } from '../model/errors.js';
import { assessTrials } from './assess.js';
import type { AnalysisViolation } from './gate.js';
import { replayTrial } from './harness.js';
import { ScenarioJudge } from './judge.js';
import type { Results, Trial } from '../results/results.js';
import { CONDITIONS } from '../model/condition.js';
import { RESULTS_VERSION } from '../results/results-version.js';
import { scenarioInfo } from '../results/describe-scenarios.js';
import { suiteReports } from './suite-reports.js';
import type { Scenario } from '../model/scenario.js';

export const DEFAULT_SEED = 'delegation-bench';

export interface BenchmarkOptions {
  scenarios: readonly Scenario[];
  maxAsr: number; // fraction in [0, 1]
  minTcr: number; // fraction in [0, 1]
  /** Calls marked expect: deny that task_scoped may allow (default 0). */
  maxFalseAllows?: number;
  /** Calls marked expect: allow that task_scoped may deny (default 0). */
  maxFalseBlocks?: number;
  seed: string;
  /** The run's context (keys, warrants, the chains the loader built), of `seed`; default: a new one from `seed`. */
  context?: RunContext;
  /** Each scenario's work budget (src/lib/budget.ts); default: delegation-bench's limits. */
  limits?: WorkLimits;
  timings?: boolean;
  /** Monotonic milliseconds, for `timings` only; injectable so tests stay deterministic. */
  now?: () => number;
}

function checkFraction(name: string, v: number): void {
  if (!Number.isFinite(v) || v < 0 || v > 1) throw new HarnessError(`${name} must be a fraction in [0, 1], got ${v}`);
}

function checkCount(name: string, v: number | undefined): void {
  if (v !== undefined && !(Number.isSafeInteger(v) && v >= 0)) throw new HarnessError(`${name} must be an integer ≥ 0, got ${v}`);
}

/**
 * One scenario under every condition, in CONDITIONS order: the unit a run (or a worker thread)
 * repeats. `context` holds the run's keys and shared warrants; `budget` is this scenario's own
 * (so what it may spend depends on nothing else in the run, nor on the thread).
 */
export function scenarioTrials(scenario: Scenario, context: RunContext, budget: WorkBudget = new WorkBudget()): Trial[] {
  const judge = new ScenarioJudge(scenario); // compiled once, evaluated per condition
  return CONDITIONS.map((condition) => replayTrial(scenario, condition, judge, context, budget));
}

export function benchmarkResults(options: BenchmarkOptions): Results {
  checkFraction('maxAsr', options.maxAsr);
  checkFraction('minTcr', options.minTcr);
  checkCount('maxFalseAllows', options.maxFalseAllows);
  checkCount('maxFalseBlocks', options.maxFalseBlocks);
  const now = options.now ?? (() => performance.now());
  const started = options.timings ? now() : 0;
  const seen = new Set<string>();
  for (const s of options.scenarios) {
    if (seen.has(s.name)) throw new HarnessError(`${formatSource(s.source)}: duplicate scenario name '${s.name}'`, s.name);
    seen.add(s.name);
  }
  const context = contextFor(options.seed, options.context);
  const trials: Trial[] = [];
  for (const scenario of options.scenarios) trials.push(...scenarioTrials(scenario, context, new WorkBudget(options.limits)));
  const results = assembleResults(options, trials);
  if (options.timings) {
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
export function assembleResults(
  options: Omit<BenchmarkOptions, 'timings' | 'now' | 'limits' | 'context'>,
  trials: Trial[],
  analyses: AnalysesOutcome = {},
): Results {
  const scenarios = options.scenarios.map((s) => s.name);
  const { summary, reachability, gate } = assessTrials(trials, scenarios, {
    maxAsr: options.maxAsr,
    minTcr: options.minTcr,
    maxFalseAllows: options.maxFalseAllows ?? 0,
    maxFalseBlocks: options.maxFalseBlocks ?? 0,
    scenarioSources: Object.fromEntries(options.scenarios.map((s) => [s.name, formatSource(s.source)])),
    ...(analyses.violations ? { analyses: analyses.violations } : {}),
  });
  const results: Results = {
    version: RESULTS_VERSION,
    mode: 'deterministic',
    conditions: [...CONDITIONS],
    scenarios,
    scenario_info: scenarioInfo(options.scenarios),
    trials,
    summary,
    reachability,
    gate,
    ...analyses.sections,
  };
  const suites = suiteReports(options.scenarios, trials); // docs/results.md#suites (without manifests: runPipeline reads them)
  if (suites) results.suites = suites;
  return results;
}

/** What the analyses beside the matrix add to a run: their JSON sections and their gate findings. */
export interface AnalysesOutcome {
  sections?: Pick<Results, 'probes' | 'mutants' | 'coverage' | 'slack' | 'monotonicity' | 'blast_radius' | 'analyses_skipped'>;
  violations?: readonly AnalysisViolation[];
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
