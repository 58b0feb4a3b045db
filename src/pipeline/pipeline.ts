/**
 * One run, for both shells (ARCHITECTURE.md, "One run"): load → the matrix and its analyses →
 * the guard against a baseline → LLM mode → the gate, decided once from every part
 * (verdict.ts). The CLI's flags and the action's inputs only build a `PipelineConfig`; what they
 * print, write or post is theirs (the `PipelineEdges` hooks tell them what happened). Errors are
 * thrown for the shell to map: ScenarioError (bad files), PipelineInputError (bad selection),
 * HarnessError (the run could not be carried out), BaselineError (the base cannot be read),
 * LlmInputError (a resume file of another run).
 */
import { auditLinks } from '../analysis/links/audit.js';
import { formatSource } from '../model/errors.js';
import { RunContext } from '../chains/run-context.js';
import type { Scenario } from '../model/scenario.js';
import type { BaselineOutcome } from '../guard/index.js';
import { withLlm } from '../llm/attach.js';
import type { LlmProgress } from '../llm/llm-stage.js';
import type { ChatModel } from '../llm/chat.js';
import type { Shard } from '../llm/trial-keys.js';
import type { TrialSettings } from '../llm/trial.js';
import { measureTrials } from '../trial/assess.js';
import type { GateThresholds } from '../trial/gate.js';
import type { LlmResults, Results } from '../results/results.js';
import { CONDITIONS } from '../model/condition.js';
import { RESULTS_VERSION } from '../results/results-version.js';
import { scenarioInfo } from '../results/describe-scenarios.js';
import { loadScenarioSet, readSummary } from '../scenario/load.js';
import { readSuiteManifests, type SuiteManifest } from '../scenario/suite-manifest.js';
import { suiteReports } from '../trial/suite-reports.js';
import type { AnalysisOptions } from './analyses.js';
import { markAgainstBase } from './base-analyses.js';
import { bundledWorker, computeMatrix, type MatrixOutcome } from './matrix.js';
import { RunThreads } from './threads.js';
import { decideGate, undecidedGate, verdictOf, type Verdict } from './verdict.js';
import { BenchError } from '../lib/errors.js';

export type RunMode = 'deterministic' | 'llm' | 'both';

/** The comparison with the scenario files at a git ref (docs/guard.md). */
export interface BaselineConfig {
  readonly ref: string;
  readonly allowWidening: boolean;
  readonly allowSuiteChanges: boolean;
  /** Fetch REF from origin (depth 1) when the clone lacks it (the action: a shallow checkout). */
  readonly fetch: boolean;
  /**
   * REF may be gone and then no comparison runs, said in `no_baseline` (a push's `before` after a
   * force push, docs/guard.md#which-base); otherwise a REF that cannot be read fails the run.
   */
  readonly skipWhenMissing?: boolean;
  /**
   * The approval label, set only when the pull request carries it (the action's `approval-label`):
   * widenings and suite changes are approved by it and do not fail the gate (verdict.ts decides).
   */
  readonly approvedBy?: string;
  /** Compare with the merge base of HEAD and REF, not REF itself (the CLI's default, docs/guard.md#which-base). */
  readonly mergeBase?: boolean;
  /** Why REF is the commit to compare with, when the shell chose it (the action: from the event and the checkout). */
  readonly reason?: string;
}

/** LLM mode (docs/llm.md); the model server's key never leaves `server`. */
export interface LlmConfig {
  readonly model: string;
  readonly runs: number;
  readonly concurrency: number;
  readonly settings: Omit<TrialSettings, 'signal'>;
  readonly maxTokensTotal?: number;
  readonly shard?: Shard;
  /** The `llm` section of an earlier, partial results file of the same inputs (read by the shell). */
  readonly resume?: LlmResults;
  /** `--gate llm` (action: `gate: llm`): the LLM results are gated too. */
  readonly gate: boolean;
  readonly server: {
    readonly apiKey: string | undefined;
    readonly baseURL: string | undefined;
    readonly timeoutMs: number;
    readonly retries: number;
  };
  /** Tests inject a model; by default the `openai` SDK's, loaded only in LLM mode. */
  readonly chat?: ChatModel;
}

export interface PipelineConfig {
  /** Scenario files and folders as given (relative to `cwd`); empty or `builtin`: the built-in suite. */
  readonly scenarios: readonly string[];
  /** Only these scenarios (`--scenario NAME`); empty: all. */
  readonly names: readonly string[];
  readonly cwd: string;
  /** Every scenario file must resolve into this folder (the action: the workspace). */
  readonly confine?: string;
  readonly seed: string;
  /** Threads the matrix may use. */
  readonly workers: number;
  readonly timings: boolean;
  readonly thresholds: GateThresholds;
  readonly analyses: AnalysisOptions;
  /** Absent: no comparison. */
  readonly baseline?: BaselineConfig;
  /**
   * `--allow-widening` / `allow-widening`: approves the monotonicity audit's escapes (docs/analyses.md)
   * as it approves the guard's widenings; absent: the baseline's setting, else not approved.
   */
  readonly allowWidening?: boolean;
  /**
   * The approval label, set only when the pull request carries it (the action's `approval-label`):
   * approves the monotonicity audit's escapes, with or without a baseline, as the baseline's
   * `approvedBy` approves its findings (verdict.ts decides).
   */
  readonly approvedBy?: string;
  readonly mode: RunMode;
  /** Required unless `mode` is deterministic. */
  readonly llm?: LlmConfig;
}

/** What the shells are told while the run goes; all optional. */
export interface PipelineEdges {
  /** The files were read: the loader's warnings and a `read N files, M scenarios` line. */
  readonly loaded?: (warnings: readonly string[], summary: string) => void;
  /** The comparison with the baseline is done (before LLM mode starts). */
  readonly compared?: (outcome: BaselineOutcome) => void | Promise<void>;
  readonly onProgress?: (p: LlmProgress) => void;
  /** Stops LLM mode: no new trial starts, the finished ones are kept. */
  readonly signal?: AbortSignal;
  /** The worker entry for the matrix's threads (default: the bundle's). */
  readonly workerScript?: URL;
}

export interface PipelineOutcome {
  readonly results: Results;
  readonly verdict: Verdict;
  /** The scenarios that ran (after `names`). */
  readonly scenarios: readonly Scenario[];
  readonly baseline?: BaselineOutcome;
}

/** The configuration asks for something the loaded suite cannot give (an unknown `--scenario`, no scenario). */
export class PipelineInputError extends BenchError {
  override readonly name = 'PipelineInputError';
  readonly code = 'pipeline_input_invalid';
  readonly kind = 'input' as const;
}

export async function runPipeline(config: PipelineConfig, edges: PipelineEdges = {}): Promise<PipelineOutcome> {
  if (config.mode !== 'deterministic' && config.llm === undefined)
    throw new PipelineInputError(`mode ${config.mode} needs the LLM settings`);
  // The run's one context: when the files are loaded here, the loader's chain check builds each
  // scenario's chains with it, and the matrix, the comparison and LLM mode on this thread use those.
  // Worker threads rebuild it from the seed; those that load files build the chains there, once
  // (this thread, which takes its share of the files, with this context).
  const context = new RunContext(config.seed);
  const threads = new RunThreads({ workers: config.workers, script: edges.workerScript ?? bundledWorker(), context });
  let scenarios: Scenario[];
  let matrix: MatrixOutcome;
  let manifests: ReadonlyMap<string, SuiteManifest>;
  try {
    // The whole suite runs in the scripted matrix: its files are loaded and run on the workers (shard.ts).
    const whole = config.workers > 1 && config.names.length === 0 && config.mode !== 'llm';
    const set = await loadScenarioSet(config.scenarios, config.cwd, {
      ...(whole
        ? { elsewhere: threads.loadElsewhere({ seed: config.seed, analyses: config.analyses }) }
        : { onFileCount: threads.prestart }),
      context,
      ...(config.confine !== undefined ? { confine: config.confine } : {}),
    });
    edges.loaded?.(set.warnings, readSummary(set, config.scenarios, config.cwd));
    scenarios = selectScenarios(set.scenarios, config.names);
    if (scenarios.length === 0) throw new PipelineInputError('no scenarios to run');
    // All the loaded scenarios, not the --scenario selection: a suite is checked whole (docs/results.md#suites).
    manifests = readSuiteManifests(set.scenarios, config.cwd, config.confine);
    // --mode llm: the scripted matrix does not run (nor the analyses beside it).
    matrix = await computeMatrix({
      threads,
      scenarios: config.mode === 'llm' ? [] : scenarios,
      seed: config.seed,
      context,
      timings: config.timings,
      analyses: config.analyses,
      ...config.thresholds,
    });
  } catch (e) {
    await threads.close();
    throw e;
  }
  // What follows runs here. The workers stop meanwhile: waiting for them first left this thread
  // idle ~0.2 s at the end of a plain run of 1,000 scenarios on 2 workers (each frees its heap).
  const closing = threads.close();
  closing.catch(() => undefined); // handled below, in `finally`: not an unhandled rejection meanwhile
  try {
    const head = matrixFrame(config, scenarios, matrix, manifests);
    const compared = config.baseline === undefined ? undefined : await compare(config, config.baseline, scenarios, head, context);
    const baseline = typeof compared === 'string' ? undefined : compared;
    if (baseline) await edges.compared?.(baseline);
    const llm = config.mode === 'deterministic' ? undefined : await llmPart(config, config.llm!, scenarios, edges, context);
    const outcome = decide(config, scenarios, head, matrix, baseline, llm);
    if (baseline) withBaseFindings(config, outcome.results, matrix, baseline, context);
    if (typeof compared === 'string') outcome.results.no_baseline = compared;
    return outcome;
  } finally {
    await closing;
  }
}

/** The scenarios named in `names`, in load order; all of them when `names` is empty. */
export function selectScenarios(loaded: readonly Scenario[], names: readonly string[]): Scenario[] {
  if (names.length === 0) return [...loaded];
  const known = new Set(loaded.map((s) => s.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) {
    throw new PipelineInputError(
      `unknown scenario${unknown.length === 1 ? '' : 's'} ${unknown.map((n) => `'${n}'`).join(', ')}; known: ${[...known].join(', ')}`,
    );
  }
  const wanted = new Set(names);
  return loaded.filter((s) => wanted.has(s.name));
}

/**
 * The head's matrix as the results frame the comparison reads (trials, rates, thresholds). Its
 * gate is not decided yet: it says so (not passed, no violation) until `decide` replaces it.
 */
function matrixFrame(
  c: PipelineConfig,
  scenarios: readonly Scenario[],
  m: MatrixOutcome,
  manifests: ReadonlyMap<string, SuiteManifest>,
): Results {
  const ran = c.mode === 'llm' ? [] : scenarios;
  const measured = measureTrials(
    m.trials,
    ran.map((s) => s.name),
  );
  // No matrix, no rates: zero trials are not a TCR of 0 % (nor a delta against the baseline's).
  const summary = c.mode === 'llm' ? {} : measured.summary;
  const reachability = measured.reachability;
  const suites = suiteReports(ran, m.trials, manifests);
  return {
    version: RESULTS_VERSION,
    mode: 'deterministic',
    conditions: [...CONDITIONS],
    scenarios: ran.map((s) => s.name),
    scenario_info: scenarioInfo(ran),
    trials: m.trials,
    summary,
    reachability,
    gate: undecidedGate(c.thresholds),
    ...m.analyses.sections,
    ...(suites && { suites }),
  };
}

/** The comparison, or why none ran (`skipWhenMissing` and a REF that is gone). */
async function compare(
  c: PipelineConfig,
  b: BaselineConfig,
  scenarios: readonly Scenario[],
  head: Results,
  context: RunContext,
): Promise<BaselineOutcome | string> {
  const { compareWithBaseline, BaselineError } = await import('../guard/index.js');
  try {
    return await compareWithBaseline({
      ref: b.ref,
      inputs: c.scenarios,
      names: c.names,
      cwd: c.cwd,
      seed: c.seed,
      context,
      head: scenarios,
      headResults: head,
      allowWidening: b.allowWidening,
      allowSuiteChanges: b.allowSuiteChanges,
      fetch: b.fetch,
      ...(b.mergeBase ? { mergeBase: true } : {}),
      ...(b.reason !== undefined ? { reason: b.reason } : {}),
    });
  } catch (e) {
    if (b.skipWhenMissing && e instanceof BaselineError && e.code === 'baseline_ref_missing') {
      return `the push's previous commit ${b.ref.slice(0, 12)} is not reachable (a force push?): ${e.message}`;
    }
    throw e;
  }
}

async function llmPart(
  c: PipelineConfig,
  l: LlmConfig,
  scenarios: readonly Scenario[],
  edges: PipelineEdges,
  context: RunContext,
): Promise<LlmResults> {
  const { llmStage } = await import('../llm/llm-stage.js');
  const chat =
    l.chat ??
    new (await import('../llm/openai-chat.js')).OpenAIChat({
      model: l.model,
      apiKey: l.server.apiKey,
      baseURL: l.server.baseURL,
      timeoutMs: l.server.timeoutMs,
      maxRetries: l.server.retries,
    });
  return llmStage({
    scenarios,
    seed: c.seed,
    context,
    model: l.model,
    chat,
    runs: l.runs,
    concurrency: l.concurrency,
    settings: l.settings,
    ...(l.maxTokensTotal !== undefined ? { maxTokensTotal: l.maxTokensTotal } : {}),
    ...(l.shard ? { shard: l.shard } : {}),
    ...(l.resume ? { resume: l.resume } : {}),
    ...(edges.signal ? { signal: edges.signal } : {}),
    ...(edges.onProgress ? { onProgress: edges.onProgress } : {}),
  });
}

/**
 * The analyses' findings marked against the base's (base-analyses.ts), in the guard only: the
 * analyses run once more, on the base's scenarios. `--timings` says what that cost.
 */
function withBaseFindings(c: PipelineConfig, results: Results, m: MatrixOutcome, baseline: BaselineOutcome, context: RunContext): void {
  if (c.mode === 'llm' || results.baseline === undefined || (!c.analyses.probes.enabled && !c.analyses.mutants.enabled)) return;
  const started = performance.now();
  const marked = markAgainstBase(m.analyses.sections, baseline.base, context, c.analyses);
  Object.assign(results, marked.sections);
  results.baseline = { ...results.baseline, findings: marked.findings };
  if (results.timings) results.timings = { ...results.timings, base_analyses_ms: Math.round((performance.now() - started) * 1000) / 1000 };
}

/** Every part in one results object, and the gate decided once from all of them. */
function decide(
  c: PipelineConfig,
  scenarios: readonly Scenario[],
  head: Results,
  m: MatrixOutcome,
  baseline: BaselineOutcome | undefined,
  llm: LlmResults | undefined,
): PipelineOutcome {
  const names = scenarios.map((s) => s.name);
  // The delegation links of the scenarios that ran (none under --mode llm: the matrix did not build them).
  // Audited here, not on the workers that loaded the scenarios: there each worker loaded the regex
  // prover (refa, ~1 MB of the worker's bundle) and started in ~500 ms instead of ~300 (loaded
  // machine); a plain run of 1,000 scenarios on 2 workers took 9.3–11.4 s CPU that way against
  // 9.4–9.6 s with the audit here (A/B, 3 runs each, load ~7).
  const links = c.mode === 'llm' ? undefined : auditLinks(scenarios, c.allowWidening ?? c.baseline?.allowWidening ?? false);
  const decision = decideGate({
    matrixRan: c.mode !== 'llm',
    trials: head.trials,
    summary: head.summary.task_scoped,
    reachability: head.reachability,
    scenarioSources: Object.fromEntries(scenarios.map((s) => [s.name, formatSource(s.source)])),
    thresholds: c.thresholds,
    analyses: m.analyses.violations,
    guard: baseline?.violations ?? [],
    ...(links ? { links } : {}),
    ...(llm ? { llm: { results: llm, gated: c.llm!.gate } } : {}),
    ...((c.approvedBy ?? c.baseline?.approvedBy) !== undefined ? { approval: { label: (c.approvedBy ?? c.baseline?.approvedBy)! } } : {}),
  });
  let results: Results = { ...head, gate: decision.gate };
  if (decision.links) results.monotonicity = decision.links;
  if (m.timings) results.timings = m.timings;
  if (baseline) {
    const approvedBy = c.baseline?.approvedBy;
    results.baseline = approvedBy !== undefined ? { ...baseline.baseline, approved_by: approvedBy } : baseline.baseline;
  }
  if (llm) {
    const gated: LlmResults = decision.llmGate ? { ...llm, gate: decision.llmGate } : llm;
    results = withLlm(results, gated, c.mode === 'both' ? 'both' : 'llm', names);
  }
  return { results, verdict: verdictOf(results, { shard: c.llm?.shard !== undefined }), scenarios, ...(baseline ? { baseline } : {}) };
}
