/**
 * head ⊆ base over strings. Each leaf's meaning on strings (satisfy.ts):
 * - `exact`, `one_of`, `not_one_of`: their string values (a value of another type equals no
 *   string); `pattern`, `regex`: automata (string-kinds.ts), with an error for every string when
 *   the pattern is invalid or refused, and for strings longer than the matcher's bound;
 * - `range`, `contains`, `subset`: deny every string; `wildcard` allows all; an unknown kind errors;
 * - `cidr`, `url_pattern` with an invalid network or pattern: error on every string;
 * - the rest (`cidr`, `url_pattern`, `subpath`, `url_safe`, `shlex`, `cel`, a regex the automata
 *   do not follow): atoms (atoms.ts, rules.ts).
 * The length bounds split strings into BANDS of lengths within which every leaf is one language;
 * each band is decided apart (a string's UTF-16 length L and its code points m satisfy m ≤ L ≤ 2m,
 * so the band of L is reached through m in [⌈(lo+1)/2⌉, hi]: a superset, which keeps "empty"
 * sound).
 */
import { parseUrlPattern } from '../constraints/url-pattern.js';
import { parseNetwork } from '../../lib/ip.js';
import { celCompileError } from '../../cel/index.js';
import type { Constraint } from '../constraints/types.js';
import type { Value } from '../constraint-value.js';
import {
  allStrings,
  complement,
  finiteWords,
  hasWordOfLength,
  intersect,
  noString,
  shortestWord,
  union,
  wordsDfa,
  type Work,
} from './automata.js';
import { assignments, type Atoms } from './atoms.js';
import { atomsOf, Builder, evaluate, FALSE, meaningOf, TRUE, type Algebra, type Formula, type Meaning } from './meaning.js';
import { atomSamples } from './rules.js';
import { globRegular, regexRegular, type Regular } from './string-kinds.js';
import type { DFA } from 'refa';

/**
 * What one type of values says about head ⊆ base: `empty` (proven, `how`), or values to check
 * with the evaluator. `complete`: the values hold every value of head \ base of this type, so that
 * none of them being in it proves `empty` too; otherwise a value that is not in it leaves the
 * question unproven (`why`).
 */
export type SortAnswer =
  | { readonly kind: 'empty'; readonly how: string }
  | { readonly kind: 'check'; readonly values: readonly Value[]; readonly complete: boolean; readonly how: string; readonly why: string };

export interface Question {
  readonly base: Constraint;
  readonly head: Constraint;
  readonly work: Work;
  readonly builder: Builder;
  readonly atoms: Atoms;
  /** An expression of either side reads the clock: no single evaluation speaks for every time. */
  readonly clock: boolean;
}

/** Words of a finite remainder decided one by one with the evaluator, at most. */
const MAX_FINITE = 64;

function strings(values: readonly Value[]): string[] {
  return values.filter((v): v is string => typeof v === 'string');
}

const ERRORS: Meaning<DFA> = { allowed: FALSE, errors: TRUE };
const DENIES: Meaning<DFA> = { allowed: FALSE, errors: FALSE };

function regularOf(c: Constraint, work: Work, cache: Map<string, Regular>): Regular | undefined {
  if (c.type !== 'pattern' && c.type !== 'regex') return undefined;
  const key = `${c.type}:${c.pattern}`;
  let r = cache.get(key);
  if (r === undefined) {
    r = c.type === 'pattern' ? globRegular(c.pattern, work) : regexRegular(c.pattern, work);
    cache.set(key, r);
  }
  return r;
}

function walk(c: Constraint, f: (leaf: Constraint) => void, depth = 0): void {
  if (depth > 64) return;
  if (c.type === 'all' || c.type === 'any') c.constraints.forEach((x) => walk(x, f, depth + 1));
  else if (c.type === 'not') walk(c.constraint, f, depth + 1);
  else f(c);
}

/** The leaf's meaning on strings of a band starting past `lo` code units. */
function stringLeaf(q: Question, lo: number, cache: Map<string, Regular>): (c: Constraint) => Meaning<DFA> {
  const set = (d: DFA): Formula<DFA> => ({ k: 'set', s: d });
  const atom = (c: Constraint, errs: boolean): Meaning<DFA> => {
    const i = q.atoms.id(c);
    return { allowed: { k: 'atom', i, o: 'allow' }, errors: errs ? { k: 'atom', i, o: 'error' } : FALSE };
  };
  return (c) => {
    switch (c.type) {
      case 'wildcard':
        return { allowed: TRUE, errors: FALSE };
      case 'exact':
        return { allowed: set(wordsDfa(strings([c.value]), q.work)), errors: FALSE };
      case 'one_of':
        return { allowed: set(wordsDfa(strings(c.values), q.work)), errors: FALSE };
      case 'not_one_of':
        return { allowed: q.builder.not(set(wordsDfa(strings(c.excluded), q.work))), errors: FALSE };
      case 'range':
      case 'contains':
      case 'subset':
        return DENIES;
      case 'pattern':
      case 'regex': {
        const r = regularOf(c, q.work, cache)!;
        if (!r.ok) return r.alwaysErrors ? ERRORS : atom(c, true);
        return lo >= r.errorsAbove ? ERRORS : { allowed: set(r.dfa), errors: FALSE };
      }
      case 'cidr':
        return parseNetwork(c.network) ? atom(c, true) : ERRORS;
      case 'url_pattern':
        return typeof parseUrlPattern(c.pattern) === 'string' ? ERRORS : atom(c, true);
      case 'cel':
        return celCompileError(c.expression) !== undefined ? ERRORS : atom(c, true);
      case 'subpath':
      case 'url_safe':
      case 'shlex':
        return atom(c, false);
      case 'unknown':
        return ERRORS;
      default:
        return ERRORS; // all/any/not never reach a leaf
    }
  };
}

function dfaAlgebra(work: Work): Algebra<DFA, DFA> {
  const top = allStrings();
  return {
    top,
    bottom: noString(),
    lift: (s) => s,
    and: (a, b) => intersect(a, b, work),
    or: (a, b) => union(a, b, work),
    not: (a) => complement(a, top, work),
  };
}

const utf16 = (s: string): number => s.length;

/** head ⊆ base over strings: empty, or values the model puts in head \ base. */
export function stringsWithin(question: Question): SortAnswer {
  const cache = new Map<string, Regular>();
  const bounds = new Set<number>();
  for (const c of [question.head, question.base]) {
    walk(c, (leaf) => {
      const r = regularOf(leaf, question.work, cache);
      if (r?.ok) bounds.add(r.errorsAbove);
    });
  }
  const cuts = [...bounds].sort((a, b) => a - b);
  const bands = [-1, ...cuts].map((lo, i) => ({ lo, hi: cuts[i] ?? Infinity }));
  const alg = dfaAlgebra(question.work);
  const values: Value[] = [];
  let complete = true;
  const whys: string[] = [];
  const ruled = new Set<string>();
  const inBand = (w: string, band: { lo: number; hi: number }): boolean => utf16(w) > band.lo && utf16(w) <= band.hi;
  for (const band of bands) {
    const leaf = stringLeaf(question, band.lo, cache);
    const h = meaningOf(question.head, leaf, question.builder);
    const b = meaningOf(question.base, leaf, question.builder);
    const f = question.builder.and([h.allowed, question.builder.not(b.allowed)]);
    const ids = [...atomsOf(f)];
    for (const i of ids) ruled.add(question.atoms.list[i]!.type);
    const minCp = band.lo < 0 ? 0 : Math.ceil((band.lo + 1) / 2);
    for (const outcome of assignments(question.atoms, ids, question.work, band.lo)) {
      const d = evaluate(f, alg, outcome);
      if (d.isEmpty || !hasWordOfLength(d, minCp, band.hi)) continue;
      // A finite remainder: its strings hold every one this assignment could let through.
      const clockAtom = question.clock && ids.some((i) => question.atoms.list[i]!.type === 'cel');
      const words = ids.length > 0 && !clockAtom ? finiteWords(d, MAX_FINITE) : undefined;
      if (words !== undefined) {
        values.push(...words.filter((w) => inBand(w, band)));
        continue;
      }
      complete = false;
      const w = shortestWord(d);
      if (w !== undefined && inBand(w, band)) values.push(w);
      else whys.push(`the head may allow strings of ${band.lo + 1} to ${band.hi} UTF-16 units that the base denies (no shorter one)`);
      if (ids.length > 0) {
        for (const i of ids) values.push(...atomSamples(question.atoms.list[i]!));
        whys.push(
          `on strings, ${[...new Set(ids.map((i) => question.atoms.list[i]!.type))].join(', ')} decide what no rule relates to the base`,
        );
      }
    }
  }
  const rules = ruled.size > 0 ? ` and rules (${[...ruled].sort().join(', ')})` : '';
  const how = `strings by automata${bands.length > 1 ? ` (${bands.length} length bands)` : ''}${rules}`;
  if (values.length === 0 && complete) return { kind: 'empty', how };
  return { kind: 'check', values, complete, how, why: whys[0] ?? 'the automata find strings the head allows and the base denies' };
}
