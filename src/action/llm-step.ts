/**
 * The action's LLM mode (docs/action.md, docs/llm.md): inputs `mode`, `model`, `runs`, `shard`, `gate`,
 * `openai-base-url`, `openai-api-key`; the run itself; and, in report-only mode, a folder of shard
 * files merged into one run, and the `llm` section of a results file checked against its trials.
 * The key is masked in the log (see maskSecrets) before anything else happens.
 */
import { plural } from '../lib/plural.js';
import type { GateThresholds } from '../trial/gate.js';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { LlmResults, Results } from '../results/results.js';
import { undecidedGate } from '../pipeline/verdict.js';
import type { FileParts } from './results-audit.js';
import { allTrialKeys, keyOf, parseShard, shardKeys, type Shard } from '../llm/trial-keys.js';
import { readLlmSection } from '../llm/section-check.js';
import { LlmInputError } from '../llm/errors.js';
import { mergeShardFiles } from '../llm/merge-results.js';
import { assemble } from '../llm/llm-stage.js';
import { DEFAULT_MAX_TURNS } from '../llm/trial.js';
import type { LlmConfig, PipelineEdges } from '../pipeline/pipeline.js';
import { formatMeanStd } from '../report/sections/llm-section.js';
import { renderJson } from '../report/json.js';
import type { Runner } from './runner.js';

export interface ActionLlm {
  mode: 'deterministic' | 'llm' | 'both';
  model: string;
  runs: number;
  shard: Shard | undefined;
  gateLlm: boolean;
  baseURL: string | undefined;
  apiKey: string | undefined;
}

const MAX_RUNS = 10_000;

/** Parses the LLM inputs; problems are added to `problems` (all reported together). */
export function parseLlmInputs(
  get: (name: string) => string,
  env: Readonly<Record<string, string | undefined>>,
  problems: string[],
): ActionLlm {
  const apiKey = get('openai-api-key') || env.OPENAI_API_KEY?.trim() || undefined;
  const baseURL = get('openai-base-url') || env.OPENAI_BASE_URL?.trim() || undefined;
  const modeRaw = get('mode') || 'deterministic';
  let mode: ActionLlm['mode'] = 'deterministic';
  if (modeRaw === 'deterministic' || modeRaw === 'llm' || modeRaw === 'both') mode = modeRaw;
  else problems.push(`input mode: '${modeRaw.slice(0, 80)}' must be deterministic, llm or both`);
  const model = get('model');
  const runsRaw = get('runs') || '5';
  const runs = /^\d{1,5}$/.test(runsRaw) && Number(runsRaw) >= 1 && Number(runsRaw) <= MAX_RUNS ? Number(runsRaw) : NaN;
  if (Number.isNaN(runs)) problems.push(`input runs: '${runsRaw.slice(0, 80)}' must be a whole number from 1 to ${MAX_RUNS}`);
  let shard: Shard | undefined;
  const shardRaw = get('shard');
  if (shardRaw !== '') {
    try {
      shard = parseShard(shardRaw);
    } catch (e) {
      if (!(e instanceof LlmInputError)) throw e;
      problems.push(`input shard: ${e.message.replace('--shard ', '')}`);
    }
  }
  const gateRaw = get('gate') || 'deterministic';
  if (gateRaw !== 'deterministic' && gateRaw !== 'llm') problems.push(`input gate: '${gateRaw.slice(0, 80)}' must be deterministic or llm`);
  if (mode !== 'deterministic') {
    if (model === '') problems.push(`input model: mode ${mode} needs the model name (e.g. gpt-4o-mini)`);
    if (!apiKey && !baseURL) {
      problems.push(
        `input openai-api-key: mode ${mode} needs a model server: openai-api-key (e.g. \${{ secrets.OPENAI_API_KEY }}), or openai-base-url for an OpenAI-compatible server`,
      );
    }
    if (baseURL) {
      if (!isHttpUrl(baseURL)) problems.push('input openai-base-url: must be an http or https URL');
    }
  } else if (model !== '' || shardRaw !== '') {
    // (runs has a default in action.yml, so it is always set; gate: llm also serves report-only mode)
    problems.push('inputs model and shard apply to LLM mode only; set mode: llm or mode: both');
  }
  return { mode, model, runs: Number.isNaN(runs) ? 1 : runs, shard, gateLlm: gateRaw === 'llm', baseURL, apiKey };
}

/** The pipeline's LLM settings from the inputs (the action's fixed ones: docs/action.md). */
export function actionLlmConfig(llm: ActionLlm): LlmConfig {
  return {
    model: llm.model,
    runs: llm.runs,
    concurrency: 4,
    settings: { maxTurns: DEFAULT_MAX_TURNS, temperature: undefined, denialDetail: false, transcripts: false },
    ...(llm.shard ? { shard: llm.shard } : {}),
    gate: llm.gateLlm,
    server: { apiKey: llm.apiKey, baseURL: llm.baseURL, timeoutMs: 60_000, retries: 2 },
  };
}

/**
 * The LLM stage's edges in the action: a cancelled workflow sends SIGINT first, which stops it and
 * keeps what finished (the results file still gets written); progress as one log line per
 * finished cell. The SIGINT handler is removed when the run is over.
 */
export function llmEdges(runner: Runner): { edges: Pick<PipelineEdges, 'signal' | 'onProgress'>; done: () => void } {
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  return {
    edges: {
      signal: controller.signal,
      onProgress: (p) => {
        if (!p.cell) return;
        runner.info(
          `llm: ${p.cell.scenario} × ${p.cell.condition}: ASR ${formatMeanStd(p.cell.stats.asr)}, TCR ${formatMeanStd(p.cell.stats.tcr)}, ${plural(p.cell.stats.errors, 'error')} (${p.done}/${p.total})`,
        );
      },
    },
    done: () => void process.off('SIGINT', onSigint),
  };
}

const MAX_SHARD_BYTES = 256 * 1024 * 1024;

/**
 * Report-only mode given a folder: every *.json in it is a shard of one run; they are merged into
 * one results text (canonical JSON), or refused with the reason.
 */
export async function mergeShardFolder(dir: string): Promise<string | undefined> {
  if (!(await stat(dir)).isDirectory()) return undefined;
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const files = [];
  for (const n of names) {
    const path = join(dir, n);
    const size = (await stat(path)).size;
    if (size > MAX_SHARD_BYTES) throw new LlmInputError('merge_bad_file', `${n}: ${size} bytes is over the ${MAX_SHARD_BYTES}-byte limit`);
    let data: unknown;
    try {
      data = JSON.parse(await readFile(path, 'utf8'));
    } catch (e) {
      throw new LlmInputError('merge_bad_file', `${n}: not JSON (${(e as Error).message})`);
    }
    files.push({ name: n, data });
  }
  return renderJson(mergeShardFiles(files));
}

/**
 * The `llm` section of a results file in report-only mode: checked, and recomputed from its trials
 * (cells, summary, tokens; `gated`: the file was gated on them, so the step's gate judges them
 * too). Returns the problems when the file's numbers disagree with its trials, or when its
 * trials are not the whole run it says it is. `gateLlm`: the step gates on them (`gate: llm`).
 */
export function rejudgeLlm(
  data: unknown,
  scenarios: readonly string[],
  gateLlm = false,
): { llm: LlmResults; gated: boolean } | { problems: string[] } {
  let l;
  try {
    l = readLlmSection(data, 'results file');
  } catch (e) {
    if (e instanceof LlmInputError) return { problems: [e.message] };
    throw e;
  }
  const partial = partialRun(l, scenarios, gateLlm);
  if (partial) return { problems: [partial] };
  const again = assemble(
    { model: l.model, runs: l.runs, seed: l.seed, inputs: l.inputs, config: l.config, ...(l.shard ? { shard: l.shard } : {}) },
    scenarios,
    l.trials,
    l.complete ? undefined : (l.stopped ?? { reason: 'interrupted', message: 'stopped early' }),
  );
  const problems: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const file = l as unknown as Record<string, unknown>;
  if (!same(file.cells, again.cells)) problems.push('$.llm.cells disagree with $.llm.trials');
  if (!same(file.summary, again.summary)) problems.push('$.llm.summary disagrees with $.llm.trials');
  if (!same(file.tokens, again.tokens)) problems.push('$.llm.tokens disagree with $.llm.trials');
  if (problems.length > 0) return { problems };
  // The gate is decided with the step's thresholds (src/pipeline/verdict.ts), also when the file was gated.
  return { llm: again, gated: l.gate !== undefined };
}

/**
 * Why the file's LLM trials are not the run they claim to be, if they are not. The LLM gate judges
 * the cells the trials make, and a (scenario, condition) without trials makes no cell: a file that
 * leaves out the trials that fail would pass. So every trial must be one of the run's (its
 * scenarios × conditions × runs, its shard's share), none twice, and a complete run holds all of
 * them. A lone shard of a split is part of a run: its gate is the merge's (report-only mode on the
 * folder of all the shards).
 */
function partialRun(l: NonNullable<Results['llm']>, scenarios: readonly string[], gateLlm: boolean): string | undefined {
  if (gateLlm && l.shard && l.shard.count > 1) {
    return `$.llm is shard ${l.shard.index}/${l.shard.count} of a run: its LLM gate is decided by the merge of all the shards (give results-path the folder of their files)`;
  }
  const keys = shardKeys(allTrialKeys(scenarios, l.runs), l.shard);
  const wanted = new Set(keys.map(keyOf));
  const seen = new Set<string>();
  for (const [i, t] of l.trials.entries()) {
    const k = keyOf(t);
    if (!wanted.has(k))
      return `$.llm.trials[${i}]: ${show(t.scenario)} × ${t.condition} run ${t.run} is not a trial of this run (its scenarios, runs and shard)`;
    if (seen.has(k)) return `$.llm.trials[${i}]: ${show(t.scenario)} × ${t.condition} run ${t.run} is there twice`;
    seen.add(k);
  }
  if (!l.complete) return undefined; // an incomplete run fails the LLM gate (evaluateLlmGate)
  const missing = keys.filter((k) => !seen.has(keyOf(k)));
  if (missing.length === 0) return undefined;
  const m = missing[0]!;
  return `$.llm.trials: ${plural(missing.length, 'trial')} missing, first ${show(m.scenario)} × ${m.condition} run ${m.run}, yet $.llm.complete is true`;
}

/** A short, quoted excerpt of an untrusted name. */
function show(name: string): string {
  const s = JSON.stringify(name);
  return s.length <= 60 ? s : `${s.slice(0, 59)}…`;
}

/** The key (and a base URL's password), to be masked: the runner then hides them in every log line. */
export function maskSecrets(setSecret: (value: string) => void, llm: ActionLlm): void {
  if (llm.apiKey) setSecret(llm.apiKey);
  if (!llm.baseURL) return;
  let password: string;
  try {
    password = new URL(llm.baseURL).password;
  } catch {
    return; // not a URL: refused by the inputs' check
  }
  if (!password) return;
  // As written in the URL, and as sent (percent-decoded), when that decodes.
  setSecret(password);
  try {
    const decoded = decodeURIComponent(password);
    if (decoded !== password) setSecret(decoded);
  } catch {
    // not valid percent-encoding: it can only appear as written
  }
}

/**
 * Report-only mode for a `mode: llm` file: the scripted matrix did not run, so there is nothing of
 * it to recompute; a file that says otherwise (trials, a summary, or gate violations other than
 * the guard's, which are judged again from its baseline) is refused.
 */
export function llmOnlyJudged(
  given: Results,
  step: GateThresholds,
): { results: Results; notes: string[]; parts: FileParts } | { problems: string[] } {
  const guardKinds = given.baseline !== undefined ? new Set(['authority_widened', 'suite_weakened']) : new Set<string>();
  if (given.trials.length > 0 || Object.keys(given.summary).length > 0 || given.gate.violations.some((v) => !guardKinds.has(v.kind))) {
    return { problems: ['$.mode is llm, but the file has scripted-matrix trials, a summary or gate violations'] };
  }
  // Built from the checked parts only: any other section of the file (probes, mutants, …) is
  // nothing this step verified, so it is left out (and the log says so), never carried along.
  const results: Results = {
    version: given.version,
    mode: given.mode,
    conditions: [...given.conditions],
    scenarios: [...given.scenarios],
    ...(given.scenario_info ? { scenario_info: given.scenario_info } : {}),
    trials: [],
    summary: {},
    reachability: { unreachable_attacks: [], tasks_failing_without_warrant: [] },
    gate: undecidedGate(step),
  };
  return { results, notes: [], parts: { analyses: [], sources: {} } };
}

/** True for an http or https URL. */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
