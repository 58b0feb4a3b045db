/**
 * The syntax of a Rust `regex` bracketed class (regex-syntax 0.8's `parse_set_class`), read into a
 * tree as Rust reads it: literals, ranges, escapes, `[:ascii:]` and `\p{..}` classes, nested
 * classes and the set operations `&&`, `--`, `~~`. regex-class.ts turns the tree into code points.
 * A pattern Rust refuses is `invalid` (Rust's words); one Rust reads but this translation does not
 * is `refused` (our limit, never the policy's decision).
 */
import { RE2JS } from '@bufbuild/re2';
import { BenchError } from './errors.js';
import { MAX_CODE_POINT } from './code-point-set.js';

/**
 * Rust's `\w` (regex-syntax `perl_word`): the categories RE2 can name, Join_Control, and the
 * Other_Alphabetic letters outside M (So), which were read from the crate's `\w`; see regex-rust.ts.
 */
export const WORD =
  '\\p{L}\\p{Nl}\\p{M}\\p{Nd}\\p{Pc}\\x{200C}\\x{200D}' +
  '\\x{24B6}-\\x{24E9}\\x{1F130}-\\x{1F149}\\x{1F150}-\\x{1F169}\\x{1F170}-\\x{1F189}';
/** Rust's `\s` (the White_Space property), listed. */
export const SPACE = '\\t\\n\\x{0B}\\f\\r \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}';

export type SetOperator = '&&' | '--' | '~~';

/** One member of a union: a range of literals, a class RE2 lists as Rust does, or a nested class. */
export type ClassItem =
  | { readonly kind: 'range'; readonly lo: number; readonly hi: number }
  | { readonly kind: 're2'; readonly body: string; readonly negated: boolean }
  | { readonly kind: 'bracket'; readonly class: BracketClass };

export type ClassSet =
  | { readonly kind: 'union'; readonly items: readonly ClassItem[] }
  | { readonly kind: 'op'; readonly op: SetOperator; readonly lhs: ClassSet; readonly rhs: ClassSet };

export interface BracketClass {
  readonly negated: boolean;
  readonly set: ClassSet;
}

/** The pattern is not a valid Rust regex (Rust's parse error, in its words). */
export interface InvalidClass {
  readonly invalid: string;
}

/** Rust reads it, but it is not translated here: a limit of ours, never the policy's decision. */
export interface RefusedClass {
  readonly refused: string;
}

const ASCII_CLASSES = new Set([
  'alnum',
  'alpha',
  'ascii',
  'blank',
  'cntrl',
  'digit',
  'graph',
  'lower',
  'print',
  'punct',
  'space',
  'upper',
  'word',
  'xdigit',
]);
const SPECIAL_ESCAPES: Readonly<Record<string, number>> = { a: 0x07, f: 0x0c, t: 0x09, n: 0x0a, r: 0x0d, v: 0x0b };
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * Why a class was not translated: thrown inside the parser and the set computation, and caught by
 * translateRustClass, which returns its `outcome` (a regex constraint reports it as its verdict).
 */
export class ClassSyntaxError extends BenchError {
  override readonly name = 'ClassSyntaxError';
  readonly code: 'regex_class_invalid' | 'regex_class_refused';
  readonly kind = 'input';
  constructor(readonly outcome: InvalidClass | RefusedClass) {
    super('invalid' in outcome ? outcome.invalid : outcome.refused);
    this.code = 'invalid' in outcome ? 'regex_class_invalid' : 'regex_class_refused';
  }
}

const invalid = (why: string): ClassSyntaxError => new ClassSyntaxError({ invalid: `regex parse error: ${why}` });
export const refused = (why: string): ClassSyntaxError =>
  new ClassSyntaxError({ refused: `regex not supported here: ${why} (Rust's regex and RE2 disagree on it)` });

/** Rust's `is_escapeable_character`: meta characters and ASCII other than letters, digits, `<`, `>`. */
function isEscapeable(c: string): boolean {
  return c.length === 1 && c < '\x80' && !/[0-9A-Za-z<>]/.test(c);
}

/** What one primitive (`parse_set_class_item`) is: a literal code point or a class. */
type Primitive = { readonly literal: number } | { readonly cls: ClassItem };

/**
 * Parses one bracketed class as regex-syntax does, from the `[` at `start`. Whether it needs the
 * set translation is recorded as it goes (`needsSets`).
 */
export class ClassParser {
  private pos: number;
  needsSets = false;

  constructor(
    private readonly pattern: string,
    start: number,
  ) {
    this.pos = start;
  }

  get end(): number {
    return this.pos;
  }

  private eof(): boolean {
    return this.pos >= this.pattern.length;
  }

  /** The code point at the cursor as a string (one or two UTF-16 units). */
  private char(): string {
    return String.fromCodePoint(this.pattern.codePointAt(this.pos)!);
  }

  private bump(): void {
    this.pos += this.char().length;
  }

  private unclosed(): ClassSyntaxError {
    return invalid('unclosed character class');
  }

  /** `parse_set_class_open` + `parse_set_class`: the cursor is on `[`. */
  parseBracket(): BracketClass {
    this.bump();
    if (this.eof()) throw this.unclosed();
    let negated = false;
    if (this.char() === '^') {
      negated = true;
      this.bump();
      if (this.eof()) throw this.unclosed();
    }
    let union: ClassItem[] = [];
    // Leading `-`s are literals; a `]` first (after no `-`) is a literal too.
    while (this.char() === '-') {
      union.push({ kind: 'range', lo: 0x2d, hi: 0x2d });
      this.bump();
      if (this.eof()) throw this.unclosed();
    }
    if (union.length === 0 && this.char() === ']') {
      union.push({ kind: 'range', lo: 0x5d, hi: 0x5d });
      this.bump();
      if (this.eof()) throw this.unclosed();
    }
    let pending: { op: SetOperator; lhs: ClassSet } | undefined;
    const close = (): ClassSet => {
      const rhs: ClassSet = { kind: 'union', items: union };
      return pending ? { kind: 'op', op: pending.op, lhs: pending.lhs, rhs } : rhs;
    };
    for (;;) {
      if (this.eof()) throw this.unclosed();
      const c = this.char();
      const two = this.pattern.slice(this.pos, this.pos + 2);
      if (c === '[') {
        const ascii = this.maybeAsciiClass();
        if (ascii) {
          union.push(ascii);
          continue;
        }
        this.needsSets = true;
        union.push({ kind: 'bracket', class: this.parseBracket() });
      } else if (c === ']') {
        this.bump();
        return { negated, set: close() };
      } else if (two === '&&' || two === '--' || two === '~~') {
        this.needsSets = true;
        this.pos += 2;
        pending = { op: two, lhs: close() };
        union = [];
      } else {
        union.push(this.parseRange());
      }
    }
  }

  /** `maybe_parse_ascii_class`: `[:name:]` or `[:^name:]` with a known name; else nothing is read. */
  private maybeAsciiClass(): ClassItem | undefined {
    const m = /^\[:(\^?)([^:]*):\]/.exec(this.pattern.slice(this.pos));
    if (!m || !ASCII_CLASSES.has(m[2]!)) return undefined;
    this.pos += m[0].length;
    return { kind: 're2', body: `[:${m[2]}:]`, negated: m[1] === '^' };
  }

  /** `parse_set_class_range`: one primitive, or two literals joined by `-`. */
  private parseRange(): ClassItem {
    const first = this.parsePrimitive();
    if (this.eof()) throw this.unclosed();
    const after = this.pattern[this.pos + 1];
    if (this.char() !== '-' || after === ']' || after === '-') {
      return 'literal' in first ? { kind: 'range', lo: first.literal, hi: first.literal } : first.cls;
    }
    this.bump();
    if (this.eof()) throw this.unclosed();
    const second = this.parsePrimitive();
    if (!('literal' in first) || !('literal' in second)) throw invalid('invalid range boundary, must be a literal');
    if (first.literal > second.literal) throw invalid('invalid character class range, the start must be <= the end');
    return { kind: 'range', lo: first.literal, hi: second.literal };
  }

  /** `parse_set_class_item`: a verbatim character or one escape. */
  private parsePrimitive(): Primitive {
    const c = this.char();
    this.bump();
    if (c !== '\\') return { literal: c.codePointAt(0)! };
    if (this.eof()) throw invalid('incomplete escape sequence, reached end of pattern prematurely');
    const e = this.char();
    this.bump();
    if (e >= '0' && e <= '9') throw invalid('backreferences are not supported');
    if (Object.hasOwn(HEX_DIGITS, e)) return { literal: this.parseHex(e) };
    if (e === 'p' || e === 'P') return { cls: this.parseUnicodeClass(e === 'P') };
    switch (e) {
      case 'd':
      case 'D':
        return { cls: { kind: 're2', body: '\\p{Nd}', negated: e === 'D' } };
      case 'w':
      case 'W':
        if (e === 'W') this.needsSets = true;
        return { cls: { kind: 're2', body: WORD, negated: e === 'W' } };
      case 's':
      case 'S':
        if (e === 'S') this.needsSets = true;
        return { cls: { kind: 're2', body: SPACE, negated: e === 'S' } };
    }
    if (isEscapeable(e)) return { literal: e.codePointAt(0)! };
    const special = SPECIAL_ESCAPES[e];
    if (special !== undefined) return { literal: special };
    if ('AzbB<>'.includes(e)) throw invalid('invalid escape sequence found in character class');
    throw invalid('unrecognized escape sequence');
  }

  /** `parse_hex`: `\x7F`, `\u007F`, `\U0000007F` (2, 4, 8 digits) or `\x{7F}` (any kind). */
  private parseHex(kind: string): number {
    if (this.eof()) throw invalid('incomplete escape sequence, reached end of pattern prematurely');
    let digits: string;
    if (this.char() === '{') {
      const close = this.pattern.indexOf('}', this.pos);
      if (close < 0) throw invalid('incomplete escape sequence, reached end of pattern prematurely');
      digits = this.pattern.slice(this.pos + 1, close);
      if (!/^[0-9a-fA-F]*$/.test(digits)) throw invalid('hexadecimal literal is not a Unicode scalar value');
      if (digits === '') throw invalid('hexadecimal literal empty');
      this.pos = close + 1;
      this.needsSets ||= kind !== 'x';
    } else {
      digits = this.pattern.slice(this.pos, this.pos + HEX_DIGITS[kind]!);
      if (!new RegExp(`^[0-9a-fA-F]{${HEX_DIGITS[kind]}}$`).test(digits)) {
        throw invalid('invalid hexadecimal digit');
      }
      this.pos += digits.length;
      this.needsSets ||= kind !== 'x';
    }
    const significant = digits.replace(/^0+/, '');
    const value = significant === '' ? 0 : significant.length > 8 ? Infinity : parseInt(significant, 16);
    if (value > MAX_CODE_POINT || (value >= 0xd800 && value <= 0xdfff)) {
      throw invalid('hexadecimal literal is not a Unicode scalar value');
    }
    return value;
  }

  /** `\pL`, `\p{Greek}`, `\P{..}`: passed to RE2 by name, as the plain translation does. */
  private parseUnicodeClass(negated: boolean): ClassItem {
    if (this.eof()) throw invalid('incomplete escape sequence, reached end of pattern prematurely');
    let name: string;
    if (this.char() === '{') {
      const close = this.pattern.indexOf('}', this.pos);
      if (close < 0) throw invalid('incomplete escape sequence, reached end of pattern prematurely');
      name = this.pattern.slice(this.pos, close + 1);
      this.pos = close + 1;
    } else {
      name = this.char();
      this.bump();
    }
    const problem = propertyNameProblem(name);
    if (problem !== undefined) throw new ClassSyntaxError(problem);
    return { kind: 're2', body: `\\p${name}`, negated };
  }
}

/** Whether RE2 knows each property name asked about (`L`, `{Greek}`), up to KNOWN_NAMES_LIMIT names. */
const knownToRe2 = new Map<string, boolean>();
const KNOWN_NAMES_LIMIT = 1024;

/**
 * Names RE2 reads and Rust's regex refuses (each of RE2's category and script names was put to
 * Tenuo's regex): RE2's negation inside the braces (`\p{^Greek}`), the surrogates' category (a
 * Rust `char` is never one) and the script `Unknown`.
 */
const REFUSED_BY_RUST: readonly [RegExp, string][] = [
  [/^\{\^/, 'Unicode property not found'],
  [/^\{(?:Cs|Unknown)\}$/, 'Unicode property value not found'],
];

/**
 * What is wrong with a Unicode class name (what follows `\p`: `L` or `{Greek}`) here, or undefined
 * when RE2 reads it as Rust does. `invalid`: Rust refuses it too. `refused`: RE2 does not know it,
 * but Rust's regex reads more names and spellings than RE2 (`\p{Letter}`, `\p{greek}`,
 * `\p{sc=Greek}`, `\pl`), so it may well be valid there: our limit, not an invalid pattern.
 */
export function propertyNameProblem(name: string): InvalidClass | RefusedClass | undefined {
  const rust = REFUSED_BY_RUST.find(([re]) => re.test(name));
  if (rust !== undefined) return { invalid: `regex parse error: ${rust[1]}` };
  let known = knownToRe2.get(name);
  if (known === undefined) {
    try {
      RE2JS.compile(`\\p${name}`);
      known = true;
    } catch {
      known = false;
    }
    if (knownToRe2.size >= KNOWN_NAMES_LIMIT) knownToRe2.clear();
    knownToRe2.set(name, known);
  }
  if (known) return undefined;
  return {
    refused: `regex not supported here: the Unicode class name in \\p${name}, which RE2 does not know (Rust's regex and RE2 disagree on it)`,
  };
}
