/**
 * Semantic containment: is every value the head's constraint allows also allowed by the base's?
 * The second test of a widening, after the warrant engine's attenuation rules (attenuate.ts),
 * which are syntactic and refuse sound narrowings such as `Subpath → All(Subpath, …)`: the
 * report's own fixes (`{all: [GRANTED, {not: …}]}`) must not read as widenings.
 *
 * Sound, not complete: `narrower` is said only with a proof from one of the rules below; anything
 * else is `undecided` (the caller then looks for a counterexample, and fails closed without one).
 * The rules reason about what the authorizer's evaluator (satisfy.ts) allows, including how errors
 * travel: `Any` stops at a branch that errors and `Not` never turns an error into a match, so a
 * rule that would need "this branch cannot error" checks it (`neverErrors`).
 *
 * | head ⊆ base when                                                                        |
 * |-----------------------------------------------------------------------------------------|
 * | the two are the same constraint, or the base is Wildcard (or an empty All)              |
 * | head Exact / OneOf: every value (in every form the equality lumps together) satisfies    |
 * |   the base, by the real evaluator (a base whose CEL reads the clock: undecided)          |
 * | head All: one of its conjuncts is within the base                                       |
 * | head Any: each of its branches is within the base                                       |
 * | base All: the head is within each of its conjuncts                                      |
 * | base Any: the head is within one branch, and no branch before it can error              |
 * | Not(x) within Not(y): y within x, and y can never error                                 |
 * | Subpath within Subpath: by the containment of their normalized roots (below)            |
 * | two other constraints (neither All, Any nor Not): the attenuation rules                |
 *
 * The attenuation rules' own Any rule does not hold when a parent branch can error before the one
 * that covers the child (Tenuo's evaluator stops there): `attenuationSound` tells the caller when
 * their verdict is not to be taken as containment.
 */
import { checkAttenuation } from '../../warrant/constraints/attenuate.js';
import { describeConstraint } from '../../warrant/constraints/format.js';
import { constraintOutcome, MAX_CONSTRAINT_DEPTH } from '../../warrant/constraints/satisfy.js';
import { effectiveRoot, subpathRoot } from '../../warrant/constraints/subpath.js';
import type { Constraint } from '../../warrant/constraints/types.js';
import { Float, isObjectValue, type Value } from '../../warrant/value.js';

type Of<T extends Constraint['type']> = Extract<Constraint, { type: T }>;

export type Containment =
  | { readonly narrower: true; /** The rule that proves it, in words. */ readonly because: string }
  | { readonly narrower: false; /** Why no rule applies, in words. */ readonly because: string };

/** Rule applications per question, at most: nested All/Any pairs multiply. */
const MAX_STEPS = 10_000;
/** Forms of one Exact/OneOf value checked, at most (a list of many floats has many forms). */
const MAX_FORMS = 64;
/** Length of a reason, at most (nested rules nest their reasons). */
const MAX_REASON = 400;

interface Ctx {
  steps: number;
}

const COMBINATORS = new Set<Constraint['type']>(['all', 'any', 'not']);

/** Kinds whose evaluation yields allowed or denied, never an error (satisfy.ts returns no error for them). */
const ERROR_FREE = new Set<Constraint['type']>(['wildcard', 'exact', 'one_of', 'not_one_of', 'range', 'contains', 'subset', 'subpath', 'url_safe', 'shlex']);

/**
 * true when evaluating `c` can never error (so `Any` never stops at it, `Not` always negates it),
 * for a constraint inside one whose nesting is within the evaluator's depth (containedIn checks).
 */
export function neverErrors(c: Constraint, depth = 0): boolean {
  if (depth > MAX_CONSTRAINT_DEPTH) return false;
  switch (c.type) {
    case 'all':
    case 'any':
      return c.constraints.every((x) => neverErrors(x, depth + 1));
    case 'not':
      return neverErrors(c.constraint, depth + 1);
    default:
      return ERROR_FREE.has(c.type);
  }
}

/**
 * false when the attenuation rules' verdict on a head under `base` cannot be taken as containment:
 * `base` holds an Any with a branch that can error before its last one. The rules accept a child
 * Any branch within any parent branch, yet the evaluator (as Tenuo's) stops at the first branch
 * that errors: `Any(Cidr, Subpath('/a'))` denies '/a/b/x' (not an IP address) while the accepted
 * child `Any(Subpath('/a/b'))` allows it. Such a pair is decided by the rules here instead.
 */
export function attenuationSound(base: Constraint, depth = 0): boolean {
  if (depth > MAX_CONSTRAINT_DEPTH) return false;
  switch (base.type) {
    case 'any':
      return base.constraints.every((c, i) => (i === base.constraints.length - 1 || neverErrors(c)) && attenuationSound(c, depth + 1));
    case 'all':
      return base.constraints.every((c) => attenuationSound(c, depth + 1));
    case 'not':
      return attenuationSound(base.constraint, depth + 1);
    default:
      return true;
  }
}

function replacer(_k: string, v: unknown): unknown {
  if (typeof v === 'bigint') return `${v}n`;
  if (v instanceof Float) return { $float: Object.is(v.value, -0) ? '-0' : v.value };
  if (typeof v === 'number' && Object.is(v, -0)) return '-0';
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
  return v;
}

function textOf(c: Constraint): string {
  return JSON.stringify(c, replacer);
}

function same(a: Constraint, b: Constraint): boolean {
  return a === b || (a.type === b.type && textOf(a) === textOf(b));
}

function clip(s: string): string {
  return s.length > MAX_REASON ? `${s.slice(0, MAX_REASON)}…` : s;
}

// ------------------------------------------------------------------------------------------------
// Exact and OneOf: the head allows exactly the values equal to its own, so checking those values
// against the base with the real evaluator decides it. "Equal" is the evaluator's equality
// (compare.ts), which lumps several representations together: an int as number or bigint, a
// float as Float or number, 0.0 and -0.0. Each of them is checked, since the base may tell them
// apart (a CEL expression can divide by -0.0). Objects are left undecided: their key order is
// not part of the equality, yet a CEL expression may observe it.
// ------------------------------------------------------------------------------------------------

function intForms(v: number | bigint): Value[] {
  if (typeof v === 'number') return v === 0 ? [0, -0, 0n] : [v, BigInt(v)];
  const n = Number(v);
  return BigInt(n) === v ? (n === 0 ? [v, 0, -0] : [v, n]) : [v];
}

function floatForms(x: number): Value[] {
  if (Number.isNaN(x)) return [new Float(x)]; // equal to nothing: the head allows no value here
  if (x === 0) return [new Float(0), new Float(-0)];
  return Number.isInteger(x) ? [new Float(x)] : [new Float(x), x];
}

/** Every representation the evaluator's equality takes as equal to `v`; undefined beyond bounds or for objects. */
export function equalForms(v: Value, depth = 0): Value[] | undefined {
  if (depth > MAX_CONSTRAINT_DEPTH) return undefined;
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return [v];
  if (typeof v === 'bigint') return intForms(v);
  if (typeof v === 'number') return Number.isInteger(v) ? intForms(v) : floatForms(v);
  if (v instanceof Float) return floatForms(v.value);
  if (Array.isArray(v)) {
    let forms: Value[][] = [[]];
    for (const item of v) {
      const f = equalForms(item, depth + 1);
      if (f === undefined || forms.length * f.length > MAX_FORMS) return undefined;
      forms = forms.flatMap((prefix) => f.map((x) => [...prefix, x]));
    }
    return forms;
  }
  if (isObjectValue(v)) return undefined;
  return undefined;
}

/** Tenuo's clock functions (cel.rs): an expression naming one may decide differently at another time. */
const CLOCK = /\btime_(?:now|is_expired|since)\b/;

function readsClock(c: Constraint, depth = 0): boolean {
  if (depth > MAX_CONSTRAINT_DEPTH) return true;
  switch (c.type) {
    case 'cel':
      return CLOCK.test(c.expression);
    case 'all':
    case 'any':
      return c.constraints.some((x) => readsClock(x, depth + 1));
    case 'not':
      return readsClock(c.constraint, depth + 1);
    default:
      return false;
  }
}

function valuesWithin(base: Constraint, values: readonly Value[], head: Constraint): string | undefined {
  // One evaluation speaks for every call only when the base cannot read the clock.
  if (readsClock(base)) return undefined;
  for (const v of values) {
    const forms = equalForms(v);
    if (forms === undefined) return undefined;
    if (!forms.every((f) => constraintOutcome(base, f) === 'allowed')) return undefined;
  }
  return `every value of ${describeConstraint(head)} satisfies the base`;
}

// ------------------------------------------------------------------------------------------------
// Subpath within Subpath. A Subpath allows a string when it is absolute, holds no NUL, and its
// normalized form N (lower-cased when case-insensitive) is the root R (with allow_equal) or starts
// with P = R without trailing `/` plus `/` (subpath.ts). Both sides normalize the same way, so:
// - the head's strictly-under paths are the base's when P_head starts with P_base;
// - the head's root itself (allow_equal) is the base's when it is R_base (and the base allows
//   equality) or starts with P_base.
// A case-sensitive base and a case-insensitive head: never (the head allows `/APP/…` for `/app`,
// and lower-casing is not one-to-one: `K`, the Kelvin sign, becomes `k`). A case-insensitive base
// and a case-sensitive head: the head's root lower-cased, when it is ASCII (lower-casing of an
// ASCII prefix does not depend on what follows it).
// ------------------------------------------------------------------------------------------------

function prefixOf(root: string): string {
  return `${root.replace(/\/+$/, '')}/`;
}

function subpathWithin(base: Of<'subpath'>, head: Of<'subpath'>): string | undefined {
  let headRoot = effectiveRoot(head);
  const baseRoot = effectiveRoot(base);
  if (!headRoot.startsWith('/') || !baseRoot.startsWith('/')) return undefined; // Windows roots: the attenuation rules only
  // A root decoded from a token is matched as written (subpath.ts); what follows assumes the form
  // the constructors store, so any other root is left to the attenuation rules.
  if (baseRoot !== subpathRoot(baseRoot, base.caseSensitive) || headRoot !== subpathRoot(headRoot, head.caseSensitive)) return undefined;
  if (base.caseSensitive && !head.caseSensitive) return undefined;
  if (!base.caseSensitive && head.caseSensitive) {
    if (!/^[\x00-\x7f]*$/.test(headRoot)) return undefined;
    headRoot = headRoot.toLowerCase();
  }
  const basePrefix = prefixOf(baseRoot);
  if (!prefixOf(headRoot).startsWith(basePrefix)) return undefined;
  if (head.allowEqual && !(headRoot.startsWith(basePrefix) || (base.allowEqual && headRoot === baseRoot))) return undefined;
  return `${describeConstraint(head)} is within ${describeConstraint(base)}`;
}

// ------------------------------------------------------------------------------------------------
// The rules
// ------------------------------------------------------------------------------------------------

function prove(base: Constraint, head: Constraint, depth: number, ctx: Ctx): string | undefined {
  if (depth > MAX_CONSTRAINT_DEPTH || ++ctx.steps > MAX_STEPS) return undefined;
  if (same(base, head)) return 'the same constraint';
  if (base.type === 'wildcard') return 'the base allows any value';
  if (base.type === 'unknown' || head.type === 'unknown') return undefined;
  switch (head.type) {
    case 'exact':
      return valuesWithin(base, [head.value], head);
    case 'one_of':
      return valuesWithin(base, head.values, head);
    case 'all':
      for (const c of head.constraints) {
        const why = prove(base, c, depth + 1, ctx);
        if (why !== undefined) return clip(`All requires ${describeConstraint(c)}, and ${why === 'the same constraint' ? 'that is the base' : why}`);
      }
      break;
    case 'any': {
      const whys: string[] = [];
      for (const c of head.constraints) {
        const why = prove(base, c, depth + 1, ctx);
        if (why === undefined) break;
        whys.push(why);
      }
      if (whys.length === head.constraints.length) return 'each branch of the head’s Any is within the base';
      break;
    }
    default:
      break;
  }
  switch (base.type) {
    case 'all': {
      if (base.constraints.every((c) => prove(c, head, depth + 1, ctx) !== undefined)) return 'the head is within each conjunct of the base’s All';
      break;
    }
    case 'any': {
      for (const c of base.constraints) {
        if (prove(c, head, depth + 1, ctx) !== undefined) return clip(`the head is within the base’s branch ${describeConstraint(c)}`);
        if (!neverErrors(c)) break; // the base's Any stops at an error here: later branches cannot vouch
      }
      break;
    }
    case 'not':
      if (head.type === 'not' && neverErrors(base.constraint) && prove(head.constraint, base.constraint, depth + 1, ctx) !== undefined) {
        return 'the head excludes at least what the base excludes';
      }
      break;
    case 'subpath':
      if (head.type === 'subpath') return subpathWithin(base, head);
      break;
    default:
      break;
  }
  if (!COMBINATORS.has(base.type) && !COMBINATORS.has(head.type) && checkAttenuation(base, head, '') === undefined) {
    return `${describeConstraint(head)} attenuates ${describeConstraint(base)}`;
  }
  return undefined;
}

/**
 * Whether `head` allows no value that `base` refuses, as far as the rules above can show. Pure;
 * never throws; bounded work.
 */
export function containedIn(base: Constraint, head: Constraint): Containment {
  // Deeper than the evaluator goes, every value errors there: no rule below reasons about that.
  if (!withinDepth(base, 0) || !withinDepth(head, 0)) return { narrower: false, because: `constraint nesting exceeds ${MAX_CONSTRAINT_DEPTH}` };
  let because: string | undefined;
  try {
    because = prove(base, head, 0, { steps: 0 });
  } catch {
    because = undefined; // a proof that crashed is no proof
  }
  if (because !== undefined) return { narrower: true, because };
  return { narrower: false, because: undecidedReason(base, head) };
}

/** true when the evaluator reaches every part of `c` without its depth error (satisfy.ts: depth > MAX errors). */
function withinDepth(c: Constraint, depth: number): boolean {
  if (depth > MAX_CONSTRAINT_DEPTH) return false;
  if (c.type === 'all' || c.type === 'any') return c.constraints.every((x) => withinDepth(x, depth + 1));
  if (c.type === 'not') return withinDepth(c.constraint, depth + 1);
  return true;
}

function undecidedReason(base: Constraint, head: Constraint): string {
  if (head.type === 'all') return `no conjunct of the head’s All is shown within ${describeConstraint(base)}`;
  if (head.type === 'any') return `a branch of the head’s Any is not shown within ${describeConstraint(base)}`;
  if ((head.type === 'exact' || head.type === 'one_of') && base.type !== 'wildcard') {
    return `a value of ${describeConstraint(head)} does not satisfy ${describeConstraint(base)} (or is an object, whose form the check cannot fix)`;
  }
  return `no containment rule shows ${describeConstraint(head)} within ${describeConstraint(base)}`;
}
