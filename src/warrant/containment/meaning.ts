/**
 * A constraint's meaning over the values of one type: two sets, the values it ALLOWS and the values
 * on which it ERRORS (an error denies; the rest it denies plainly). Composed exactly as the
 * evaluator (satisfy.ts, as Tenuo's `constraints.rs`) evaluates, in order:
 * - `all [c1 … cn]` allows what every ci allows; errors where c1 … c(i-1) allow and ci errors;
 * - `any [c1 … cn]` allows where c1 … c(i-1) deny plainly and ci allows; errors where c1 … c(i-1)
 *   deny plainly and ci errors (the evaluator stops at an error);
 * - `not c` allows what c denies plainly; errors where c errors (`not` of an error is an error);
 * - a node deeper than MAX_CONSTRAINT_DEPTH errors on every value.
 * The sets are formulas over a leaf's own sets: a set of the type's algebra (an automaton for
 * strings, a truth value for one cell of numbers), or an ATOM: a leaf no algebra carries, whose
 * outcome on a value is unknown (allowed, denied or error) but related to other atoms by rules.
 */
import { MAX_CONSTRAINT_DEPTH } from '../constraints/satisfy.js';
import type { Constraint } from '../constraints/types.js';
import { BoundError } from './automata.js';

export type Formula<S> =
  | { readonly k: 'const'; readonly v: boolean }
  | { readonly k: 'set'; readonly s: S }
  | { readonly k: 'atom'; readonly i: number; readonly o: 'allow' | 'error' }
  | { readonly k: 'and'; readonly xs: readonly Formula<S>[] }
  | { readonly k: 'or'; readonly xs: readonly Formula<S>[] }
  | { readonly k: 'not'; readonly x: Formula<S> };

export interface Meaning<S> {
  readonly allowed: Formula<S>;
  readonly errors: Formula<S>;
}

export const TRUE = { k: 'const', v: true } as const;
export const FALSE = { k: 'const', v: false } as const;

/** Formula nodes built per question, at most. */
export const MAX_FORMULA = 20_000;

export class Builder {
  nodes = 0;
  private count(): void {
    if (++this.nodes > MAX_FORMULA) throw new BoundError(`a formula of more than ${MAX_FORMULA} nodes`);
  }
  and<S>(xs: readonly Formula<S>[]): Formula<S> {
    if (xs.some((x) => x.k === 'const' && !x.v)) return FALSE;
    const kept = xs.filter((x) => x.k !== 'const');
    if (kept.length === 0) return TRUE;
    if (kept.length === 1) return kept[0]!;
    this.count();
    return { k: 'and', xs: kept };
  }
  or<S>(xs: readonly Formula<S>[]): Formula<S> {
    if (xs.some((x) => x.k === 'const' && x.v)) return TRUE;
    const kept = xs.filter((x) => x.k !== 'const');
    if (kept.length === 0) return FALSE;
    if (kept.length === 1) return kept[0]!;
    this.count();
    return { k: 'or', xs: kept };
  }
  not<S>(formula: Formula<S>): Formula<S> {
    if (formula.k === 'const') return formula.v ? FALSE : TRUE;
    if (formula.k === 'not') return formula.x;
    this.count();
    return { k: 'not', x: formula };
  }
}

/** The meaning of a leaf (any kind but all, any, not) for the type at hand. */
export type Leaf<S> = (c: Constraint) => Meaning<S>;

/** The meaning of `constraint`, composed as the evaluator evaluates it. */
export function meaningOf<S>(constraint: Constraint, leaf: Leaf<S>, builder: Builder, depth = 0): Meaning<S> {
  if (depth > MAX_CONSTRAINT_DEPTH) return { allowed: FALSE, errors: TRUE };
  switch (constraint.type) {
    case 'all': {
      const allowedSoFar: Formula<S>[] = [];
      const errors: Formula<S>[] = [];
      for (const inner of constraint.constraints) {
        const m = meaningOf(inner, leaf, builder, depth + 1);
        errors.push(builder.and([...allowedSoFar, m.errors]));
        allowedSoFar.push(m.allowed);
      }
      return { allowed: builder.and(allowedSoFar), errors: builder.or(errors) };
    }
    case 'any': {
      let deniedSoFar: Formula<S> = TRUE;
      const allowed: Formula<S>[] = [];
      const errors: Formula<S>[] = [];
      for (const inner of constraint.constraints) {
        const m = meaningOf(inner, leaf, builder, depth + 1);
        allowed.push(builder.and([deniedSoFar, m.allowed]));
        errors.push(builder.and([deniedSoFar, m.errors]));
        deniedSoFar = builder.and([deniedSoFar, builder.not(builder.or([m.allowed, m.errors]))]);
      }
      return { allowed: builder.or(allowed), errors: builder.or(errors) };
    }
    case 'not': {
      const m = meaningOf(constraint.constraint, leaf, builder, depth + 1);
      return { allowed: builder.not(builder.or([m.allowed, m.errors])), errors: m.errors };
    }
    default:
      return leaf(constraint);
  }
}

export interface Algebra<S, T> {
  readonly top: T;
  readonly bottom: T;
  lift(s: S): T;
  and(a: T, b: T): T;
  or(a: T, b: T): T;
  not(a: T): T;
}

/** `formula` in the algebra, with each atom's outcome fixed (`outcome(i)`); shared nodes computed once. */
export function evaluate<S, T>(
  formula: Formula<S>,
  alg: Algebra<S, T>,
  outcome: (i: number) => 'allow' | 'deny' | 'error',
  memo = new Map<Formula<S>, T>(),
): T {
  const hit = memo.get(formula);
  if (hit !== undefined) return hit;
  let r: T;
  switch (formula.k) {
    case 'const':
      r = formula.v ? alg.top : alg.bottom;
      break;
    case 'set':
      r = alg.lift(formula.s);
      break;
    case 'atom':
      r = outcome(formula.i) === formula.o ? alg.top : alg.bottom;
      break;
    case 'and':
      r = formula.xs.map((x) => evaluate(x, alg, outcome, memo)).reduce((a, b) => alg.and(a, b));
      break;
    case 'or':
      r = formula.xs.map((x) => evaluate(x, alg, outcome, memo)).reduce((a, b) => alg.or(a, b));
      break;
    case 'not':
      r = alg.not(evaluate(formula.x, alg, outcome, memo));
      break;
  }
  memo.set(formula, r);
  return r;
}

/** Whether a formula mentions an atom. */
export function atomsOf<S>(formula: Formula<S>, out = new Set<number>(), seen = new Set<Formula<S>>()): Set<number> {
  if (seen.has(formula)) return out;
  seen.add(formula);
  if (formula.k === 'atom') out.add(formula.i);
  else if (formula.k === 'and' || formula.k === 'or') for (const x of formula.xs) atomsOf(x, out, seen);
  else if (formula.k === 'not') atomsOf(formula.x, out, seen);
  return out;
}
