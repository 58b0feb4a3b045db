/**
 * The lexical grammar of the reference's parser (`cel-parser` 0.10.1, `antlr/src/gen/CEL.g4`, lexer
 * rules), and the crate's own reading of string and bytes literals (`antlr/src/parse.rs`,
 * `parse_string` / `parse_bytes`), quirks included:
 *
 * - whitespace is only space, tab, CR, LF, form feed; identifiers are ASCII; `true`, `false`,
 *   `null` and `in` are keywords, and nothing else is reserved (`if`, `as`, … are names);
 * - hexadecimal literals are `0x…` (lowercase x only); a double needs digits on both sides of `.`;
 * - a backslash in a (non-raw) string must start a valid escape (`\a \b \f \n \r \t \v \" \' \\ \?
 *   \``, `\xHH`, `\XHH`, `\uHHHH`, `\UHHHHHHHH`, `\[0-3][0-7][0-7]`), else the lexer refuses it;
 * - then `parse_string`: `\'` inside a double-quoted string (and `\"` inside a single-quoted one)
 *   keeps its backslash; `\X` is refused; `\x`, `\u`, `\U`, octal give a code point; a quote of the
 *   string's own kind inside a triple-quoted string toggles "inside quotes", so `'''a'b'''` is
 *   refused and `'''a''b'''` is "ab";
 * - bytes (`b` + a string): `parse_bytes` on the text between the second and the last character, so
 *   `b'''x'''` is the bytes `''x''` and `br'x'` is `'x`; only `\x` and octal escapes are accepted;
 * - `` `a-b` `` (escaped identifier) is a token of its own, kept with its backticks.
 */
import { CelError } from './errors.js';
import { CelUint, UINT64_MAX } from './value.js';

export type Token =
  | { readonly kind: 'int'; readonly at: number; readonly value: bigint; readonly hex: boolean }
  | { readonly kind: 'uint'; readonly at: number; readonly value: CelUint }
  | { readonly kind: 'double'; readonly at: number; readonly value: number; readonly text: string }
  | { readonly kind: 'string'; readonly at: number; readonly value: string }
  | { readonly kind: 'bytes'; readonly at: number; readonly value: Uint8Array }
  | { readonly kind: 'ident'; readonly at: number; readonly value: string }
  | { readonly kind: 'escident'; readonly at: number; readonly value: string }
  | { readonly kind: 'punct'; readonly at: number; readonly value: string }
  | { readonly kind: 'eof'; readonly at: number; readonly value: '' };

const utf8 = new TextEncoder();
const PUNCT2 = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const PUNCT1 = new Set(['<', '>', '!', '+', '-', '*', '/', '%', '?', ':', '.', ',', '(', ')', '[', ']', '{', '}']);

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isHex = (c: string): boolean => isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
const isIdentStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentPart = (c: string): boolean => isIdentStart(c) || isDigit(c);

/** 1-based line and column of `offset` in `src` (columns count characters, as ANTLR's). */
export function position(src: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < src.length; i++) {
    if (src[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, column: [...src.slice(start, offset)].length + 1 };
}

export function compileError(src: string, at: number, what: string): CelError {
  const { line, column } = position(src, at);
  return new CelError(what, line, column, false, at);
}

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (at: number, what: string): never => {
    throw compileError(src, at, what);
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1] ?? ''))) {
      i = readNumber(src, i, tokens, fail);
      continue;
    }
    const str = stringEnd(src, i, fail);
    if (str !== undefined) {
      const text = src.slice(i, str.end);
      if (str.bytes)
        tokens.push({ kind: 'bytes', at: start, value: parseBytes(text.slice(2, -1), () => fail(start, 'invalid bytes literal')) });
      else tokens.push({ kind: 'string', at: start, value: parseString(text, (why) => fail(start, `invalid string literal: ${why}`)) });
      i = str.end;
      continue;
    }
    if (isIdentStart(c)) {
      while (i < src.length && isIdentPart(src[i]!)) i++;
      tokens.push({ kind: 'ident', at: start, value: src.slice(start, i) });
      continue;
    }
    if (c === '`') {
      let j = i + 1;
      while (j < src.length && /[A-Za-z0-9_.\-/ ]/.test(src[j]!)) j++;
      if (src[j] !== '`' || j === i + 1) fail(start, "token recognition error at: '`'");
      tokens.push({ kind: 'escident', at: start, value: src.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (PUNCT2.has(two)) {
      tokens.push({ kind: 'punct', at: start, value: two });
      i += 2;
      continue;
    }
    if (PUNCT1.has(c)) {
      tokens.push({ kind: 'punct', at: start, value: c });
      i++;
      continue;
    }
    fail(start, `token recognition error at: ${JSON.stringify(String.fromCodePoint(src.codePointAt(i)!))}`);
  }
  tokens.push({ kind: 'eof', at: src.length, value: '' });
  return tokens;
}

type Fail = (at: number, what: string) => never;

/** NUM_FLOAT, NUM_INT, NUM_UINT of CEL.g4. */
function readNumber(src: string, i: number, out: Token[], fail: Fail): number {
  const start = i;
  if (src[i] === '0' && src[i + 1] === 'x' && isHex(src[i + 2] ?? '')) {
    i += 2;
    const digits = i;
    while (i < src.length && isHex(src[i]!)) i++;
    const value = BigInt(`0x${src.slice(digits, i)}`);
    if (src[i] === 'u' || src[i] === 'U') {
      if (value > UINT64_MAX) fail(start, 'invalid uint literal');
      out.push({ kind: 'uint', at: start, value: new CelUint(value) });
      return i + 1;
    }
    out.push({ kind: 'int', at: start, value, hex: true });
    return i;
  }
  while (i < src.length && isDigit(src[i]!)) i++;
  let isDouble = false;
  if (src[i] === '.' && isDigit(src[i + 1] ?? '')) {
    isDouble = true;
    i++;
    while (i < src.length && isDigit(src[i]!)) i++;
  }
  if (src[i] === 'e' || src[i] === 'E') {
    let j = i + 1;
    if (src[j] === '+' || src[j] === '-') j++;
    if (isDigit(src[j] ?? '')) {
      isDouble = true;
      i = j;
      while (i < src.length && isDigit(src[i]!)) i++;
    }
  }
  const text = src.slice(start, i);
  if (isDouble) {
    out.push({ kind: 'double', at: start, value: Number(text), text });
    return i;
  }
  const value = BigInt(text);
  if (src[i] === 'u' || src[i] === 'U') {
    if (value > UINT64_MAX) fail(start, 'invalid uint literal');
    out.push({ kind: 'uint', at: start, value: new CelUint(value) });
    return i + 1;
  }
  out.push({ kind: 'int', at: start, value, hex: false });
  return i;
}

/** A valid ESC_SEQ of the lexer at `i` (a backslash): its length, or 0. */
function escapeLength(src: string, i: number): number {
  const e = src[i + 1] ?? '';
  if ('abfnrtv"\'\\?`'.includes(e) && e !== '') return 2;
  if (/^[0-3][0-7][0-7]$/.test(src.slice(i + 1, i + 4))) return 4;
  if (/^[xX][0-9a-fA-F]{2}$/.test(src.slice(i + 1, i + 4))) return 4;
  if (/^u[0-9a-fA-F]{4}$/.test(src.slice(i + 1, i + 6))) return 6;
  if (/^U[0-9a-fA-F]{8}$/.test(src.slice(i + 1, i + 10))) return 10;
  return 0;
}

/** Where the STRING or BYTES token starting at `i` ends, or undefined when none starts there. */
function stringEnd(src: string, i: number, fail: Fail): { end: number; bytes: boolean } | undefined {
  let j = i;
  let bytes = false;
  if (src[j] === 'b' || src[j] === 'B') {
    bytes = true;
    j++;
  }
  let raw = false;
  if (src[j] === 'r' || src[j] === 'R') {
    raw = true;
    j++;
  }
  const q = src[j];
  if (q !== '"' && q !== "'") return undefined;
  const triple = src.startsWith(q.repeat(3), j);
  const delim = triple ? q.repeat(3) : q;
  let k = j + delim.length;
  for (;;) {
    if (k >= src.length) return fail(i, 'token recognition error: unterminated string literal');
    if (src.startsWith(delim, k)) return { end: k + delim.length, bytes };
    const c = src[k]!;
    if (!triple && (c === '\n' || c === '\r')) return fail(i, 'token recognition error: newline in a string literal');
    if (c === '\\' && !raw) {
      const n = escapeLength(src, k);
      if (n === 0) return fail(k, `token recognition error: invalid escape ${JSON.stringify(src.slice(k, k + 2))}`);
      k += n;
      continue;
    }
    k++;
  }
}

/**
 * Which quotes the crate's string parsers are inside (its `in_single_quotes` / `in_double_quotes`):
 * a quote of the other kind is text, one of the open kind (or of either kind outside) toggles.
 */
class Quotes {
  single: boolean;
  double: boolean;

  constructor(first?: string) {
    this.single = first === "'";
    this.double = first === '"';
  }

  get open(): boolean {
    return this.single || this.double;
  }

  /** For a quote character, the text it stands for ('' when it toggles); undefined for any other. */
  take(c: string): string | undefined {
    if (c === "'") {
      if (this.double) return c;
      this.single = !this.single;
      return '';
    }
    if (c === '"') {
      if (this.single) return c;
      this.double = !this.double;
      return '';
    }
    return undefined;
  }
}

/** The crate's `parse_string` on the whole token text (prefix and quotes included). */
export function parseString(text: string, fail: (why: string) => never): string {
  const chars = [...text];
  const first = chars[0];
  if (first === 'r' || first === 'R') return parseRaw(chars.slice(1), fail);
  if (first !== "'" && first !== '"') return fail('MissingOpeningQuote');
  const q = new Quotes(first);
  let out = '';
  for (let i = 1; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && q.open) {
      const c2 = chars[++i];
      if (c2 === undefined) return fail('InvalidEscape');
      let keepBackslash = false;
      let value: string;
      switch (c2) {
        case 'a':
          value = '\u0007';
          break;
        case 'b':
          value = '\u0008';
          break;
        case 'v':
          value = '\u000b';
          break;
        case 'f':
          value = '\u000c';
          break;
        case 'n':
          value = '\n';
          break;
        case 'r':
          value = '\r';
          break;
        case 't':
          value = '\t';
          break;
        case '\\':
        case '?':
        case '`':
          value = c2;
          break;
        case "'":
          keepBackslash = q.double;
          value = c2;
          break;
        case '"':
          keepBackslash = q.single;
          value = c2;
          break;
        case 'x':
        case 'u':
        case 'U': {
          const n = c2 === 'x' ? 2 : c2 === 'u' ? 4 : 8;
          const hex = chars.slice(i + 1, i + 1 + n).join('');
          i += n;
          const cp = Number.parseInt(hex, 16);
          if (!/^[0-9a-fA-F]+$/.test(hex) || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return fail('InvalidUnicode');
          value = String.fromCodePoint(cp);
          break;
        }
        default: {
          if (c2 >= '0' && c2 <= '3') {
            const oct = c2 + chars.slice(i + 1, i + 3).join('');
            i += 2;
            if (!/^[0-7]{3}$/.test(oct)) return fail('InvalidUnicode');
            value = String.fromCodePoint(Number.parseInt(oct, 8));
            break;
          }
          return fail(`InvalidEscape \\${c2}`);
        }
      }
      if (keepBackslash) out += '\\';
      out += value;
      continue;
    }
    const quote = q.take(c);
    if (quote !== undefined) {
      out += quote;
      continue;
    }
    if (!q.open) return fail('MissingOpeningQuote');
    out += c;
  }
  if (q.open) return fail('MissingClosingQuote');
  return out;
}

/** The crate's `parse_raw_string` (after the `r`). */
function parseRaw(chars: readonly string[], fail: (why: string) => never): string {
  const q = new Quotes();
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && q.open) {
      const c2 = chars[++i];
      if (c2 === undefined) {
        out += c;
        continue;
      }
      if (c2 === '"') {
        if (q.single) out += c;
      } else if (c2 === "'") {
        if (q.double) out += c;
      } else out += c;
      out += c2;
      continue;
    }
    const quote = q.take(c);
    if (quote !== undefined) {
      out += quote;
      continue;
    }
    if (!q.open) return fail('MissingOpeningQuote');
    out += c;
  }
  return out;
}

/** The crate's `parse_bytes` (on the token text without its first two and last characters). */
export function parseBytes(text: string, fail: () => never): Uint8Array {
  const chars = [...text];
  const out: number[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\') {
      const c2 = chars[++i];
      if (c2 === undefined) return fail();
      if (c2 === 'x') {
        const hex = chars.slice(i + 1, i + 3).join('');
        i += 2;
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) return fail();
        out.push(Number.parseInt(hex, 16));
        continue;
      }
      if (c2 >= '0' && c2 <= '3') {
        const oct = c2 + chars.slice(i + 1, i + 3).join('');
        i += 2;
        if (!/^[0-7]{3}$/.test(oct)) return fail();
        out.push(Number.parseInt(oct, 8));
        continue;
      }
      return fail();
    }
    for (const b of utf8.encode(c)) out.push(b);
  }
  return Uint8Array.from(out);
}
