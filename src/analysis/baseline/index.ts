/**
 * The regression guard (design §10): the scenario files as they are at a git ref, run with the
 * same seed, compared with the head's run scenario by scenario (matched by name): decision flips,
 * rate deltas, and every widening of a task_scoped grant with a counterexample replayed through
 * the real chain. Widenings fail the gate as `authority_widened` unless the step allows them.
 */
import { Conditions } from '../../bench/conditions.js';
import { prepareEnvironment } from '../../bench/env/prepare.js';
import type { AnalysisViolation } from '../../bench/gate.js';
import type { Condition, Results } from '../../bench/results.js';
import { runBenchmark } from '../../bench/run.js';
import { formatProblem } from '../../bench/scenario/errors.js';
import { BUILTIN } from '../../bench/scenario/files.js';
import { MAX_FILE_BYTES, MAX_FILES, MAX_TOTAL_BYTES } from '../../bench/scenario/limits.js';
import { loadScenarios } from '../../bench/scenario/load.js';
import { parseScenarioText } from '../../bench/scenario/parse.js';
import { MAX_TOKEN_FILE_BYTES, TokenImportError } from '../../import/token.js';
import { posix, sep } from 'node:path';
import type { Scenario } from '../../bench/scenario/types.js';
import { compareTrials } from './flips.js';
import { readFilesAtRef } from './git.js';
import type { BaselineResults, Widening } from '../../bench/results-baseline.js';
import { scenarioWidenings } from './widenings.js';

export { BaselineError } from './errors.js';
export type { BaselineResults } from '../../bench/results-baseline.js';

/** Problems in the base's files shown at most (the rest are counted). */
const MAX_PROBLEMS = 20;

export interface BaselineOptions {
  readonly ref: string;
  /** The `--scenarios` inputs of the head's run, as given (relative to `cwd`). */
  readonly inputs: readonly string[];
  /** `--scenario NAME` filters of the head's run, if any. */
  readonly names?: readonly string[];
  readonly cwd: string;
  readonly seed: string;
  readonly head: readonly Scenario[];
  readonly headResults: Results;
  readonly allowWidening: boolean;
  /** Fetch REF from origin (depth 1) when this clone lacks it (the action: a shallow checkout). */
  readonly fetch?: boolean;
}

export interface BaselineOutcome {
  readonly baseline: BaselineResults;
  /** The widenings as gate violations (none when widening is allowed). */
  readonly violations: AnalysisViolation[];
  /** Base files that did not load: their scenarios count as added. */
  readonly problems: readonly string[];
}

/** The base's scenarios: files at the ref (the built-in suite is the one this build ships). */
async function baseScenarios(o: BaselineOptions): Promise<{ commit: string; scenarios: Scenario[]; problems: string[] }> {
  const inputs = o.inputs.length === 0 ? [BUILTIN] : o.inputs;
  const fromGit = inputs.filter((i) => i !== BUILTIN);
  const read = await readFilesAtRef(o.ref, fromGit, o.cwd, { maxFileBytes: MAX_FILE_BYTES, maxTotalBytes: MAX_TOTAL_BYTES, maxFiles: MAX_FILES }, { fetch: o.fetch ?? false });
  const scenarios: Scenario[] = [];
  const problems: string[] = [];
  if (inputs.includes(BUILTIN)) scenarios.push(...(await loadScenarios([BUILTIN], o.cwd)));
  const names = new Set(scenarios.map((s) => s.name));
  const tokens = await tokenFilesAtRef(o, read.files);
  for (const f of read.files) {
    const parsed = parseScenarioText(f.text, f.display, { readTokenFile: (from) => tokens.read(f.display, from) });
    if (parsed.problems.length > 0 || !parsed.scenario) {
      problems.push(...parsed.problems.map((p) => `${o.ref}:${formatProblem(p)}`));
      continue;
    }
    if (names.has(parsed.scenario.name)) {
      problems.push(`${o.ref}:${f.display}: duplicate scenario name '${parsed.scenario.name}' at the base; compared once`);
      continue;
    }
    names.add(parsed.scenario.name);
    scenarios.push(parsed.scenario);
  }
  const wanted = o.names && o.names.length > 0 ? new Set(o.names) : undefined;
  return { commit: read.commit, scenarios: wanted ? scenarios.filter((s) => wanted.has(s.name)) : scenarios, problems };
}

/**
 * The token files the base's scenarios name (`warrant: {from: PATH}`), read at the ref too: a base
 * grant must be the token as it was there, not as it is in the working tree.
 */
async function tokenFilesAtRef(o: BaselineOptions, files: readonly { display: string; text: string }[]): Promise<{ read(scenario: string, from: string): string }> {
  const wanted = new Set<string>();
  const pathOf = (scenario: string, from: string): string => posix.normalize(posix.join(posix.dirname(scenario.split(sep).join('/')), from));
  // A first pass asks each file which token it reads; only a file that says `from:` can name one.
  for (const f of files.filter((x) => x.text.includes('from:'))) {
    parseScenarioText(f.text, f.display, {
      readTokenFile: (from) => {
        wanted.add(pathOf(f.display, from));
        throw new TokenImportError('token_unreadable', 'not read yet');
      },
    });
  }
  const texts = new Map<string, string>();
  if (wanted.size > 0) {
    const got = await readFilesAtRef(o.ref, [...wanted], o.cwd, { maxFileBytes: MAX_TOKEN_FILE_BYTES, maxTotalBytes: MAX_TOTAL_BYTES, maxFiles: MAX_FILES }, { fetch: o.fetch ?? false });
    for (const t of got.files) texts.set(t.display, t.text);
  }
  return {
    read(scenario, from) {
      const text = texts.get(pathOf(scenario, from));
      if (text === undefined) throw new TokenImportError('token_unreadable', `no such file at ${o.ref}`);
      return text;
    },
  };
}

function widenedMessage(w: Widening): string {
  const what = w.param === null ? `tool ${w.tool}` : `${w.tool}.${w.param}`;
  const from = w.base === null ? 'not granted' : w.base;
  const proof = w.counterexample
    ? `; e.g. ${w.counterexample.tool}(${JSON.stringify(w.counterexample.args)}) is allowed now and was denied (${w.effect?.base_denial.code})` +
      (w.effect?.attack ? ', and the scenario judges its effect an attack' : '')
    : `; no counterexample could be built (unproven). ${w.why}`;
  return `task_scoped grant widened against the baseline: ${what}: ${from} → ${w.head}${proof}`;
}

export async function runBaseline(o: BaselineOptions): Promise<BaselineOutcome> {
  const base = await baseScenarios(o);
  // The base's scenarios and the head's counterexamples run here, on this thread: it needs the
  // parsers they reach even when the head's matrix ran on worker threads, or reached none.
  await prepareEnvironment([...base.scenarios, ...o.head]);
  const baseResults = runBenchmark({
    scenarios: base.scenarios,
    maxAsr: o.headResults.gate.max_asr,
    minTcr: o.headResults.gate.min_tcr,
    seed: o.seed,
  });
  const baseByName = new Map(base.scenarios.map((s) => [s.name, s]));
  const headNames = new Set(o.head.map((s) => s.name));
  const matched = new Set(o.head.filter((s) => baseByName.has(s.name)).map((s) => s.name));
  const { flips, deltas } = compareTrials(baseResults.trials, o.headResults.trials, matched);
  const conditions = new Conditions(o.seed);
  const widenings: BaselineResults['widenings'] = [];
  const narrowings: BaselineResults['narrowings'] = [];
  for (const head of o.head) {
    const b = baseByName.get(head.name);
    if (b === undefined) continue;
    const r = scenarioWidenings(conditions, { base: b, head });
    widenings.push(...r.widenings);
    narrowings.push(...r.narrowings);
  }
  const summary: BaselineResults['summary'] = {};
  for (const c of Object.keys(o.headResults.summary) as Condition[]) {
    const h = o.headResults.summary[c];
    const bs = baseResults.summary[c];
    if (h && bs) summary[c] = { asr: { base: bs.asr, head: h.asr }, tcr: { base: bs.tcr, head: h.tcr } };
  }
  const baseline: BaselineResults = {
    ref: o.ref,
    commit: base.commit,
    added: o.head.filter((s) => !baseByName.has(s.name)).map((s) => s.name),
    removed: base.scenarios.filter((s) => !headNames.has(s.name)).map((s) => s.name),
    deltas,
    summary,
    flips,
    widenings,
    narrowings,
    allow_widening: o.allowWidening,
    ...(base.problems.length > 0 ? { problems: boundProblems(base.problems) } : {}),
  };
  const violations = widenedViolations(widenings, o.allowWidening);
  return { baseline, violations, problems: base.problems };
}

/** The widenings as gate violations (`authority_widened`), none when the step allows widening. */
export function widenedViolations(widenings: BaselineResults['widenings'], allowWidening: boolean): AnalysisViolation[] {
  if (allowWidening) return [];
  return widenings.map((w) => ({ scenario: w.scenario, kind: 'authority_widened', message: widenedMessage(w), ...(w.source ? { source: w.source } : {}) }));
}

function boundProblems(p: readonly string[]): string[] {
  return p.length <= MAX_PROBLEMS ? [...p] : [...p.slice(0, MAX_PROBLEMS), `… and ${p.length - MAX_PROBLEMS} more`];
}
