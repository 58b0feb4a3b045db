/**
 * Widenings and narrowings of one scenario, each widening with a counterexample: a whole call that
 * the head's chain allows and the base's chain denies, both decided by the real Authorizer, then
 * run in the head's environment to show what it does.
 *
 * A call is built from the scenario's own: the first legitimate call of the tool (or any call of
 * it), with the widened parameter set to a witness value: the scenario's own values that separate
 * the two constraints first, then the prover's witness (src/warrant/containment, via grants.ts),
 * then values built from the two constraints (witness.ts). For a tool the base did not
 * grant, the scenario's calls of that tool are tried as they are, then one synthesized from the
 * head's constraints.
 */
import type { RunContext } from '../chains/run-context.js';
import { formatSource } from '../model/errors.js';
import { bindCall } from '../trial/harness.js';
import { ArgumentBindingError } from '../world/tools.js';
import { HOST_PARAM, pythonHostname, signedArgsOf } from '../world/claude-hook.js';
import { argsToPlain } from '../world/plain.js';
import type { Denial } from '../results/results.js';
import type { GrantRule, Scenario } from '../model/scenario.js';
import { describeConstraint, showValue } from '../warrant/constraints/format.js';
import { constraintYaml } from '../scenario/constraint-to-yaml.js';
import type { Constraint, ConstraintSet } from '../warrant/constraints/types.js';
import type { Args, Value } from '../warrant/constraint-value.js';
import { compareGrants, isWidening, type GrantChange } from './grants.js';
import { decideTaskScoped, replayEffect } from './replay.js';
import type { Narrowing, Widening } from '../results/baseline-comparison.js';
import { accepts, satisfyingValue, witnessValues, type CandidateSources } from './witness.js';
import { describeSet } from './grant-text.js';
import { fileFix, type FixSubject } from './file-fix.js';
import { ruleOf, widenedRulePlace, type RulePlace } from './rule-place.js';

export { describeSet };

/** An argument name no tool uses: the witness for a tool opened to unknown arguments. */
const UNKNOWN_ARG = 'delegation_bench_witness';
/** Bounded replay work per widening (each attempt signs and verifies two chains). */
const MAX_ATTEMPTS = 32;

export interface Pair {
  readonly base: Scenario;
  readonly head: Scenario;
}

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

function sourcesFor(pair: Pair, tool: string, param: string | undefined): CandidateSources {
  const calls = [...pair.head.calls, ...pair.base.calls].filter((c) => c.tool === tool);
  const ordered = [...calls.filter((c) => c.expect === 'deny'), ...calls.filter((c) => c.expect === 'allow')];
  const callValues: Value[] = [];
  if (param !== undefined) {
    for (const c of ordered) {
      const args = signedArgsOf(pair.head.tools, c);
      if (has(args, param)) callValues.push(args[param]!);
    }
  }
  const filePaths = Object.keys(pair.head.environment.files).sort();
  return { callValues, filePaths };
}

/** Argument templates for `tool`: the scenario's legitimate calls first, then the others. */
function templates(pair: Pair, tool: string, set: ConstraintSet | undefined): Args[] {
  const calls = pair.head.calls.filter((c) => c.tool === tool);
  const out: Args[] = [...calls.filter((c) => c.expect === 'allow'), ...calls.filter((c) => c.expect === 'deny')].map((c) => c.args);
  if (set !== undefined) {
    const synth: Record<string, Value> = {};
    let ok = true;
    for (const [param, c] of Object.entries(set.constraints)) {
      const v = satisfyingValue(c, sourcesFor(pair, tool, param));
      if (v === undefined) ok = false;
      else synth[param] = v;
    }
    if (ok) out.push(synth);
  }
  return out;
}

interface Proven {
  tool: string;
  args: Args;
  baseDenial: Denial;
}

/**
 * The first call that the head allows and the base denies, trying at most MAX_ATTEMPTS. With
 * `param`, a call the base denies for that very argument is preferred: a denial for another
 * argument would not show what this widening allows.
 */
function firstProven(context: RunContext, pair: Pair, tool: string, calls: Iterable<Args>, param?: string): Proven | undefined {
  let n = 0;
  let fallback: Proven | undefined;
  for (const candidate of calls) {
    if (++n > MAX_ATTEMPTS) break;
    // Only a call the head's agent could make proves anything: bound to the tool's signature as the
    // harness binds it (an argument the signature does not name cannot reach the authorizer).
    const args = bound(pair.head, tool, candidate);
    if (args === undefined) continue;
    if (decideTaskScoped(context, pair.head, tool, args) !== undefined) continue;
    const baseDenial = decideTaskScoped(context, pair.base, tool, args);
    // A denial by our own bound is not the base's decision: it proves nothing.
    if (baseDenial === undefined || baseDenial.code === 'evaluation_limit') continue;
    const proven = { tool, args, baseDenial };
    if (param === undefined || baseDenial.reason.includes(`${tool}.${param}`)) return proven;
    fallback ??= proven;
  }
  return fallback;
}

function bound(scenario: Scenario, tool: string, args: Args): Args | undefined {
  try {
    return bindCall(scenario, { tool, args: withDerivedHost(scenario, tool, args) });
  } catch (e) {
    if (e instanceof ArgumentBindingError) return undefined;
    throw e;
  }
}

/**
 * A candidate that sets the `host` Tenuo's hook derives for WebFetch, as the call an agent would
 * make for it: the template's URL with that host (no agent passes `host` itself). A host no URL
 * can carry leaves the candidate as it is, and binding refuses it.
 */
function withDerivedHost(scenario: Scenario, tool: string, args: Args): Args {
  const view = has(scenario.tools, tool) ? scenario.tools[tool]!.hook?.host : undefined;
  if (view === undefined || !has(args, HOST_PARAM)) return args;
  const { [HOST_PARAM]: host, ...rest } = args;
  const template = rest[view.from];
  if (typeof host !== 'string' || typeof template !== 'string' || !URL.canParse(template)) return args;
  const url = new URL(template);
  url.hostname = host;
  // The URL's own parser may refuse the host or change it: only a URL whose host Python reads back is the call.
  if (pythonHostname(url.href) !== host) return args;
  return { ...rest, [view.from]: url.href };
}

function* withParam(templateArgs: readonly Args[], param: string, values: readonly Value[]): Generator<Args> {
  for (const v of values) for (const t of templateArgs) yield { ...t, [param]: v };
}

/**
 * The templates with every other argument the base would refuse replaced, where possible, by a
 * value both grants accept: the base must deny a counterexample for the argument under test, not
 * for a neighbour that the same pull request also loosened. The originals follow as a fallback.
 */
function isolate(pair: Pair, tool: string, param: string, templateArgs: readonly Args[]): Args[] {
  const baseSet = has(pair.base.warrant, tool) ? pair.base.warrant[tool] : undefined;
  const headSet = pair.head.warrant[tool];
  if (baseSet === undefined || headSet === undefined) return [...templateArgs];
  const repaired: Args[] = [];
  for (const t of templateArgs) {
    const args: Record<string, Value> = { ...t };
    let changed = false;
    for (const [p, bc] of Object.entries(baseSet.constraints)) {
      if (p === param || !has(args, p) || accepts(bc, args[p]!)) continue;
      const hc = has(headSet.constraints, p) ? headSet.constraints[p] : undefined;
      const v = hc === undefined ? undefined : satisfyingValue(bc, sourcesFor(pair, tool, p), hc);
      if (v !== undefined) {
        args[p] = v;
        changed = true;
      }
    }
    if (changed) repaired.push(args);
  }
  return [...repaired, ...templateArgs];
}

/** Scenario values tried before the prover's witness: an attack the head lets through tells more. */
const SCENARIO_FIRST = 4;

/**
 * Values for a widened constraint: the scenario's own that separate the two (its attacks first),
 * then the prover's witness and candidates (each checked against the two constraints), then the
 * values built from the two constraints (witness.ts).
 */
function constraintWitnesses(pair: Pair, change: Extract<GrantChange, { kind: 'constraint_widened' }>): Value[] {
  const sources = sourcesFor(pair, change.tool, change.param);
  const fromScenario = witnessValues(change.base, change.head, { callValues: sources.callValues, filePaths: [] });
  const fromProver = change.candidates.filter((v) => accepts(change.head, v) && !accepts(change.base, v));
  const rest = witnessValues(change.base, change.head, sources);
  return [...fromScenario.slice(0, SCENARIO_FIRST), ...fromProver, ...fromScenario.slice(SCENARIO_FIRST), ...rest];
}

function counterexample(context: RunContext, pair: Pair, change: GrantChange): Proven | undefined {
  const headSet = pair.head.warrant[change.tool];
  const tpl = templates(pair, change.tool, headSet);
  switch (change.kind) {
    case 'tool_added':
      return firstProven(context, pair, change.tool, tpl);
    case 'allow_unknown_enabled':
      return firstProven(context, pair, change.tool, withParam(tpl, UNKNOWN_ARG, ['x']));
    case 'param_added': {
      const values = witnessValues(undefined, change.head, sourcesFor(pair, change.tool, change.param));
      return firstProven(
        context,
        pair,
        change.tool,
        withParam(isolate(pair, change.tool, change.param, tpl), change.param, values),
        change.param,
      );
    }
    case 'param_dropped': {
      const values = witnessValues(change.base, { type: 'wildcard' }, sourcesFor(pair, change.tool, change.param));
      return firstProven(
        context,
        pair,
        change.tool,
        withParam(isolate(pair, change.tool, change.param, tpl), change.param, values),
        change.param,
      );
    }
    case 'constraint_widened': {
      const values = constraintWitnesses(pair, change);
      return firstProven(
        context,
        pair,
        change.tool,
        withParam(isolate(pair, change.tool, change.param, tpl), change.param, values),
        change.param,
      );
    }
    default:
      return undefined;
  }
}

function describeChange(change: GrantChange): { param: string | null; base: string | null; head: string; why: string } {
  switch (change.kind) {
    case 'tool_added':
      return { param: null, base: null, head: describeSet(change.head), why: `${change.tool}: tool not granted by the base` };
    case 'allow_unknown_enabled':
      return {
        param: null,
        base: 'closed world',
        head: change.empty ? EMPTY_SET : '_allow_unknown: true',
        why: `${change.tool}: the head accepts arguments it does not name`,
      };
    case 'param_added':
      return {
        param: change.param,
        base: null,
        head: describeConstraint(change.head),
        why: `${change.tool}.${change.param}: an argument the base did not name`,
      };
    case 'param_dropped':
      return {
        param: change.param,
        base: describeConstraint(change.base),
        head: change.headEmpty ? `unconstrained (${EMPTY_SET})` : 'unconstrained (_allow_unknown)',
        why: `${change.tool}.${change.param}: the head drops the base's constraint`,
      };
    case 'constraint_widened':
      return { param: change.param, base: describeConstraint(change.base), head: describeConstraint(change.head), why: change.why };
    default:
      return { param: null, base: null, head: '', why: '' };
  }
}

/** A tool granted with no constraint: Tenuo's `ConstraintSet::matches` then allows any arguments. */
const EMPTY_SET = '{} (no constraint: any arguments)';

/** Characters of the base's constraint quoted in a hint, at most (it comes from a scenario file). */
const MAX_QUOTED = 200;

const clip = (s: string): string => (s.length > MAX_QUOTED ? `${s.slice(0, MAX_QUOTED)}…` : s);

/**
 * Why an unproven widening stays one, and how its author settles it: a scripted call proves it (the
 * witness search tries the scenario's own values first), or a head written as the base's
 * constraint plus more is shown narrower.
 */
function unprovenHint(change: GrantChange, inFile: GrantRule | undefined): string {
  const what = 'param' in change ? `${change.tool}.${change.param}` : change.tool;
  const prove = `add to the scenario a call of ${change.tool} marked \`expect: deny\` with a value the head allows and the base refuses: it proves the widening`;
  switch (change.kind) {
    case 'constraint_widened':
      if (change.witness !== undefined) {
        return (
          `unproven as a call, so failing closed: the head's constraint allows ${clip(showValue(change.witness))} and the base's denies it, ` +
          `but no call of ${change.tool} built from the scenario's calls with that value is allowed by the head's chain and denied by the base's. To settle it, ${prove}`
        );
      }
      return (
        `unproven, so failing closed: the prover could not decide it (${change.unproven ?? 'no reason given'}), ` +
        `and no value tried (the scenario's own, then ones built from the two constraints) is allowed by the head and refused by the base. ` +
        `To settle it, ${prove}; or, if it is meant to be narrower, ${keepBase(change.base, inFile)}`
      );
    case 'allow_unknown_enabled':
      return (
        `unproven, so failing closed: every call is bound to ${change.tool}'s signature before it is authorized (as Tenuo's guard binds it), ` +
        `so no call here can carry an argument the grant does not name; the grant still allows more than the base's, ` +
        `which Tenuo would refuse under a closed parent. ${change.empty ? 'Name its parameters' : 'Drop _allow_unknown'}, or let a reviewer allow the widening`
      );
    default:
      return `unproven, so failing closed: no call of ${what} built from the scenario's calls is allowed by the head and refused by the base. To settle it, ${prove}`;
  }
}

export function grantSource(scenario: Scenario, tool: string): string | undefined {
  const pos = scenario.grantSources?.[tool] ?? scenario.warrantSource ?? scenario.source;
  return pos ? formatSource(pos) : undefined;
}

export function scenarioWidenings(context: RunContext, pair: Pair): { widenings: Widening[]; narrowings: Narrowing[] } {
  const widenings: Widening[] = [];
  const narrowings: Narrowing[] = [];
  for (const change of compareGrants(pair.base.warrant, pair.head.warrant)) {
    if (!isWidening(change)) {
      narrowings.push(narrowing(pair, change));
      continue;
    }
    const d = describeChange(change);
    const proven = counterexample(context, pair, change);
    // A grant read from a file is annotated at its changed line there (rule-place.ts).
    const place = widenedRulePlace(pair.base, pair.head, change.tool, d.param);
    const source = place?.source ?? grantSource(pair.head, change.tool);
    let effect: Widening['effect'] = null;
    if (proven) {
      const replayed = replayEffect(pair.head, proven.tool, proven.args);
      effect = { output: replayed.output, effects: [...replayed.effects], attack: replayed.attack, base_denial: proven.baseDenial };
    }
    widenings.push({
      scenario: pair.head.name,
      change: change.kind,
      tool: change.tool,
      param: d.param,
      base: d.base,
      head: d.head,
      why: proven ? d.why : `${d.why}; ${unprovenHint(change, ruleOf(pair.head, change.tool))}`,
      proof: proven ? 'proven' : 'unproven',
      counterexample: proven ? { tool: proven.tool, args: argsToPlain(proven.args) } : null,
      effect,
      ...(source ? { source } : {}),
      ...inFileSyntax(pair, change.tool, d.param, proven ? { tool: proven.tool, args: argsToPlain(proven.args) } : null, place),
    });
  }
  return { widenings, narrowings };
}

/**
 * How to keep the base's constraint beside a new one, in the grant's own file: a scenario writes
 * `{all: [BASE, …]}`; a `tenuo.yaml` rule is one constraint string (or a web policy) with no
 * `all:`, and a token is signed, so there a reviewer's yes settles what the prover cannot.
 */
function keepBase(base: Constraint, inFile: GrantRule | undefined): string {
  if (inFile === undefined) return `write it as {all: [${clip(constraintYaml(base))}, …]}, which keeps the base's constraint`;
  const what =
    inFile.syntax === 'token' ? 'a signed token cannot be edited into one' : 'a tenuo.yaml rule is one constraint string with no all:';
  return (
    `the guard shows a constraint narrower only when it keeps the base's ({all: [BASE, …]}), and ${what} (${inFile.file}): ` +
    `a reviewer who agrees approves the widening (allow-widening, or the pull request's approval label: docs/action.md#approving-a-change)`
  );
}

/** A narrowing of a grant read from a file, at its rule there: the head's (the base's for a tool removed). */
function narrowingPlace(pair: Pair, change: GrantChange): string | undefined {
  if (change.kind !== 'tool_removed')
    return widenedRulePlace(pair.base, pair.head, change.tool, 'param' in change ? change.param : null)?.source;
  const rule = ruleOf(pair.base, change.tool);
  return rule === undefined ? undefined : `${rule.file}:${rule.line}:${rule.col}`;
}

/** A widening's fix in the syntax of the file its grant was read from, and why it names no line; nothing for an inline grant. */
export function inFileSyntax(
  pair: Pair,
  tool: string,
  param: string | null,
  counterexample: FixSubject['counterexample'],
  place: RulePlace | undefined,
): Pick<Widening, 'fix' | 'place'> {
  const fix = fileFix(pair.base, pair.head, { tool, param, counterexample });
  return { ...(fix !== undefined && { fix }), ...(place?.note !== undefined && { place: place.note }) };
}

function narrowing(pair: Pair, change: GrantChange): Narrowing {
  const source = narrowingPlace(pair, change) ?? grantSource(change.kind === 'tool_removed' ? pair.base : pair.head, change.tool);
  const common = { scenario: pair.head.name, change: change.kind, tool: change.tool };
  const at = source ? { source } : {};
  switch (change.kind) {
    case 'tool_removed':
      return { ...common, param: null, base: describeSet(change.base), head: null, ...at };
    case 'allow_unknown_disabled':
      return { ...common, param: null, base: change.empty ? EMPTY_SET : '_allow_unknown: true', head: 'closed world', ...at };
    case 'param_dropped':
      return { ...common, param: change.param, base: describeConstraint(change.base), head: null, ...at };
    case 'constraint_narrowed':
    case 'constraint_unchanged':
      return {
        ...common,
        param: change.param,
        base: describeConstraint(change.base),
        head: describeConstraint(change.head),
        reason: change.proof,
        ...at,
      };
    default:
      return { ...common, param: null, base: '', head: null, ...at };
  }
}
