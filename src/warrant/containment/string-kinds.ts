/**
 * The string constraints that are regular languages, as automata built from the very matchers the
 * evaluator runs, so that the automaton is the matcher and not a reading of it:
 * - `pattern`: the glob matcher's own tokens (glob.ts) and its own automaton, state for state
 *   (`*` any run, `?` one character, classes by code point, `**` whole components);
 * - `regex`: the pattern as the evaluator compiles it (the Rust-syntax translation, regex-rust.ts,
 *   then RE2), read from RE2's compiled program: its instructions become the automaton's edges, and
 *   the unanchored search (`is_match`) becomes a free prefix and suffix. `^`/`$` (begin and end of
 *   text) are followed exactly; word boundaries, multi-line anchors and case folding of a literal
 *   are not taken: such a pattern is left unproven, with the reason.
 * Each also has the lengths past which the evaluator refuses to match (an error, which denies):
 * `errorsAbove`, in UTF-16 code units, as the evaluator measures `input.length`.
 */
import { CharSet, type Char } from 'refa';
import { compileGlob, MAX_GLOB_WORK, type Glob } from '../constraints/glob.js';
import { compileRegex, MAX_MATCH_INPUT, MAX_REGEX_WORK_PER_MATCH } from '../../lib/regex.js';
import { MAX_CHAR, SCALARS, machineDfa, type Machine, type Work } from './automata.js';
import type { DFA } from 'refa';

/** A regular string leaf: its language, or why none; the length past which it errors. */
export type Regular =
  | { readonly ok: true; readonly dfa: DFA; readonly errorsAbove: number }
  /** `alwaysErrors`: the evaluator errors on every string (an invalid pattern, a refused regex). */
  | { readonly ok: false; readonly why: string; readonly alwaysErrors: boolean };

type Token = Glob['tokens'][number];

const ch = (c: string): CharSet => CharSet.fromCharacter(MAX_CHAR, c.codePointAt(0)! as Char);
const SLASH = ch('/');

function classSet(t: Extract<Token, { k: 'class' }>): CharSet {
  let cs = CharSet.empty(MAX_CHAR);
  for (const [lo, hi] of t.specs) {
    const a = lo.codePointAt(0)!;
    const b = hi.codePointAt(0)!;
    if (a <= b) cs = cs.union([{ min: a as Char, max: b as Char }]);
  }
  return (t.negated ? cs.negate() : cs).intersect(SCALARS);
}

/**
 * The glob matcher's automaton (glob.ts `globMatches`): state p is "about to match token p"; a `**`
 * at p has a second state, "inside `**`, not just after a `/`", from which it may not move on; at
 * the end, a `**` that is inside accepts when every token after it can match nothing.
 */
export function globMachine(glob: Glob): Machine {
  const toks = glob.tokens;
  const n = toks.length;
  const inside = (p: number): number => n + 1 + p;
  const eps = new Map<number, number[]>();
  const edges: Machine['edges'][number][] = [];
  const finals = new Set<number>([n]);
  toks.forEach((t, p) => {
    switch (t.k) {
      case 'char':
        edges.push({ from: p, to: p + 1, via: ch(t.c) });
        break;
      case 'any':
        edges.push({ from: p, to: p + 1, via: SCALARS });
        break;
      case 'class':
        edges.push({ from: p, to: p + 1, via: classSet(t) });
        break;
      case 'seq':
        edges.push({ from: p, to: p, via: SCALARS });
        eps.set(p, [p + 1]);
        break;
      case 'rec': {
        const notSlash = SCALARS.without(SLASH);
        edges.push({ from: p, to: p, via: SLASH }, { from: p, to: inside(p), via: notSlash });
        edges.push({ from: inside(p), to: p, via: SLASH }, { from: inside(p), to: inside(p), via: notSlash });
        eps.set(p, [p + 1]);
        if (toks.slice(p + 1).every((x) => x.k === 'seq' || x.k === 'rec')) finals.add(inside(p));
        break;
      }
    }
  });
  return { size: 2 * n + 1, finals, eps, edges };
}

export function globRegular(pattern: string, work: Work): Regular {
  const g = compileGlob(pattern);
  if (typeof g === 'string') return { ok: false, why: `invalid pattern: ${g}`, alwaysErrors: true };
  // glob.ts globTooLarge: (tokens + 1) × input length over MAX_GLOB_WORK is an error.
  return { ok: true, dfa: machineDfa(globMachine(g), work), errorsAbove: Math.floor(MAX_GLOB_WORK / (g.tokens.length + 1)) };
}

// RE2's instruction set and empty-width flags (@bufbuild/re2 Inst.js, Utils.js).
const ALT = 1,
  ALT_MATCH = 2,
  CAPTURE = 3,
  EMPTY_WIDTH = 4,
  FAIL = 5,
  MATCH = 6,
  NOP = 7,
  RUNE = 8,
  RUNE1 = 9,
  RUNE_ANY = 10,
  RUNE_ANY_NOT_NL = 11;
const BEGIN_TEXT = 0x04;
const END_TEXT = 0x08;
const FOLD_CASE = 0x01;

interface Inst {
  readonly op: number;
  readonly out: number;
  readonly arg: number;
  readonly runes: readonly number[];
}

function runeSet(inst: Inst): CharSet | string {
  switch (inst.op) {
    case RUNE_ANY:
      return SCALARS;
    case RUNE_ANY_NOT_NL:
      return SCALARS.without(ch('\n'));
    default: {
      const r = inst.runes;
      if (r.length === 1) {
        if ((inst.arg & FOLD_CASE) !== 0) return 'a case-insensitive literal';
        return CharSet.fromCharacter(MAX_CHAR, r[0]! as Char).intersect(SCALARS);
      }
      const ranges = [];
      for (let i = 0; i + 1 < r.length; i += 2) ranges.push({ min: r[i]! as Char, max: r[i + 1]! as Char });
      return CharSet.empty(MAX_CHAR).union(ranges).intersect(SCALARS);
    }
  }
}

/**
 * RE2's program as an unanchored search. States: 0 before the match at position 0, 1 before it
 * later, 2 matched (anything may follow), 3 matched at the end of text (nothing may follow); then
 * (pc, at the start, past an end-of-text assertion) for each instruction.
 */
function progMachine(insts: readonly Inst[], start: number): Machine | string {
  const PRE0 = 0,
    PRE = 1,
    DONE = 2,
    DONE_END = 3;
  const id = (pc: number, atStart: boolean, ended: boolean): number => 4 + pc * 4 + (atStart ? 2 : 0) + (ended ? 1 : 0);
  const eps = new Map<number, number[]>();
  const addEps = (from: number, to: number): void => void (eps.get(from) ?? eps.set(from, []).get(from)!).push(to);
  const edges: Machine['edges'][number][] = [
    { from: PRE0, to: PRE, via: SCALARS },
    { from: PRE, to: PRE, via: SCALARS },
    { from: DONE, to: DONE, via: SCALARS },
  ];
  addEps(PRE0, id(start, true, false));
  addEps(PRE, id(start, false, false));
  for (let pc = 0; pc < insts.length; pc++) {
    const inst = insts[pc]!;
    for (const atStart of [false, true]) {
      for (const ended of [false, true]) {
        const s = id(pc, atStart, ended);
        switch (inst.op) {
          case ALT:
          case ALT_MATCH:
            addEps(s, id(inst.out, atStart, ended));
            addEps(s, id(inst.arg, atStart, ended));
            break;
          case CAPTURE:
          case NOP:
            addEps(s, id(inst.out, atStart, ended));
            break;
          case EMPTY_WIDTH: {
            if ((inst.arg & ~(BEGIN_TEXT | END_TEXT)) !== 0) return 'a word boundary or a multi-line anchor';
            if ((inst.arg & BEGIN_TEXT) !== 0 && !atStart) break;
            addEps(s, id(inst.out, atStart, ended || (inst.arg & END_TEXT) !== 0));
            break;
          }
          case MATCH:
            addEps(s, ended ? DONE_END : DONE);
            break;
          case FAIL:
            break;
          case RUNE:
          case RUNE1:
          case RUNE_ANY:
          case RUNE_ANY_NOT_NL: {
            const via = runeSet(inst);
            if (typeof via === 'string') return via;
            if (!ended) edges.push({ from: s, to: id(inst.out, false, false), via });
            break;
          }
          default:
            return `an RE2 instruction of kind ${inst.op}`;
        }
      }
    }
  }
  return { size: 4 + insts.length * 4, finals: new Set([DONE, DONE_END]), eps, edges };
}

/** Instructions of a program, at most (each becomes four states). */
const MAX_PROGRAM = 2_000;

export function regexRegular(pattern: string, work: Work): Regular {
  const c = compileRegex(pattern);
  if (typeof c === 'string') return { ok: false, why: `invalid regex: ${c}`, alwaysErrors: true };
  if ('limit' in c) return { ok: false, why: c.limit, alwaysErrors: true };
  if (c.size > MAX_PROGRAM)
    return { ok: false, why: `a regex program of ${c.size} instructions (over ${MAX_PROGRAM})`, alwaysErrors: false };
  // The program the evaluator runs: RE2JS keeps it on its compiled RE2 object.
  const prog = (c.re as unknown as { re2Input: { prog: { inst: Inst[]; start: number } } }).re2Input.prog;
  const m = progMachine(prog.inst, prog.start);
  if (typeof m === 'string') return { ok: false, why: `the regex uses ${m}, which the automata do not follow`, alwaysErrors: false };
  // regex.ts: an input over MAX_MATCH_INPUT, or size × (length + 1) over the work bound, errors.
  const errorsAbove = Math.min(MAX_MATCH_INPUT, Math.floor(MAX_REGEX_WORK_PER_MATCH / c.size) - 1);
  return { ok: true, dfa: machineDfa(m, work), errorsAbove };
}
