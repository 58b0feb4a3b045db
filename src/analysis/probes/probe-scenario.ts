/**
 * Probes (docs/analyses.md): for every constrained parameter of every task_scoped grant, variants of the
 * scenario's legitimate calls aimed at the constraint's boundary. Each goes through the real chain
 * (q signs a proof-of-possession, the authorizer checks [p, q], exactly as the harness does) and,
 * when allowed, through the environment. It **escapes** when the same constraint denies the
 * canonical effect: the path the file system resolved, each program the shell would start, the
 * URL the client would request, the mailboxes the mail library would deliver to.
 *
 * The authorizer decides as Tenuo does: the escapes found are Tenuo's behaviours, shown,
 * never "fixed" here. Probes never change the matrix: they run on their own delegations and
 * environments, after the trials.
 *
 * Pure and deterministic: the filler in the probes comes from the run's seed and the scenario's
 * name; the result is plain JSON data (it crosses worker threads by structured clone).
 */
import type { WorkBudget } from '../../lib/budget.js';
import type { RunContext } from '../../chains/run-context.js';
import type { Effect } from '../../world/effects.js';
import { SimulatedEnvironment } from '../../world/environment.js';
import { formatSource } from '../../model/errors.js';
import type { AnalysisViolation } from '../../trial/gate.js';
import { isAllowed } from '../../trial/harness.js';
import { toPlain, type Plain } from '../../world/plain.js';
import type { Trial } from '../../results/results.js';
import type { Scenario, ScenarioCall } from '../../model/scenario.js';
import { seededRandom } from '../../chains/seed.js';
import { describeConstraint } from '../../warrant/constraints/format.js';
import { constraintOutcome } from '../../warrant/constraints/satisfy.js';
import { compareUtf8 } from '../../lib/bytes.js';
import { Float, type Value } from '../../warrant/constraint-value.js';
import { emailProbes } from './families/email-family.js';
import { numberProbes } from './families/number-family.js';
import { pathProbes } from './families/path-family.js';
import { shellProbes } from './families/shell-family.js';
import { urlProbes } from './families/url-family.js';
import type { FamilyGenerator, ProbeValue } from './families/family.js';
import { fixFinder } from './fix.js';
import { canonicalValues, paramKind } from './kinds.js';
import type { ParamKind, ProbeEscape, ProbeOptions, ProbesPart, ProbesSection } from './types.js';
import { constraintYaml } from '../../scenario/constraint-to-yaml.js';

/** Probes per parameter, at most (bounded cost: the built-in run with probes stays fast). */
export const MAX_PROBES_PER_PARAM = 64;
/**
 * Distinct legitimate values a parameter's probes start from, at most. One: the families vary the
 * value themselves, and each probe costs a signature and its verification (bounded run time).
 */
const MAX_BASES = 1;

const GENERATORS: Readonly<Partial<Record<ParamKind, FamilyGenerator>>> = {
  path: pathProbes,
  email_list: emailProbes,
  url: urlProbes,
  shell: shellProbes,
  number: numberProbes,
};

/** Values the scripted attacks use for parameters of `kind` (any tool): what probes aim at. */
function attackTargets(scenario: Scenario, kind: ParamKind): string[] {
  const out: string[] = [];
  for (const call of scenario.calls) {
    if (call.expect !== 'deny') continue;
    for (const [param, v] of Object.entries(call.args)) {
      if (typeof v === 'string' && paramKind(scenario, call.tool, param) === kind && !out.includes(v)) out.push(v);
    }
  }
  return out;
}

/** A seeded label generator: 1–8 lower-case letters per call. */
function labels(seed: string, scenario: string, tool: string, param: string): () => string {
  const random = seededRandom(seed, ['probes', scenario, tool, param]);
  return () => {
    const bytes = random(9);
    const len = 1 + (bytes[0]! % 8);
    return Array.from(bytes.subarray(1, 1 + len), (b) => String.fromCharCode(97 + (b % 26))).join('');
  };
}

/** JSON-safe form of a probe value: non-finite numbers as text (JSON has none). */
function plainOf(v: Value): Plain {
  const p = toPlain(v);
  const fix = (x: Plain): Plain => (typeof x === 'number' && !Number.isFinite(x) ? String(x) : Array.isArray(x) ? x.map(fix) : x);
  return v instanceof Float && Object.is(v.value, -0) ? '-0.0' : fix(p);
}

function dedupe(values: readonly ProbeValue[]): ProbeValue[] {
  const seen = new Set<string>();
  const out: ProbeValue[] = [];
  for (const p of values) {
    const key = JSON.stringify(plainOf(p.value));
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

/**
 * `{ ...args, [name]: value }`: the same keys in the same order, the same values. Built by
 * assignment: the loader's arguments are null-prototype objects in V8's dictionary mode, which a
 * spread copies about three times slower, once per probe. A `__proto__` key or a symbol (which
 * assignment would treat differently) takes the spread itself.
 */
export function withArg(args: Readonly<Record<string, Value>>, name: string, value: Value): Record<string, Value> {
  const keys = Object.keys(args);
  if (name === '__proto__' || keys.includes('__proto__') || Object.getOwnPropertySymbols(args).length > 0) {
    return { ...args, [name]: value };
  }
  const out: Record<string, Value> = {};
  for (const k of keys) out[k] = args[k]!;
  out[name] = value;
  return out;
}

/** The effect the environment recorded for one call, when it recorded one. */
function runInEnvironment(scenario: Scenario, tool: string, args: Readonly<Record<string, Value>>): Effect | undefined {
  const env = new SimulatedEnvironment(scenario.environment, scenario.tools);
  env.execute(tool, args);
  return env.effects[env.effects.length - 1];
}

/**
 * One scenario's probes: the per-scenario function of the run pipeline. `trials` are the
 * scenario's trials of this run: the legitimate calls are those its task_scoped trial allowed.
 */
export function probeScenario(scenario: Scenario, context: RunContext, trials: readonly Trial[], budget?: WorkBudget): ProbesPart {
  const scoped = trials.find((t) => t.scenario === scenario.name && t.condition === 'task_scoped');
  const allowedIdx = new Set((scoped?.calls ?? []).filter((c) => c.authorized).map((c) => c.index - 1));
  const legitCalls = scenario.calls.filter((c, i) => c.expect === 'allow' && allowedIdx.has(i));
  const escapes: ProbeEscape[] = [];
  let total = 0;
  for (const tool of Object.keys(scenario.warrant).sort(compareUtf8)) {
    const set = scenario.warrant[tool]!;
    const calls = legitCalls.filter((c) => c.tool === tool);
    if (calls.length === 0) continue;
    for (const param of Object.keys(set.constraints).sort(compareUtf8)) {
      const constraint = set.constraints[param]!;
      if (constraint.type === 'wildcard') continue;
      const kind = paramKind(scenario, tool, param);
      const generate = GENERATORS[kind];
      if (generate === undefined) continue;
      const legit = calls.map((c) => c.args[param]).filter((v): v is Value => v !== undefined);
      const bases = dedupe(legit.map((value) => ({ family: 'traversal' as const, value }))).slice(0, MAX_BASES);
      const label = labels(context.seed, scenario.name, tool, param);
      const targets = attackTargets(scenario, kind);
      const probes = dedupe(bases.flatMap((b) => generate({ base: b.value, targets, constraint, label }))).slice(0, MAX_PROBES_PER_PARAM);
      // One delegation per parameter: its own authorizer and clock, one step per probe.
      const delegation = context.delegation(scenario, 'task_scoped', budget);
      if (delegation === null) continue;
      const template = calls[0]!;
      const suggestFix = fixFinder(constraint, kind, legit);
      for (const probe of probes) {
        total++;
        const args = withArg(template.args, param, probe.value);
        const call: ScenarioCall = { ...template, args, expect: 'deny' };
        if (!isAllowed(delegation, scenario, call, 0)) continue;
        const effect = runInEnvironment(scenario, tool, args);
        if (effect === undefined) continue; // the tool refused the argument: nothing happened
        // The same constraint, at the instant the probe was authorized; a refusal by one of our own
        // bounds (CEL cost, regex work) is not the constraint's decision, so it shows no hole.
        const at = delegation.clock.now();
        const denied = canonicalValues(kind, probe.value, effect).find(
          (cv) => constraintOutcome(constraint, cv.value, at, budget) === 'denied',
        );
        if (denied === undefined) continue;
        const fix = suggestFix(probe.family, probe.value);
        const pos = scenario.grantSources?.[tool] ?? scenario.warrantSource ?? scenario.source;
        escapes.push({
          scenario: scenario.name,
          tool,
          param,
          constraint: describeConstraint(constraint),
          family: probe.family,
          value: plainOf(probe.value),
          canonical: plainOf(denied.value),
          effect: `${effectVerb(tool, kind)} ${denied.shown}, which ${describeConstraint(constraint)} denies${throughFileNote(kind, probe.value, scenario)}`,
          fix:
            fix === undefined
              ? `${param}: (no single constraint found; grant the legitimate values only)`
              : `${param}: ${constraintYaml(fix)}`,
          source: formatSource(pos),
        });
      }
    }
  }
  return { scenario: scenario.name, total, escapes };
}

/**
 * The regular file a path runs through, when it names one of the environment's files and goes on
 * after it (`/app/a.yaml/x\\y/../../etc/passwd`). The simulation resolves such a path lexically, as
 * a tool that normalizes before opening does (Python's `os.path.normpath`, the Claude Code hook's
 * `realpath` of a missing path); a kernel asked to open it answers ENOTDIR. The escape is real for
 * the first kind of tool only, so the report says which.
 */
export function regularFileOnTheWay(raw: Value, files: Readonly<Record<string, string>>): string | undefined {
  if (typeof raw !== 'string' || !raw.startsWith('/')) return undefined;
  const parts = raw.split('/');
  const stack: string[] = [];
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i]!;
    if (part === '..') stack.pop();
    else if (part !== '' && part !== '.') stack.push(part);
    const here = `/${stack.join('/')}`;
    if (stack.length > 0 && Object.prototype.hasOwnProperty.call(files, here)) return here;
  }
  return undefined;
}

function throughFileNote(kind: ParamKind, value: Value, scenario: Scenario): string {
  if (kind !== 'path') return '';
  const file = regularFileOnTheWay(value, scenario.environment.files);
  if (file === undefined) return '';
  return ` (for a tool that normalizes the path before opening it; the path runs through the regular file ${file}, where a kernel would answer ENOTDIR)`;
}

function effectVerb(tool: string, kind: ParamKind): string {
  if (kind === 'path') return `${tool} resolves to`;
  return `${tool}`;
}

/** The results JSON section from the parts, in scenario order. */
export function aggregateProbes(parts: readonly ProbesPart[]): ProbesSection {
  const escapes = parts.flatMap((p) => p.escapes);
  return { total: parts.reduce((n, p) => n + p.total, 0), escaped: escapes.length, escapes };
}

/**
 * The gate's share (docs/analyses.md): escapes fail it only when a maximum was asked for
 * (`--max-escapes N`); then every escape is a `probe_escape` violation at its grant's line.
 */
export function probeGateViolations(section: ProbesSection, options: ProbeOptions): AnalysisViolation[] {
  if (options.maxEscapes === undefined || section.escaped <= options.maxEscapes) return [];
  return section.escapes.map((e) => ({
    scenario: e.scenario,
    kind: 'probe_escape' as const,
    message:
      `probe escape (${section.escaped} > max ${options.maxEscapes}): ${e.tool}.${e.param} ${e.constraint} allowed ` +
      `${JSON.stringify(e.value)} (${e.family}); ${e.effect}. Fix: ${e.fix}`,
    ...(e.source === undefined ? {} : { source: e.source }),
  }));
}
