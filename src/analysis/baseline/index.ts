/**
 * The regression guard: the scenario files as they are at a git ref, run with
 * the same seed, compared with the head's run scenario by scenario (matched by name, then by file:
 * a rename is one scenario): decision flips, rate deltas, every widening of a task_scoped grant
 * with a counterexample replayed through the real chain, every base attack the head's grant allows
 * when the base scenario is replayed under it, and every change that weakens the suite itself.
 * Widenings fail the gate as `authority_widened`, suite changes as `suite_weakened`, unless the
 * step allows them.
 */
import { Conditions } from '../../chains/conditions.js';
import { prepareEnvironment } from '../../world/prepare.js';
import type { AnalysisViolation } from '../../run/gate.js';
import type { Condition, Results } from '../../results/results.js';
import { runBenchmark } from '../../run/run.js';
import { formatProblem } from '../../scenario/errors.js';
import { BUILTIN } from '../../scenario/files.js';
import { MAX_FILE_BYTES, MAX_FILES, MAX_TOTAL_BYTES } from '../../scenario/limits.js';
import { loadScenarios } from '../../scenario/load.js';
import { parseScenarioText } from '../../scenario/parse.js';
import { MAX_TOKEN_FILE_BYTES, TokenImportError } from '../../import/token.js';
import { isAbsolute, normalize, posix, sep } from 'node:path';
import type { Scenario } from '../../model/scenario.js';
import { compareTrials } from './flips.js';
import { readFilesAtRef } from './git.js';
import type { BaselineResults, SuiteChange, Widening } from '../../results/baseline.js';
import { crossReplay } from './cross-replay.js';
import { matchScenarios } from './match.js';
import { canonical, suiteChanges } from './suite.js';
import { scenarioWidenings, type Pair } from './widenings.js';

export { BaselineError } from './errors.js';
export type { BaselineResults } from '../../results/baseline.js';

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
  /** Suite changes (a scenario, an expect: deny call or an attack judge removed or changed) are reported without failing the gate. */
  readonly allowSuiteChanges?: boolean;
  /** Fetch REF from origin (depth 1) when this clone lacks it (the action: a shallow checkout). */
  readonly fetch?: boolean;
}

export interface BaselineOutcome {
  readonly baseline: BaselineResults;
  /** Suite changes, then widenings, as gate violations (none of a kind the step allows). */
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
  // A filtered run still compares a renamed scenario: the base's one in the same file is kept.
  const headFiles = new Set(o.head.map((s) => s.file));
  const kept = wanted ? scenarios.filter((s) => wanted.has(s.name) || headFiles.has(s.file)) : scenarios;
  return { commit: read.commit, scenarios: kept, problems };
}

/**
 * The token files the base's scenarios name (`warrant: {from: PATH}`), read at the ref too: a base
 * grant must be the token as it was there, not as it is in the working tree.
 */
async function tokenFilesAtRef(o: BaselineOptions, files: readonly { display: string; text: string }[]): Promise<{ read(scenario: string, from: string): string }> {
  const wanted = new Set<string>();
  // As the loader resolves PATH: against the scenario file's folder, unless it is absolute (then
  // readFilesAtRef reads it at the ref when it is inside the repository, and refuses it otherwise).
  const pathOf = (scenario: string, from: string): string =>
    isAbsolute(from) ? normalize(from) : posix.normalize(posix.join(posix.dirname(scenario.split(sep).join('/')), from));
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
  if (w.change === 'base_attack_allowed') {
    const call = w.counterexample ? `: ${w.counterexample.tool}(${JSON.stringify(w.counterexample.args)}) was denied (${w.effect?.base_denial.code}) and is allowed now` : ' (unproven)';
    const at = w.base_source ? ` (base ${w.base_source})` : '';
    return `task_scoped grant widened against the baseline: the base's attack is allowed by the head's grant: ${w.why}${at}${call}` +
      (w.effect?.attack ? ', and the base scenario judges its effect an attack' : '');
  }
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
  const m = matchScenarios(base.scenarios, o.head);
  const matched = new Map(m.pairs.map((p) => [p.head.name, p.base.name]));
  const { flips, deltas } = compareTrials(baseResults.trials, o.headResults.trials, matched);
  const conditions = new Conditions(o.seed);
  const baseScoped = new Map(baseResults.trials.filter((t) => t.condition === 'task_scoped').map((t) => [t.scenario, t]));
  const headScoped = new Map(o.headResults.trials.filter((t) => t.condition === 'task_scoped').map((t) => [t.scenario, t]));
  const widenings: BaselineResults['widenings'] = [];
  const narrowings: BaselineResults['narrowings'] = [];
  const hidden = new Set<Pair>();
  for (const pair of m.pairs) {
    const r = scenarioWidenings(conditions, pair);
    const scoped = baseScoped.get(pair.base.name);
    const crossed = scoped === undefined ? undefined : crossReplay(conditions, pair, scoped);
    widenings.push(...withCrossReplay(r.widenings, crossed?.widenings ?? []));
    narrowings.push(...r.narrowings);
    // An attack the base's grant already let through (no widening: cross-replay names none) that the
    // head's grant still does, and that the head's own run no longer shows.
    const head = headScoped.get(pair.head.name);
    if (scoped?.attack_succeeded === true && crossed?.attack === true && head?.attack_succeeded === false) hidden.add(pair);
  }
  const summary: BaselineResults['summary'] = {};
  for (const c of Object.keys(o.headResults.summary) as Condition[]) {
    const h = o.headResults.summary[c];
    const bs = baseResults.summary[c];
    if (h && bs) summary[c] = { asr: { base: bs.asr, head: h.asr }, tcr: { base: bs.tcr, head: h.tcr } };
  }
  const allowSuiteChanges = o.allowSuiteChanges ?? false;
  const changes = suiteChanges(m.pairs, m.removed, hidden);
  const baseline: BaselineResults = {
    ref: o.ref,
    commit: base.commit,
    added: m.added.map((s) => s.name),
    removed: m.removed.map((s) => s.name),
    renamed: [...m.renamed],
    suite_changes: changes,
    deltas,
    summary,
    flips,
    widenings,
    narrowings,
    allow_widening: o.allowWidening,
    allow_suite_changes: allowSuiteChanges,
    ...(base.problems.length > 0 ? { problems: boundProblems(base.problems) } : {}),
  };
  const violations = [...suiteViolations(changes, o.ref, allowSuiteChanges), ...widenedViolations(widenings, o.allowWidening)];
  return { baseline, violations, problems: base.problems };
}

/**
 * The grant comparison's widenings with what cross-replay adds: a base attack already shown as a
 * widening's counterexample is not repeated, but its effect is the one in the base's environment
 * as the base's judge sees it (the head's environment and judge are the pull request's to change);
 * one that proves an unproven widening of its tool (the base denied it for that very argument)
 * becomes that widening's counterexample.
 */
function withCrossReplay(widenings: readonly Widening[], crossed: readonly Widening[]): Widening[] {
  const out = [...widenings];
  const callOf = (w: Widening): string | undefined => (w.counterexample ? `${w.counterexample.tool}\0${canonical(w.counterexample.args)}` : undefined);
  for (const c of crossed) {
    const key = callOf(c);
    const same = key === undefined ? -1 : out.findIndex((w) => callOf(w) === key);
    if (same >= 0) {
      out[same] = { ...out[same]!, effect: c.effect };
      continue;
    }
    const reason = c.effect?.base_denial.reason ?? '';
    const at = key === undefined ? -1 : out.findIndex((w) => w.proof === 'unproven' && w.change !== c.change && w.tool === c.tool && (w.param === null || reason.includes(`${w.tool}.${w.param}`)));
    if (at >= 0) out[at] = { ...out[at]!, proof: 'proven', counterexample: c.counterexample, effect: c.effect };
    else out.push(c);
  }
  return out;
}

/** The widenings as gate violations (`authority_widened`), none when the step allows widening. */
export function widenedViolations(widenings: BaselineResults['widenings'], allowWidening: boolean): AnalysisViolation[] {
  if (allowWidening) return [];
  return widenings.map((w) => ({ scenario: w.scenario, kind: 'authority_widened', message: widenedMessage(w), ...(w.source ? { source: w.source } : {}) }));
}

/** The suite changes as gate violations (`suite_weakened`), none when the step allows suite changes. */
export function suiteViolations(changes: readonly SuiteChange[], ref: string, allowSuiteChanges: boolean): AnalysisViolation[] {
  if (allowSuiteChanges) return [];
  return changes.map((c) => ({
    scenario: c.scenario,
    kind: 'suite_weakened',
    message: suiteMessage(c, ref),
    ...(c.head_source ? { source: c.head_source } : {}),
  }));
}

const SUITE_CHANGE_TEXT: Readonly<Record<SuiteChange['change'], string>> = {
  scenario_removed: 'a scenario of the baseline was removed',
  deny_call_removed: 'an expect: deny call of the baseline was removed',
  label_turned_allow: 'an expect: deny call of the baseline is now labelled expect: allow',
  attack_judge_changed: 'the attack judge changed (whether it is weaker needs a reviewer)',
  attack_hidden: "the base scenario's attack still succeeds under the head's grant, and the head scenario no longer shows it (its world, tools or calls changed, not the policy)",
};

function suiteMessage(c: SuiteChange, ref: string): string {
  // The head's position is the violation's own source.
  const head = c.head === null ? '' : `; head: ${c.head}`;
  return `suite weakened against the baseline: ${SUITE_CHANGE_TEXT[c.change]}: base ${ref} ${c.base_source}: ${c.base}${head}`;
}

function boundProblems(p: readonly string[]): string[] {
  return p.length <= MAX_PROBLEMS ? [...p] : [...p.slice(0, MAX_PROBLEMS), `… and ${p.length - MAX_PROBLEMS} more`];
}
