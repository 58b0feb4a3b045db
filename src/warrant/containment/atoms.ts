/**
 * The atoms of one question and the outcomes they may take together. Each atom is a leaf no
 * algebra carries (rules.ts); an assignment gives each one outcome (allowed, denied, or error for
 * kinds that can error), and is CONSISTENT when no rule between two atoms forbids it. A formula is
 * empty for a set of values when it is empty under every consistent assignment.
 */
import type { Constraint } from '../constraints/types.js';
import { BoundError, type Work } from './automata.js';
import { canError, longestNonError, relate, type Relation } from './rules.js';
import { constraintKey } from './key.js';

export type Outcome = 'allow' | 'deny' | 'error';

/** Assignments tried per question and set of values, at most. */
export const MAX_ASSIGNMENTS = 729;

export class Atoms {
  readonly list: Constraint[] = [];
  private readonly index = new Map<string, number>();

  id(constraint: Constraint): number {
    const key = constraintKey(constraint);
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(constraint);
      this.index.set(key, i);
    }
    return i;
  }
}

/**
 * Every consistent assignment of the atoms `ids` (others are left at `deny`; they do not occur in
 * the formula at hand), for strings longer than `longerThan` UTF-16 units when given (an atom that
 * errors on every such string then only errors). BoundError past MAX_ASSIGNMENTS.
 */
export function* assignments(atoms: Atoms, ids: readonly number[], work: Work, longerThan = -1): Generator<(i: number) => Outcome> {
  const choices = ids.map((i): readonly Outcome[] => {
    const c = atoms.list[i]!;
    const longest = longestNonError(c);
    if (longest !== undefined && longerThan >= longest) return ['error'];
    return canError(c) ? ['allow', 'deny', 'error'] : ['allow', 'deny'];
  });
  const total = choices.reduce((n, c) => n * c.length, 1);
  if (total > MAX_ASSIGNMENTS)
    throw new BoundError(
      `${ids.length} constraints no automaton carries, ${total} combinations of their outcomes (over ${MAX_ASSIGNMENTS})`,
    );
  const rel = new Map<string, Relation>();
  for (const a of ids) for (const b of ids) if (a !== b) rel.set(`${a},${b}`, relate(atoms.list[a]!, atoms.list[b]!, work));
  const pick = new Array<number>(ids.length).fill(0);
  for (let n = 0; n < total; n++) {
    let r = n;
    for (let k = 0; k < ids.length; k++) {
      pick[k] = r % choices[k]!.length;
      r = Math.floor(r / choices[k]!.length);
    }
    const of = new Map<number, Outcome>(ids.map((id, k) => [id, choices[k]![pick[k]!]!]));
    if (consistent(ids, of, rel)) yield (i: number) => of.get(i) ?? 'deny';
  }
}

function consistent(ids: readonly number[], of: ReadonlyMap<number, Outcome>, rel: ReadonlyMap<string, Relation>): boolean {
  for (const a of ids) {
    for (const b of ids) {
      if (a === b) continue;
      const r = rel.get(`${a},${b}`)!;
      const oa = of.get(a)!;
      const ob = of.get(b)!;
      if (r.implies && oa === 'allow' && ob !== 'allow') return false;
      if (r.sameErrors && (oa === 'error') !== (ob === 'error')) return false;
      if (r.disjoint && oa === 'allow' && ob === 'allow') return false;
    }
  }
  return true;
}
