/**
 * Is every value the head's constraint allows also allowed by the base's? Decided by the meaning
 * of the two constraints (meaning.ts) over every type of value, never by an attenuation rule's
 * verdict:
 * - `narrower` (head ⊆ base, not the converse) and `unchanged` (both ways), each with a proof text
 *   naming how each type was shown;
 * - `wider`, with a WITNESS: a value the head allows and the base denies, both decided by the real
 *   evaluator (satisfy.ts), not by the model;
 * - `unproven`, with the reason: a kind no algebra or rule carries, a bound reached, or the model
 *   finding values that the evaluator does not confirm. Callers fail closed on it.
 * Pure (no benchmark knowledge, no I/O), deterministic, bounded (automata.ts, atoms.ts, meaning.ts);
 * for the guard's baseline comparison and for any audit of a chain's links.
 */
import { constraintOutcome, MAX_CONSTRAINT_DEPTH } from '../constraints/satisfy.js';
import { describeConstraint } from '../constraints/format.js';
import type { Constraint } from '../constraints/types.js';
import { Float, type Value } from '../constraint-value.js';
import { BoundError, Work } from './automata.js';
import { Atoms } from './atoms.js';
import { otherTypesWithin } from './cells.js';
import { constraintKey } from './key.js';
import { Builder } from './meaning.js';
import { stringsWithin, type Question, type SortAnswer } from './strings.js';

export type Containment =
  | { readonly verdict: 'narrower' | 'unchanged'; readonly proof: string }
  | { readonly verdict: 'wider'; readonly witness: Value; readonly proof: string }
  | {
      readonly verdict: 'unproven';
      readonly reason: string;
      /** Values worth trying through a whole call. */ readonly candidates: readonly Value[];
    };

/** Values checked with the evaluator per question, at most. */
export const MAX_CHECKS = 512;

type Within =
  | { readonly holds: true; readonly how: string }
  | { readonly holds: false; readonly witness: Value }
  | { readonly unknown: string; readonly candidates: readonly Value[] };

function show(v: Value): string {
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x instanceof Float ? `${x.value}f` : x));
}

/** Tenuo's clock functions (cel.rs): an expression naming one may decide differently at another time. */
const CLOCK = /\btime_(?:now|is_expired|since)\b/;

function readsClock(c: Constraint, depth = 0): boolean {
  if (depth > MAX_CONSTRAINT_DEPTH + 1) return true;
  if (c.type === 'cel') return CLOCK.test(c.expression);
  if (c.type === 'all' || c.type === 'any') return c.constraints.some((x) => readsClock(x, depth + 1));
  if (c.type === 'not') return readsClock(c.constraint, depth + 1);
  return false;
}

function nestedTooDeep(c: Constraint, depth = 0): boolean {
  if (depth > MAX_CONSTRAINT_DEPTH + 1) return true;
  if (c.type === 'all' || c.type === 'any') return c.constraints.some((x) => nestedTooDeep(x, depth + 1));
  if (c.type === 'not') return nestedTooDeep(c.constraint, depth + 1);
  return false;
}

/** The types no rule was needed for are said together: the proof stays one line. */
const PLAIN = ['ints by intervals', 'floats by intervals', 'bools and null by evaluation', 'lists by evaluation', 'objects by evaluation'];

function summary(hows: readonly string[]): string {
  const plain = hows.filter((h) => PLAIN.includes(h));
  const rest = hows.filter((h) => !PLAIN.includes(h));
  return [...rest, ...(plain.length === PLAIN.length ? ['other types by intervals and evaluation'] : plain)].join('; ');
}

/** head ⊆ base: proven, refuted with a witness the evaluator confirms, or unknown. */
function within(base: Constraint, head: Constraint): Within {
  const q: Question = {
    base,
    head,
    work: new Work(),
    builder: new Builder(),
    atoms: new Atoms(),
    clock: readsClock(base) || readsClock(head),
  };
  let answers: SortAnswer[];
  try {
    answers = [stringsWithin(q), ...otherTypesWithin(q)];
  } catch (e) {
    if (e instanceof BoundError) return { unknown: `bound reached: ${e.message}`, candidates: [] };
    throw e;
  }
  const hows: string[] = [];
  const candidates: Value[] = [];
  let unknown: string | undefined;
  let checks = 0;
  for (const a of answers) {
    if (a.kind === 'empty') {
      hows.push(a.how);
      continue;
    }
    let limitOnly = false;
    for (const v of a.values) {
      if (++checks > MAX_CHECKS) return { unknown: `bound reached: more than ${MAX_CHECKS} values to check`, candidates };
      if (constraintOutcome(head, v) !== 'allowed') continue;
      const b = constraintOutcome(base, v);
      if (b === 'denied') return { holds: false, witness: v };
      if (b === 'limit') limitOnly = true;
      candidates.push(v);
    }
    if (a.complete && !limitOnly) hows.push(a.how);
    else unknown ??= limitOnly ? `${a.how}: the base refuses a value the head allows only by one of delegation-bench's own bounds` : a.why;
  }
  if (unknown !== undefined) return { unknown, candidates };
  return { holds: true, how: summary(hows) };
}

/**
 * The containment of `head` in `base` (see the header). Never throws on any constraint; bounded.
 */
export function proveContainment(base: Constraint, head: Constraint): Containment {
  if (constraintKey(base) === constraintKey(head)) return { verdict: 'unchanged', proof: 'the same constraint' };
  if (nestedTooDeep(base) || nestedTooDeep(head)) {
    // The model composes depth errors too; this only keeps the formulas small.
    return { verdict: 'unproven', reason: `constraint nesting exceeds ${MAX_CONSTRAINT_DEPTH}`, candidates: [] };
  }
  let forward: Within;
  try {
    forward = within(base, head);
  } catch (e) {
    return { verdict: 'unproven', reason: `the prover failed: ${e instanceof Error ? e.message : String(e)}`, candidates: [] };
  }
  if ('unknown' in forward) return { verdict: 'unproven', reason: forward.unknown, candidates: forward.candidates };
  if (!forward.holds) {
    return {
      verdict: 'wider',
      witness: forward.witness,
      proof: `the head allows ${show(forward.witness)}, which ${describeConstraint(base)} denies`,
    };
  }
  let back: Within;
  try {
    back = within(head, base);
  } catch {
    back = { unknown: 'the converse failed', candidates: [] };
  }
  if ('holds' in back && back.holds) return { verdict: 'unchanged', proof: `the same meaning, proven both ways: ${forward.how}` };
  return { verdict: 'narrower', proof: `proven by meaning: ${forward.how}` };
}
