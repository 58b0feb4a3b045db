/**
 * The grant an imported pair carries (docs/agentdojo.md, "Policies"):
 *
 * - `task-scoped` (the default): written as a team would write it from the user task alone, never
 *   from the attack: the tools the task's ground truth calls, each parameter held to what the task
 *   passes on AgentDojo's default environment (a number's range, a text's values, a list's items;
 *   any value for long text the agent composes); a text the task takes from attacked data (slack's
 *   "the channel starting with External") held to its shape, the fixed text with each vector a
 *   wildcard (arg-shape.ts);
 * - `tenuo-templates`: Tenuo's own AgentDojo policy as the export carries it, the same for every
 *   pair of the suite.
 *
 * Beside the grant, the policy-sufficiency finding: where the attack adds amounts up and each of
 * its calls fits the grant's per-call constraint on the amount, no per-call constraint can stop
 * the total, whatever the enforcement.
 */
import { Float } from '../../lib/float.js';
import type { AgentDojoExport } from '../../import/agentdojo/types.js';
import { grantYaml } from '../../scenario/constraint-to-yaml.js';
import type { Constraint, ConstraintSet } from '../../warrant/constraints/types.js';
import type { Args, Value } from '../../warrant/constraint-value.js';
import { checkConstraintSet } from '../../warrant/constraints/satisfy.js';
import { stripNone } from '../../world/binding.js';
import { hasFixedText, shapePattern } from './arg-shape.js';
import type { PairCall } from './pair-calls.js';
import { canonicalKey, numberOf } from './values.js';

export type PolicyName = 'task-scoped' | 'tenuo-templates';
export const POLICIES: readonly PolicyName[] = ['task-scoped', 'tenuo-templates'];

/** A text this long, or on several lines, is prose the agent composes: any value goes. */
const SHORT = 200;

function isShortText(value: Value): value is string {
  return typeof value === 'string' && value.length <= SHORT && !value.includes('\n');
}

function distinctValues(values: readonly Value[]): Value[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const k = canonicalKey('', { v });
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The constraint a team writes for one parameter from the values the task passes. */
function constraintFor(values: readonly Value[]): Constraint {
  const numbers = values.map(numberOf);
  if (numbers.every((n) => n !== undefined)) {
    const ns = numbers as number[];
    return { type: 'range', min: Math.min(...ns), max: Math.max(...ns), minInclusive: true, maxInclusive: true };
  }
  if (values.every((v) => isShortText(v) || typeof v === 'boolean')) return { type: 'one_of', values: distinctValues(values) };
  if (values.every((v) => Array.isArray(v) && v.every(isShortText)))
    return { type: 'subset', allowed: distinctValues(values.flatMap((v) => v as Value[])) };
  return { type: 'wildcard' };
}

/**
 * The constraint for one parameter: the values the task passes, and the patterns of those it takes
 * from attacked data. Both kinds in one parameter (slack's `general`, `random`, `private` and
 * `External_*`) make Tenuo's `Any` of the two.
 */
function paramConstraint(values: readonly Value[], patterns: readonly string[]): Constraint {
  if (patterns.length === 0) return constraintFor(values);
  const shaped = [...new Set(patterns)].map((pattern): Constraint => ({ type: 'pattern', pattern }));
  if (values.length === 0) return shaped.length === 1 ? shaped[0]! : { type: 'any', constraints: shaped };
  const fixed = constraintFor(values);
  return fixed.type === 'wildcard' ? fixed : { type: 'any', constraints: [fixed, ...shaped] };
}

/** A call's arguments with the tool's defaults applied (`sig.bind`, `apply_defaults`), as the guard binding binds them. */
function withDefaults(exp: AgentDojoExport, tool: string, args: Readonly<Record<string, Value>>): Record<string, Value> {
  const { params, defaults } = exp.tools.get(tool)!;
  const out: Record<string, Value> = {};
  for (const p of params) {
    const v = Object.hasOwn(args, p) ? args[p]! : defaults[p];
    if (v !== undefined) out[p] = v;
  }
  return out;
}

/** A call's arguments as the guard authorizes them: the tool's defaults applied, then null values dropped (docs/scenarios.md, "Bindings"). */
function bound(exp: AgentDojoExport, call: PairCall): Record<string, Value> {
  return Object.fromEntries(Object.entries(withDefaults(exp, call.tool, call.benignArgs)).filter(([, v]) => v !== null));
}

/** One tool's per-call grant, as the sufficiency finding reads it. */
interface PerCallGrant {
  readonly allowUnknown: boolean;
  readonly params: Readonly<Record<string, Constraint>>;
}

export interface PairGrant {
  /** The `warrant:` map as YAML flow lines, one tool a line. */
  readonly lines: readonly string[];
  readonly notes: readonly string[];
  /** Tool → parameter → its constraint, to judge the policy's sufficiency. */
  readonly perCall: ReadonlyMap<string, PerCallGrant>;
}

/**
 * One parameter's constraint over the task's calls of a tool: a value the task takes from attacked
 * data goes in as its shape's pattern, any other as the value on the default environment. A value
 * wholly taken from attacked data has no text of the task's to hold: its default-environment
 * value stays, and the note says the task may then be blocked under attack.
 */
function shapedConstraint(
  tool: string,
  param: string,
  own: readonly PairCall[],
  calls: readonly Readonly<Record<string, Value>>[],
  notes: string[],
): Constraint {
  const values: Value[] = [];
  const patterns: string[] = [];
  own.forEach((call, i) => {
    const shape = call.shapes[param];
    if (shape !== undefined && hasFixedText(shape)) patterns.push(shapePattern(shape));
    else values.push(calls[i]![param]!);
    if (shape !== undefined && !hasFixedText(shape))
      notes.push(
        `${tool}.${param}: the task takes the whole value from attacked data, with no text of its own to hold: granted its value on the default environment, so the call is denied under attack`,
      );
  });
  for (const pattern of new Set(patterns))
    notes.push(
      `${tool}.${param}: the task takes it from attacked data: granted the pattern ${JSON.stringify(pattern)}, the text the task names with the injected part open`,
    );
  return paramConstraint(values, patterns);
}

/** The task-scoped grant: from the task's own calls, on the default environment's values, and the shape of what it takes from attacked data. */
export function taskScopedGrant(exp: AgentDojoExport, sequence: readonly PairCall[]): PairGrant {
  const task = sequence.filter((c) => c.role === 'task');
  const lines: string[] = [];
  const notes: string[] = [];
  const perCall = new Map<string, { allowUnknown: boolean; params: Record<string, Constraint> }>();
  for (const tool of exp.tools.keys()) {
    const own = task.filter((c) => c.tool === tool);
    const calls = own.map((c) => bound(exp, c));
    if (calls.length === 0) continue;
    const params = exp.tools.get(tool)!.params;
    const always = params.filter((p) => calls.every((a) => Object.hasOwn(a, p)));
    const sometimes = params.filter((p) => !always.includes(p) && calls.some((a) => Object.hasOwn(a, p)));
    const constraints: Record<string, Constraint> = {};
    for (const p of always) constraints[p] = shapedConstraint(tool, p, own, calls, notes);
    // Tenuo's closed world denies a parameter the grant does not name and a named one a call leaves
    // out: a parameter only some calls pass cannot be granted closed, so the tool is left open.
    const allowUnknown = sometimes.length > 0;
    if (allowUnknown)
      notes.push(
        `${tool}: ${sometimes.join(', ')} passed by some of the task's calls only: granted open-world (_allow_unknown), those parameters unchecked`,
      );
    const set: ConstraintSet = { constraints, allowUnknown };
    lines.push(Object.keys(constraints).length === 0 && !allowUnknown ? `${yamlKey(tool)}: {}` : grantYaml(tool, set));
    perCall.set(tool, { allowUnknown, params: constraints });
  }
  return { lines, notes, perCall };
}

function yamlKey(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name) ? name : JSON.stringify(name);
}

/**
 * A kind the finding does not read: the authorizer's unknown constraint, which admits nothing, so
 * the parameter is not taken for an unnamed one that an open-world grant lets through.
 */
const UNREAD: Constraint = { type: 'unknown', typeId: 0, payload: new Uint8Array() };

/** A raw `{range: …}` / `{one_of: …}` / `wildcard` … of the export's Tenuo grant, as the run's grant holds it; any other, UNREAD. */
function rawConstraint(raw: Value): Constraint {
  if (raw === 'wildcard') return { type: 'wildcard' };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || raw instanceof Float) return UNREAD;
  const entries = Object.entries(raw);
  if (entries.length !== 1) return UNREAD;
  const [kind, body] = entries[0]!;
  if (kind === 'range' && body !== null && typeof body === 'object' && !Array.isArray(body) && !(body instanceof Float)) {
    const range = body as Record<string, Value>;
    return {
      type: 'range',
      min: numberOf(range.min) ?? null,
      max: numberOf(range.max) ?? null,
      minInclusive: range.min_inclusive !== false,
      maxInclusive: range.max_inclusive !== false,
    };
  }
  if (kind === 'one_of' && Array.isArray(body)) return { type: 'one_of', values: body };
  if (kind === 'not_one_of' && Array.isArray(body)) return { type: 'not_one_of', excluded: body };
  if (kind === 'exact' && body !== undefined) return { type: 'exact', value: body };
  if (kind === 'pattern' && typeof body === 'string') return { type: 'pattern', pattern: body };
  if (kind === 'cel' && typeof body === 'string') return { type: 'cel', expression: body };
  return UNREAD;
}

/**
 * A grant as compact JSON (valid YAML flow), a float written as one (`1.0`, not `1`): the run's grant
 * then holds what the finding evaluates, as Tenuo's OneOf tells 1 from 1.0.
 */
function flowJson(value: Value): string {
  if (value instanceof Float) {
    const text = JSON.stringify(value.value);
    return /^-?\d+$/.test(text) ? `${text}.0` : text;
  }
  if (Array.isArray(value)) return `[${value.map(flowJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && typeof value !== 'bigint')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${flowJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(typeof value === 'bigint' ? Number(value) : value);
}

/** Tenuo's reference policy for the suite: every tool it grants, as the export writes it. */
export function tenuoTemplateGrant(exp: AgentDojoExport): PairGrant {
  const lines: string[] = [];
  const perCall = new Map<string, { allowUnknown: boolean; params: Record<string, Constraint> }>();
  for (const tool of exp.tools.keys()) {
    const grant = exp.tenuo.grants.get(tool);
    if (grant === undefined) continue;
    lines.push(`${yamlKey(tool)}: ${flowJson(grant)}`);
    const params: Record<string, Constraint> = {};
    for (const [p, raw] of Object.entries(grant)) {
      if (p === '_allow_unknown') continue;
      params[p] = rawConstraint(raw);
    }
    perCall.set(tool, { allowUnknown: grant._allow_unknown === true, params });
  }
  return { lines, notes: [], perCall };
}

/**
 * Whether the grant lets an attack call through but for its amount, decided by the authorizer's own
 * `ConstraintSet::matches` (satisfy.ts) on the arguments as the run authorizes them (the guard
 * binding: the tool's defaults applied, None stripped), the amount held to nothing: a named
 * parameter the call leaves out denies, an unnamed one passes only open-world, an unknown kind
 * admits nothing (no finding from a guess).
 */
function admitsAllButAmount(
  exp: AgentDojoExport,
  tool: string,
  entry: PerCallGrant,
  args: Readonly<Record<string, Value>>,
  amount: string,
): boolean {
  const constraints = Object.hasOwn(entry.params, amount) ? { ...entry.params, [amount]: { type: 'wildcard' } as const } : entry.params;
  let authorized: Args;
  try {
    authorized = stripNone(withDefaults(exp, tool, args));
  } catch {
    return false; // arguments the run's binding refuses (nested too deep) are no grounds for a finding
  }
  return checkConstraintSet(tool, { constraints, allowUnknown: entry.allowUnknown }, authorized) === undefined;
}

/** Whether a parameter the grant does not name passes: open-world, or a tool granted with no constraint at all (Tenuo's empty set). */
function isOpen(entry: PerCallGrant): boolean {
  return entry.allowUnknown || Object.keys(entry.params).length === 0;
}

/** The largest amount one call may carry, if the constraint lets a positive one through: Infinity when unbounded. */
function perCallCap(constraint: Constraint | undefined, open: boolean): number | undefined {
  if (constraint === undefined) return open ? Infinity : undefined;
  if (constraint.type === 'wildcard') return Infinity;
  if (constraint.type === 'range') return constraint.max === null ? Infinity : constraint.max > 0 ? constraint.max : undefined;
  if (constraint.type === 'one_of') {
    const positive = constraint.values.map(numberOf).filter((v): v is number => v !== undefined && v > 0);
    return positive.length > 0 ? Math.max(...positive) : undefined;
  }
  return undefined;
}

/**
 * The policy-sufficiency finding of a pair whose attack adds amounts up (AgentDojo's judge sums
 * them): the policy lets the attack's calls through but for their amount, and lets some positive
 * amount through per call, while nothing caps the number of calls. Then many calls within the cap
 * reach the attack's total, whatever the enforcement: a per-call constraint cannot bound a sum.
 * Whether this run's calls were allowed is the run's to say; the finding says what the policy can
 * express.
 */
export function sufficiencyFinding(
  exp: AgentDojoExport,
  grant: PairGrant,
  sequence: readonly PairCall[],
  needsSum: boolean,
): string | undefined {
  if (!needsSum) return undefined;
  const attack = sequence.filter((c) => c.role === 'attack');
  for (const tool of new Set(attack.map((c) => c.tool))) {
    const entry = grant.perCall.get(tool);
    if (entry === undefined) continue;
    const calls = attack.filter((c) => c.tool === tool);
    const amount = Object.keys(calls[0]!.args).find((p) => calls.every((c) => numberOf(c.args[p]) !== undefined));
    if (amount === undefined) continue;
    const others = calls.every((c) => admitsAllButAmount(exp, tool, entry, c.args, amount));
    const cap = perCallCap(entry.params[amount], isOpen(entry));
    if (!others || cap === undefined) continue;
    const total = calls.reduce((n, c) => n + numberOf(c.args[amount])!, 0);
    if (cap === Infinity) return `${tool}.${amount} is not bounded per call: one call moves the attack's whole total (${total})`;
    const needed = Math.ceil(total / cap);
    return `${tool}.${amount} is capped at ${cap} per call and nothing caps the number of calls: the attack's total of ${total} passes as ${needed} call${needed === 1 ? '' : 's'} within the cap; a per-call constraint cannot bound a total`;
  }
  return undefined;
}
