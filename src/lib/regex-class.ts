/**
 * Rust `regex` bracketed classes (regex-syntax 0.8's `parse_set_class`) read into RE2 classes.
 *
 * RE2 has no class set operations (`&&` intersection, `--` difference, `~~` symmetric difference)
 * and no nested classes (`[a[b]]`, `[^[^a]&&b]`); in RE2 `[` inside a class is a literal. A Rust
 * class that uses them is parsed here as Rust parses it, its set of code points computed (the
 * members of `\p{..}`, `\d`, `\w`, `\s`, `[:alpha:]` as RE2 itself lists them), and written back
 * as one RE2 class of ranges, so it matches exactly the code points Rust's class matches.
 *
 * Under case-insensitive matching Rust folds each operand of an operation and each class before
 * negating it (`unicode_fold_and_negate`); folding every leaf here before combining gives the same
 * set, since simple case folding distributes over union and the complement of a fold-closed set is
 * fold-closed. The written class is then fold-closed, so RE2's own folding of it changes nothing.
 *
 * A class without these constructs is left to the caller's plain translation (`plain`). The class
 * syntax is read in regex-class-syntax.ts, the set algebra is in code-point-set.ts.
 */
import { RE2JS } from '@bufbuild/re2';
import {
  complementSet,
  differenceSet,
  intersectSet,
  MAX_CODE_POINT,
  normalizeSet,
  SCALARS,
  symmetricDifferenceSet,
  unionSet,
  type CodePointSet,
} from './code-point-set.js';
import {
  ClassParser,
  ClassSyntaxError,
  refused,
  type BracketClass,
  type ClassItem,
  type ClassSet,
  type InvalidClass,
  type RefusedClass,
} from './regex-class-syntax.js';

export type ClassTranslation =
  | { readonly plain: true; readonly end: number }
  | { readonly plain: false; readonly end: number; readonly re2: string }
  | InvalidClass
  | RefusedClass;

const RUNE = 8;
const RUNE1 = 9;
const RUNE_ANY = 10;
const RUNE_ANY_NOT_NL = 11;
const FOLD_CASE = 1;
/** A private-use code point: no case, so RE2 never folds a class holding it into one literal. */
const UNCASED = 0xe000;

type ProgSet = CodePointSet | 'single-folded-literal';

/** The code points RE2 compiles `[body]` to (one rune instruction), folded when `fold`. */
function re2ProgSet(body: string, fold: boolean): ProgSet {
  let prog;
  try {
    prog = RE2JS.compile(fold ? `(?i:[${body}])` : `[${body}]`).re2Input.prog;
  } catch (e) {
    throw new ClassSyntaxError({ invalid: e instanceof Error ? e.message : String(e) });
  }
  const runes = prog.inst.filter((i) => i.op >= RUNE && i.op <= RUNE_ANY_NOT_NL);
  if (runes.length === 0) return [];
  const inst = runes[0]!;
  if (runes.length > 1) throw refused('a character class RE2 compiles to more than one instruction');
  switch (inst.op) {
    case RUNE_ANY:
      return [[0, MAX_CODE_POINT]];
    case RUNE_ANY_NOT_NL:
      return [
        [0, 0x09],
        [0x0b, MAX_CODE_POINT],
      ];
    case RUNE1:
      return [[inst.runes[0]!, inst.runes[0]!]];
    default: {
      if (inst.runes.length === 1) {
        return (inst.arg & FOLD_CASE) !== 0 ? 'single-folded-literal' : [[inst.runes[0]!, inst.runes[0]!]];
      }
      const pairs: [number, number][] = [];
      for (let k = 0; k + 1 < inst.runes.length; k += 2) pairs.push([inst.runes[k]!, inst.runes[k + 1]!]);
      return normalizeSet(pairs);
    }
  }
}

/** The scalar values of the RE2 class `[body]`, folded when `fold`. */
function re2Set(body: string, fold: boolean): CodePointSet {
  let set = re2ProgSet(body, fold);
  if (set === 'single-folded-literal') {
    // RE2 made the class one case-folded letter; with an uncased member added it lists the orbit.
    const widened = re2ProgSet(`${body}${hex(UNCASED)}`, fold);
    if (widened === 'single-folded-literal') throw refused('a case-folded class RE2 does not list');
    set = differenceSet(widened, [[UNCASED, UNCASED]]);
  }
  return intersectSet(set, SCALARS);
}

function itemSet(item: ClassItem, fold: boolean): CodePointSet {
  switch (item.kind) {
    case 'range':
      return fold ? re2Set(`${hex(item.lo)}-${hex(item.hi)}`, true) : intersectSet([[item.lo, item.hi]], SCALARS);
    case 're2': {
      const set = re2Set(item.body, fold);
      return item.negated ? complementSet(set) : set;
    }
    case 'bracket':
      return bracketSet(item.class, fold);
  }
}

function classSet(set: ClassSet, fold: boolean): CodePointSet {
  if (set.kind === 'union') return set.items.reduce<CodePointSet>((acc, item) => unionSet(acc, itemSet(item, fold)), []);
  const lhs = classSet(set.lhs, fold);
  const rhs = classSet(set.rhs, fold);
  switch (set.op) {
    case '&&':
      return intersectSet(lhs, rhs);
    case '--':
      return differenceSet(lhs, rhs);
    case '~~':
      return symmetricDifferenceSet(lhs, rhs);
  }
}

function bracketSet(bracket: BracketClass, fold: boolean): CodePointSet {
  const set = classSet(bracket.set, fold);
  return bracket.negated ? complementSet(set) : set;
}

function hex(cp: number): string {
  return `\\x{${cp.toString(16).toUpperCase()}}`;
}

/** One RE2 class of exactly these code points (the empty set is the complement of everything). */
export function re2ClassOf(set: CodePointSet): string {
  if (set.length === 0) return `[^${hex(0)}-${hex(MAX_CODE_POINT)}]`;
  return `[${set.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('')}]`;
}

/**
 * Reads the Rust class whose `[` is at `start`. `plain`: no set operation, nested class, `\W`/`\S`
 * or `\u` escape, so the caller's character-by-character translation reads it as Rust does;
 * otherwise `re2` is the equivalent RE2 class. `fold`: case-insensitive matching is on here.
 */
export function translateRustClass(pattern: string, start: number, fold: boolean): ClassTranslation {
  const parser = new ClassParser(pattern, start);
  try {
    const bracket = parser.parseBracket();
    // A doubled `&`, `-` or `~` that is no operator (`[--a]`, `[\&&]`) also takes the set path.
    const doubled = /&&|--|~~/.test(pattern.slice(start, parser.end));
    if (!parser.needsSets && !doubled) return { plain: true, end: parser.end };
    return { plain: false, end: parser.end, re2: re2ClassOf(bracketSet(bracket, fold)) };
  } catch (e) {
    if (e instanceof ClassSyntaxError) return e.outcome;
    throw e;
  }
}
