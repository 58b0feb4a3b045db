/**
 * CEL's lexical grammar (cel-spec langdef, "Syntax"): numbers, strings and bytes in all their quote
 * forms and escapes, identifiers, operators, `//` comments. A token that cannot be read is a CelError
 * naming its offset.
 */
import { CelError } from './errors.js';
import { CelUint, UINT64_MAX } from './value.js';

export type Token =
  | { readonly kind: 'int'; readonly at: number; readonly value: bigint }
  | { readonly kind: 'uint'; readonly at: number; readonly value: CelUint }
  | { readonly kind: 'double'; readonly at: number; readonly value: number }
  | { readonly kind: 'string'; readonly at: number; readonly value: string }
  | { readonly kind: 'bytes'; readonly at: number; readonly value: Uint8Array }
  | { readonly kind: 'ident'; readonly at: number; readonly value: string }
  | { readonly kind: 'punct'; readonly at: number; readonly value: string }
  | { readonly kind: 'eof'; readonly at: number; readonly value: '' };

const utf8 = new TextEncoder();
const PUNCT2 = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const PUNCT1 = new Set(['<', '>', '!', '+', '-', '*', '/', '%', '?', ':', '.', ',', '(', ')', '[', ']', '{', '}']);

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isHex = (c: string): boolean => isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
const isIdentStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentPart = (c: string): boolean => isIdentStart(c) || isDigit(c);

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (at: number, what: string): never => {
    throw new CelError(`does not compile: ${what} at offset ${at}`);
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
    const quote = stringStart(src, i);
    if (quote !== undefined) {
      i = readString(src, i, quote, tokens, fail);
      continue;
    }
    if (isIdentStart(c)) {
      while (i < src.length && isIdentPart(src[i]!)) i++;
      tokens.push({ kind: 'ident', at: start, value: src.slice(start, i) });
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
    fail(start, `unexpected character ${JSON.stringify(String.fromCodePoint(src.codePointAt(i)!))}`);
  }
  tokens.push({ kind: 'eof', at: src.length, value: '' });
  return tokens;
}

type Fail = (at: number, what: string) => never;

function readNumber(src: string, i: number, out: Token[], fail: Fail): number {
  const start = i;
  if (src[i] === '0' && (src[i + 1] === 'x' || src[i + 1] === 'X')) {
    i += 2;
    const digits = i;
    while (i < src.length && isHex(src[i]!)) i++;
    if (i === digits) fail(start, 'hexadecimal literal without digits');
    return integerToken(src, start, i, BigInt(`0x${src.slice(digits, i)}`), out, fail);
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
  if (isDouble) {
    out.push({ kind: 'double', at: start, value: Number(src.slice(start, i)) });
    return i;
  }
  return integerToken(src, start, i, BigInt(src.slice(start, i)), out, fail);
}

/** An int or (with a `u` suffix) a uint. Ints are range-checked by the parser (`-` may precede). */
function integerToken(src: string, start: number, i: number, value: bigint, out: Token[], fail: Fail): number {
  if (src[i] === 'u' || src[i] === 'U') {
    if (value > UINT64_MAX) fail(start, 'uint literal out of range');
    out.push({ kind: 'uint', at: start, value: new CelUint(value) });
    return i + 1;
  }
  out.push({ kind: 'int', at: start, value });
  return i;
}

interface Quote {
  readonly prefixLength: number;
  readonly delimiter: string;
  readonly raw: boolean;
  readonly bytes: boolean;
}

function stringStart(src: string, i: number): Quote | undefined {
  let j = i;
  let raw = false;
  let bytes = false;
  for (let k = 0; k < 2; k++) {
    const c = src[j];
    if ((c === 'r' || c === 'R') && !raw) raw = true;
    else if ((c === 'b' || c === 'B') && !bytes) bytes = true;
    else break;
    j++;
  }
  const q = src[j];
  if (q !== '"' && q !== "'") return undefined;
  const delimiter = src.startsWith(q.repeat(3), j) ? q.repeat(3) : q;
  return { prefixLength: j - i, delimiter, raw, bytes };
}

function readString(src: string, i: number, quote: Quote, out: Token[], fail: Fail): number {
  const start = i;
  i += quote.prefixLength + quote.delimiter.length;
  const multiline = quote.delimiter.length === 3;
  // Code points (a string) or byte values (bytes): built up, then converted once.
  const units: number[] = [];
  const pushText = (cp: number): void => {
    if (!quote.bytes) units.push(cp);
    else for (const b of utf8.encode(String.fromCodePoint(cp))) units.push(b);
  };
  for (;;) {
    if (i >= src.length) fail(start, 'unterminated string literal');
    if (src.startsWith(quote.delimiter, i)) {
      i += quote.delimiter.length;
      break;
    }
    const c = src[i]!;
    if (!multiline && (c === '\n' || c === '\r')) fail(start, 'newline in a single-quoted string literal');
    if (c !== '\\' || quote.raw) {
      const cp = src.codePointAt(i)!;
      pushText(cp);
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const e = src[i + 1] ?? '';
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      pushText(simple);
      i += 2;
    } else if (e === 'x' || e === 'X') {
      const hex = src.slice(i + 2, i + 4);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) fail(i, 'malformed \\x escape');
      units.push(Number.parseInt(hex, 16));
      i += 4;
    } else if (e === 'u' || e === 'U') {
      const n = e === 'u' ? 4 : 8;
      const hex = src.slice(i + 2, i + 2 + n);
      if (quote.bytes) fail(i, `\\${e} escape in a bytes literal`);
      if (hex.length !== n || !/^[0-9a-fA-F]+$/.test(hex)) fail(i, `malformed \\${e} escape`);
      const cp = Number.parseInt(hex, 16);
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) fail(i, `\\${e} escape is not a Unicode scalar value`);
      units.push(cp);
      i += 2 + n;
    } else if (e >= '0' && e <= '3') {
      const oct = src.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(oct)) fail(i, 'malformed octal escape');
      units.push(Number.parseInt(oct, 8));
      i += 4;
    } else {
      fail(i, `invalid escape \\${e}`);
    }
  }
  if (quote.bytes) out.push({ kind: 'bytes', at: start, value: Uint8Array.from(units) });
  else out.push({ kind: 'string', at: start, value: codePointsToString(units) });
  return i;
}

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  a: 0x07,
  b: 0x08,
  f: 0x0c,
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  v: 0x0b,
  '\\': 0x5c,
  '?': 0x3f,
  '"': 0x22,
  "'": 0x27,
  '`': 0x60,
};

function codePointsToString(cps: readonly number[]): string {
  let s = '';
  for (let k = 0; k < cps.length; k += 4096) s += String.fromCodePoint(...cps.slice(k, k + 4096));
  return s;
}
