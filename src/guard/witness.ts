/**
 * Candidate values for a counterexample: a value the head's constraint accepts and the base's
 * refuses. Candidates come first from what the scenario itself wrote (its scripted attacks, then
 * its other calls and its files: the most telling witness is an attack the head now lets through),
 * then from the two constraints, one rule per kind (a path under the head's root outside the base's,
 * a number in head \ base, a new list member, a string matching the head's glob that differs from
 * the base's exact value). Every candidate is then checked with the real constraint checker, and
 * the chosen call again through the real chain (replay.ts): nothing here is trusted on its own.
 *
 * All and Any gather their members' candidates, Not the values a wildcard would try. The prover
 * (src/warrant/containment) gives its own witness for a changed constraint; these values are for
 * the rest (whole tools, parameters added or dropped) and for calls the prover's value cannot
 * carry. Nothing here decides a widening: a value that separates nothing is never used.
 */
import { effectiveRoot } from '../warrant/constraints/subpath.js';
import { constraintOutcome } from '../warrant/constraints/satisfy.js';
import { listContains } from '../warrant/constraints/compare.js';
import type { Constraint } from '../warrant/constraints/types.js';
import { Float, type Value } from '../warrant/constraint-value.js';

/** Bounded work per widening: candidates beyond this are not tried. */
export const MAX_CANDIDATES = 64;

const WITNESS_NAME = 'delegation-bench-witness';

/** true when `constraint` accepts `value` (an absent one accepts nothing: the base refused the name). */
export function accepts(constraint: Constraint | undefined, value: Value): boolean {
  if (constraint === undefined) return false;
  return constraintOutcome(constraint, value) === 'allowed';
}

function join(root: string, name: string): string {
  return root.endsWith('/') ? `${root}${name}` : `${root}/${name}`;
}

function parentOf(path: string): string {
  const i = path.replace(/\/+$/, '').lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** Strings a glob accepts: each `*` as nothing or a name, each `?` as one letter, a class as its first member. */
function globInstances(pattern: string): string[] {
  const classFirst = (p: string): string => p.replace(/\[!?\]?[^\]]*\]/g, (m) => (m[1] === '!' || m[1] === '^' ? 'x' : (m[1] ?? 'x')));
  const base = classFirst(pattern).replace(/\?/g, 'x');
  return [base.replace(/\*/g, WITNESS_NAME), base.replace(/\*/g, ''), base.replace(/\*/g, 'x')];
}

/** Numbers in head \ base, as ints when the scenario wrote ints (the wire keeps the two apart). */
function rangeCandidates(base: Constraint | undefined, head: Extract<Constraint, { type: 'range' }>, intLike: boolean): Value[] {
  const nums: number[] = [];
  if (base?.type === 'range') {
    if (base.max !== null) nums.push(base.max + 1, base.max, base.max + 0.5);
    if (base.min !== null) nums.push(base.min - 1, base.min, base.min - 0.5);
  }
  if (head.max !== null) nums.push(head.max, head.max - 1);
  if (head.min !== null) nums.push(head.min, head.min + 1);
  if (head.max === null) nums.push(1e9);
  if (head.min === null) nums.push(-1e9);
  const out: Value[] = [];
  for (const n of nums) {
    if (!Number.isFinite(n)) continue;
    if (Number.isInteger(n)) out.push(intLike ? n : new Float(n));
    else out.push(n);
    if (Number.isInteger(n)) out.push(intLike ? new Float(n) : n);
  }
  return out;
}

/** Nesting of All/Any/Not followed for candidates, at most (each level only gathers its members'). */
const MAX_NESTING = 8;

/** Values of the head's constraint outside the base's, from the two constraints alone. */
function fromConstraints(base: Constraint | undefined, head: Constraint, intLike: boolean, depth = 0): Value[] {
  switch (head.type) {
    case 'all':
    case 'any':
      // A value of a member may satisfy the whole (every candidate is checked against it after).
      return depth >= MAX_NESTING ? [] : head.constraints.flatMap((c) => fromConstraints(base, c, intLike, depth + 1));
    case 'not':
      return wildcardCandidates(base, intLike);
    case 'subpath': {
      const root = effectiveRoot(head);
      const out: Value[] = [join(root, WITNESS_NAME)];
      if (base?.type === 'subpath') {
        // A sibling of the base's root, under the head's: outside the base, inside the head.
        const b = effectiveRoot(base);
        out.push(join(parentOf(b), WITNESS_NAME), `${b.replace(/\/+$/, '')}-${WITNESS_NAME}`);
      }
      if (head.allowEqual) out.push(root);
      return out;
    }
    case 'range':
      return rangeCandidates(base, head, intLike);
    case 'one_of':
      return [...head.values];
    case 'exact':
      return [head.value];
    case 'pattern':
      return globInstances(head.pattern);
    case 'not_one_of':
      return base?.type === 'not_one_of' ? base.excluded.filter((v) => !listContains(head.excluded, v)) : [WITNESS_NAME];
    case 'subset':
      return base?.type === 'subset' ? head.allowed.filter((v) => !listContains(base.allowed, v)).map((v) => [v]) : [[...head.allowed]];
    case 'contains':
      return [[...head.required]];
    case 'wildcard':
      return wildcardCandidates(base, intLike);
    default:
      return []; // regex, cel, cidr, url_pattern, url_safe, shlex: no rule
  }
}

/** Anything goes in the head: values the base refuses, by the base's kind. */
function wildcardCandidates(base: Constraint | undefined, intLike: boolean): Value[] {
  if (base === undefined) return [WITNESS_NAME, 1];
  switch (base.type) {
    case 'subpath':
      return ['/etc/passwd', join(parentOf(effectiveRoot(base)), WITNESS_NAME)];
    case 'range':
      return rangeCandidates(base, { type: 'range', min: null, max: null, minInclusive: true, maxInclusive: true }, intLike);
    case 'pattern':
    case 'exact':
    case 'one_of':
    case 'regex':
    case 'shlex':
      return [WITNESS_NAME, `${WITNESS_NAME}; id`, 'attacker@evil.example', 'https://evil.example/'];
    default:
      return [WITNESS_NAME, 1_000_000_000, ['attacker@evil.example']];
  }
}

export interface CandidateSources {
  /** This parameter's values in the scenario's calls, scripted attacks (`expect: deny`) first. */
  readonly callValues: readonly Value[];
  /** The scenario's file paths: real files make a witness whose effect means something. */
  readonly filePaths: readonly string[];
}

/** Candidates that the head accepts and the base refuses, in the order described above. */
export function witnessValues(base: Constraint | undefined, head: Constraint, sources: CandidateSources): Value[] {
  const intLike = sources.callValues.some((v) => typeof v === 'number' && Number.isInteger(v));
  const candidates: Value[] = [...sources.callValues];
  if (head.type === 'subpath' || head.type === 'wildcard' || head.type === 'pattern') candidates.push(...sources.filePaths);
  candidates.push(...fromConstraints(base, head, intLike));
  const out: Value[] = [];
  const seen = new Set<string>();
  for (const v of candidates.slice(0, MAX_CANDIDATES * 4)) {
    const key = keyOf(v);
    if (seen.has(key)) continue;
    seen.add(key);
    if (accepts(head, v) && !accepts(base, v)) out.push(v);
    if (out.length >= MAX_CANDIDATES) break;
  }
  return out;
}

/**
 * A value that satisfies `constraint`, and `also` when given (a call's other arguments: for a
 * synthesized call, or so that the base refuses a counterexample only for the argument under test).
 */
export function satisfyingValue(constraint: Constraint, sources: CandidateSources, also?: Constraint): Value | undefined {
  const intLike = sources.callValues.some((v) => typeof v === 'number' && Number.isInteger(v));
  const candidates = [
    ...sources.callValues,
    ...sources.filePaths,
    ...fromConstraints(undefined, constraint, intLike),
    ...(also ? fromConstraints(undefined, also, intLike) : []),
    WITNESS_NAME,
    1,
  ];
  return candidates.slice(0, MAX_CANDIDATES * 4).find((v) => accepts(constraint, v) && (also === undefined || accepts(also, v)));
}

function keyOf(v: Value): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x instanceof Float ? { $float: x.value } : x));
}
