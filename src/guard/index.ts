/**
 * The regression guard: the scenario files as they are at a git ref, run with
 * the same seed, compared with the head's run scenario by scenario (matched by name, then by file:
 * a rename is one scenario): decision flips, rate deltas, every widening of a task_scoped grant
 * with a counterexample replayed through the real chain, every base attack the head's grant allows
 * when the base scenario is replayed under it, every file a base scenario read (`from:`) that the
 * head changed, compared as that scenario's grant (origins.ts), and every change that weakens the
 * suite itself, a base file that does not load at the ref among them (base-read.ts).
 * Widenings fail the gate as `authority_widened`, suite changes as `suite_weakened`, unless the
 * step allows them.
 */
import { contextFor, type RunContext } from '../chains/run-context.js';
import { prepareEnvironment } from '../world/prepare.js';
import type { AnalysisViolation } from '../trial/gate.js';
import type { Condition, Results } from '../results/results.js';
import { benchmarkResults } from '../trial/scenario-trials.js';
import { BUILTIN } from '../scenario/files.js';
import { MAX_FILE_BYTES, MAX_FILES, MAX_TOTAL_BYTES } from '../scenario/limits.js';
import { loadScenarios } from '../scenario/load.js';
import { HarnessError, formatSource } from '../model/errors.js';
import type { Scenario } from '../model/scenario.js';
import { compareTrials } from './flips.js';
import { openTreeAtRef, type TreeAtRef } from './tree-at-ref.js';
import { readBaseScenarios, type BaseScenario, type UnreadableBase } from './base-read.js';
import { fileWidenings, originChanges } from './origins.js';
import type { BaselineResults, SuiteChange, Widening } from '../results/baseline-comparison.js';
import { crossReplay, withCrossReplay } from './cross-replay.js';
import { matchScenarios } from './match.js';
import { mergeBaseWithHead, type ChosenBase } from './which-base.js';
import { suiteChanges } from './suite-changes.js';
import { scenarioWidenings, type Pair } from './widenings.js';
import { atToolList } from './tool-list-place.js';
import { agentPairs } from './agent-pairs.js';

export { BaselineError } from './errors.js';
export type { BaselineResults } from '../results/baseline-comparison.js';

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
  /** The head run's context, of `seed` (chains/run-context.ts); default: a new one from `seed`. */
  readonly context?: RunContext;
  readonly head: readonly Scenario[];
  readonly headResults: Results;
  readonly allowWidening: boolean;
  /** Suite changes (a scenario, an expect: deny call or an attack judge removed or changed) are reported without failing the gate. */
  readonly allowSuiteChanges?: boolean;
  /** Fetch REF from origin (depth 1) when this clone lacks it (the action: a shallow checkout). */
  readonly fetch?: boolean;
  /**
   * Compare with the merge base of HEAD and REF, what `git diff REF...HEAD` compares, not REF
   * itself (docs/guard.md#which-base): a branch behind REF is not charged with what REF gained since.
   */
  readonly mergeBase?: boolean;
  /** Why REF is the commit to compare with, when the caller chose it (recorded as `baseline.reason`). */
  readonly reason?: string;
}

export interface BaselineOutcome {
  readonly baseline: BaselineResults;
  /** Suite changes, then widenings, as gate violations (none of a kind the step allows). */
  readonly violations: AnalysisViolation[];
  /** Base files that did not load, `REF:FILE:LINE:COL: message` (each file also a `base_unreadable` suite change). */
  readonly problems: readonly string[];
  /** The base's run, for the analyses of its scenarios (src/pipeline/base-analyses.ts). */
  readonly base: BaseRun;
}

/** The base scenarios that ran, their trials, and which head scenario each stands for. */
export interface BaseRun {
  readonly scenarios: readonly Scenario[];
  readonly trials: Results['trials'];
  /** Base scenario name → the matched head scenario's name (by name, else by file: a rename). */
  readonly headOf: ReadonlyMap<string, string>;
  /** Head scenarios that stand for a base file that did not load or run, and why (`REF:…` problems). */
  readonly unreadable: ReadonlyArray<{ readonly head: string; readonly reason: string }>;
}

/** The base's scenarios: files at the ref (the built-in suite is the one this build ships). */
async function baseScenarios(
  options: BaselineOptions,
): Promise<{ tree: TreeAtRef; scenarios: BaseScenario[]; unreadable: UnreadableBase[] }> {
  const inputs = options.inputs.length === 0 ? [BUILTIN] : options.inputs;
  const fromGit = inputs.filter((i) => i !== BUILTIN);
  const tree = await openTreeAtRef(options.ref, options.cwd, { fetch: options.fetch ?? false });
  const read = await tree.scenarioFiles(fromGit, { maxFileBytes: MAX_FILE_BYTES, maxTotalBytes: MAX_TOTAL_BYTES, maxFiles: MAX_FILES });
  const builtin = inputs.includes(BUILTIN)
    ? (await loadScenarios([BUILTIN], options.cwd)).map((scenario) => ({ scenario, text: '', reads: [] }))
    : [];
  const fromFiles = await readBaseScenarios(tree, read.files);
  const names = new Set(builtin.map((b) => b.scenario.name));
  const scenarios: BaseScenario[] = [...builtin];
  const unreadable = [...fromFiles.unreadable, ...read.linkedFolders.map(linkedFolder)];
  for (const b of fromFiles.scenarios) {
    if (names.has(b.scenario.name)) {
      unreadable.push({
        file: b.scenario.file,
        name: b.scenario.name,
        source: formatSource(b.scenario.source),
        problems: [`${formatSource(b.scenario.source)}: duplicate scenario name '${b.scenario.name}' at the base`],
      });
      continue;
    }
    names.add(b.scenario.name);
    scenarios.push(b);
  }
  const wanted = options.names && options.names.length > 0 ? new Set(options.names) : undefined;
  // A filtered run still compares a renamed scenario: the base's one in the same file is kept. A
  // base file that did not load is kept unless it names another scenario than the run's.
  const headFiles = new Set(options.head.map((s) => s.file));
  const keep = (name: string | undefined, file: string): boolean =>
    !wanted || name === undefined || wanted.has(name) || headFiles.has(file);
  return {
    tree,
    scenarios: scenarios.filter((b) => keep(b.scenario.name, b.scenario.file)),
    unreadable: unreadable.filter((u) => keep(u.name, u.file)),
  };
}

/**
 * The base's run. A base scenario that loads but cannot run (a judge that fails to evaluate, a chain
 * that cannot be built) is unreadable too, with the harness's reason: found by running each alone
 * once the whole run failed, then the rest is run again without it.
 */
function runBase(
  scenarios: readonly BaseScenario[],
  options: BaselineOptions,
): { results: Results; scenarios: BaseScenario[]; failed: UnreadableBase[] } {
  const run = (list: readonly BaseScenario[]): Results =>
    benchmarkResults({
      scenarios: list.map((b) => b.scenario),
      maxAsr: options.headResults.gate.max_asr,
      minTcr: options.headResults.gate.min_tcr,
      seed: options.seed,
      ...(options.context ? { context: options.context } : {}),
    });
  try {
    return { results: run(scenarios), scenarios: [...scenarios], failed: [] };
  } catch (e) {
    if (!(e instanceof HarnessError)) throw e;
  }
  const ok: BaseScenario[] = [];
  const failed: UnreadableBase[] = [];
  for (const b of scenarios) {
    try {
      run([b]);
      ok.push(b);
    } catch (e) {
      if (!(e instanceof HarnessError)) throw e;
      const s = b.scenario;
      failed.push({
        file: s.file,
        name: s.name,
        source: e.source ?? formatSource(s.source),
        problems: [`${formatSource(s.source)}: cannot run at the base: ${e.message}`],
      });
    }
  }
  return { results: run(ok), scenarios: ok, failed };
}

/** A symlinked folder among the base's scenario folders: the loader refuses it, so that base did not load. */
function linkedFolder(display: string): UnreadableBase {
  return {
    file: display,
    source: `${display}:1:1`,
    problems: [
      `${display}: a symlink to a folder: folders are not read through symlinks, so the scenarios behind it did not load at the base`,
    ],
  };
}

/**
 * A base file that did not load, as a suite change: its scenario cannot be compared, so whatever
 * stands for it in the head (by name, else by file) is not added but unverified.
 */
function unreadableChange(u: UnreadableBase, head: Scenario | undefined): SuiteChange {
  const more = u.problems.length > 1 ? ` (and ${u.problems.length - 1} more problem${u.problems.length === 2 ? '' : 's'})` : '';
  return {
    scenario: head?.name ?? u.name ?? u.file,
    change: 'base_unreadable',
    base: `${u.problems[0] ?? u.file}${more}`,
    head: head === undefined ? null : `scenario ${head.name} (${head.file})`,
    base_source: u.source,
    ...(head !== undefined && { head_source: formatSource(head.source) }),
  };
}

/** The head scenario an unreadable base file stands for: the same name, else the only one in the same file. */
function headOfUnreadable(u: UnreadableBase, head: readonly Scenario[]): Scenario | undefined {
  const named = u.name === undefined ? undefined : head.find((h) => h.name === u.name);
  if (named) return named;
  const inFile = head.filter((h) => h.file === u.file);
  return inFile.length === 1 ? inFile[0] : undefined;
}

function widenedMessage(w: Widening): string {
  return [wideningText(w), w.place, w.fix === undefined ? undefined : `fix: ${w.fix}`].filter((x) => x !== undefined).join('\n');
}

function wideningText(w: Widening): string {
  if (w.change === 'base_attack_allowed') {
    const call = w.counterexample
      ? `: ${w.counterexample.tool}(${JSON.stringify(w.counterexample.args)}) was denied (${w.effect?.base_denial.code}) and is allowed now`
      : ' (unproven)';
    const at = w.base_source ? ` (base ${w.base_source})` : '';
    const file = w.base_file === undefined ? '' : ` (${w.base_file}, which the base scenario read, as it is in the head)`;
    return (
      `task_scoped grant widened against the baseline: the base's attack is allowed by the head's grant${file}: ${w.why}${at}${call}` +
      (w.effect?.attack ? ', and the base scenario judges its effect an attack' : '')
    );
  }
  const what = w.tool === '' ? 'the grant' : w.param === null ? `tool ${w.tool}` : `${w.tool}.${w.param}`;
  const from = w.base === null ? 'not granted' : w.base;
  // The head side is the file the base scenario read, as it is now, not a head scenario's grant.
  const file = w.base_file === undefined ? '' : `${w.base_file}, which the base scenario ${w.scenario} read, as it is in the head: `;
  // A base attack joined to this widening (cross-replay) is its counterexample: the base's own call.
  const attack =
    w.base_attack === undefined ? '' : ` (the base's own attack: ${w.base_attack}${w.base_source ? `, base ${w.base_source}` : ''})`;
  const proof = w.counterexample
    ? `; e.g. ${w.counterexample.tool}(${JSON.stringify(w.counterexample.args)}) is allowed now and was denied (${w.effect?.base_denial.code})${attack}` +
      (w.effect?.attack ? ', and the scenario judges its effect an attack' : '')
    : `; no counterexample could be built (unproven). ${w.why}`;
  return `task_scoped grant widened against the baseline: ${file}${what}: ${from} → ${w.head}${proof}`;
}

export async function compareWithBaseline(given: BaselineOptions): Promise<BaselineOutcome> {
  const chosen: ChosenBase = given.mergeBase
    ? await mergeBaseWithHead(given.ref, given.cwd, given.fetch ?? false)
    : { ref: given.ref, ...(given.reason !== undefined ? { reason: given.reason } : {}) };
  const options: BaselineOptions = { ...given, ref: chosen.ref };
  const loaded = await baseScenarios(options);
  // The base's scenarios and the head's counterexamples run here, on this thread: it needs the
  // parsers they reach even when the head's matrix ran on worker threads, or reached none.
  await prepareEnvironment([...loaded.scenarios.map((b) => b.scenario), ...options.head]);
  const ran = runBase(loaded.scenarios, options);
  const base = { ...loaded, scenarios: ran.scenarios, unreadable: [...loaded.unreadable, ...ran.failed] };
  const baseList = base.scenarios.map((b) => b.scenario);
  const baseResults = ran.results;
  const m = matchScenarios(baseList, options.head);
  // A head scenario that stands for a base file that did not load is not added: it is unverified.
  const unreadable = base.unreadable.map((u) => ({ u, head: headOfUnreadable(u, m.added) }));
  const standIns = new Set(unreadable.flatMap((x) => (x.head ? [x.head] : [])));
  const matched = new Map(m.pairs.map((p) => [p.head.name, p.base.name]));
  const { flips, deltas } = compareTrials(baseResults.trials, options.headResults.trials, matched);
  const context = contextFor(options.seed, options.context);
  const baseScoped = new Map(baseResults.trials.filter((t) => t.condition === 'task_scoped').map((t) => [t.scenario, t]));
  const headScoped = new Map(options.headResults.trials.filter((t) => t.condition === 'task_scoped').map((t) => [t.scenario, t]));
  const widenings: BaselineResults['widenings'] = [];
  const narrowings: BaselineResults['narrowings'] = [];
  const hidden = new Set<Pair>();
  const readOf = new Map(base.scenarios.map((b) => [b.scenario, b]));
  for (const pair of m.pairs) {
    // With agents: each agent's grant against its namesake's (agent-pairs.ts).
    const r = agentPairs(pair)
      .map((p) => scenarioWidenings(context, p))
      .reduce((all, one) => ({ widenings: [...all.widenings, ...one.widenings], narrowings: [...all.narrowings, ...one.narrowings] }));
    const scoped = baseScoped.get(pair.base.name);
    const crossed = scoped === undefined ? undefined : crossReplay(context, pair, scoped);
    const joined = withCrossReplay(r.widenings, crossed?.widenings ?? []);
    // A widening a changed tool list explains is placed in that list (tool-list-place.ts).
    const read = readOf.get(pair.base);
    widenings.push(...(read === undefined ? joined : atToolList(joined, read, pair.head, { cwd: options.cwd, top: base.tree.top })));
    narrowings.push(...r.narrowings);
    // An attack the base's grant already let through (no widening: cross-replay names none) that the
    // head's grant still does, and that the head's own run no longer shows.
    const head = headScoped.get(pair.head.name);
    if (scoped?.attack_succeeded === true && crossed?.attack === true && head?.attack_succeeded === false) hidden.add(pair);
  }
  // The files the base read, changed in the head, compared as their base scenario's grant.
  widenings.push(...fileWidenings({ context, cwd: options.cwd, top: base.tree.top, baseScoped }, base.scenarios, m.pairs));
  const summary: BaselineResults['summary'] = {};
  for (const c of Object.keys(options.headResults.summary) as Condition[]) {
    const h = options.headResults.summary[c];
    const bs = baseResults.summary[c];
    if (h && bs) summary[c] = { asr: { base: bs.asr, head: h.asr }, tcr: { base: bs.tcr, head: h.tcr } };
  }
  const allowSuiteChanges = options.allowSuiteChanges ?? false;
  const changes = [
    ...unreadable.map((x) => unreadableChange(x.u, x.head)),
    ...suiteChanges(m.pairs, m.removed, hidden),
    ...originChanges(m.pairs),
  ];
  const problems = base.unreadable.flatMap((u) => u.problems.map((p) => `${options.ref}:${p}`));
  const baseline: BaselineResults = {
    ref: options.ref,
    commit: base.tree.commit,
    added: m.added.filter((s) => !standIns.has(s)).map((s) => s.name),
    removed: m.removed.map((s) => s.name),
    renamed: [...m.renamed],
    suite_changes: changes,
    deltas,
    summary,
    flips,
    widenings,
    narrowings,
    allow_widening: options.allowWidening,
    allow_suite_changes: allowSuiteChanges,
    ...(problems.length > 0 ? { problems: boundProblems(problems) } : {}),
    ...(chosen.reason !== undefined ? { reason: chosen.reason } : {}),
  };
  const violations = [...suiteViolations(changes, options.ref, allowSuiteChanges), ...widenedViolations(widenings, options.allowWidening)];
  const run: BaseRun = {
    scenarios: baseList,
    trials: baseResults.trials,
    headOf: new Map(m.pairs.map((p) => [p.base.name, p.head.name])),
    unreadable: unreadable.flatMap((x) => (x.head ? [{ head: x.head.name, reason: `${options.ref}:${x.u.problems[0] ?? x.u.file}` }] : [])),
  };
  return { baseline, violations, problems, base: run };
}

/** The widenings as gate violations (`authority_widened`), none when the step allows widening. */
export function widenedViolations(widenings: BaselineResults['widenings'], allowWidening: boolean): AnalysisViolation[] {
  if (allowWidening) return [];
  return widenings.map((w) => ({
    scenario: w.scenario,
    kind: 'authority_widened',
    message: widenedMessage(w),
    ...(w.source ? { source: w.source } : {}),
  }));
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
  attack_hidden:
    "the base scenario's attack still succeeds under the head's grant, and the head scenario no longer shows it (its world, tools or calls changed, not the policy)",
  grant_origin_changed:
    'the grant or the tool list is read from another file than at the base, or written inline where the base read a file (or the other way): the file the base read is compared by its content, and the new origin needs a reviewer',
  base_unreadable: 'a base scenario does not load at the base, so it cannot be compared (its head scenario is not counted as added)',
};

function suiteMessage(c: SuiteChange, ref: string): string {
  // The head's position is the violation's own source.
  const head = c.head === null ? '' : `; head: ${c.head}`;
  return `suite weakened against the baseline: ${SUITE_CHANGE_TEXT[c.change]}: base ${ref} ${c.base_source}: ${c.base}${head}`;
}

function boundProblems(p: readonly string[]): string[] {
  return p.length <= MAX_PROBLEMS ? [...p] : [...p.slice(0, MAX_PROBLEMS), `… and ${p.length - MAX_PROBLEMS} more`];
}
