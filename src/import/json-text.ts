/**
 * What JSON.parse does not keep of a JSON text: keys given twice in one object (JSON.parse keeps
 * the last one, silently) and how each number was written (`1.0` is a float to Tenuo, `1` an int;
 * an integer beyond 2^53 loses digits in a JS number). One pass over text JSON.parse has already
 * accepted, with an explicit stack so that deep nesting cannot overflow the call stack.
 *
 * By hand, for a reason: Node 20's JSON.parse has no access to a value's source text, and the YAML
 * parser the loader uses reads JSON with YAML's own limits (recursion per level, 1,024-character
 * implicit keys), so it would refuse or mis-place files JSON.parse accepts.
 */
import { escapeControls } from '../lib/control-chars.js';

export type JsonPathSegment = string | number;

export interface JsonTextFacts {
  readonly duplicates: readonly { readonly path: readonly JsonPathSegment[]; readonly key: string }[];
  /** jsonPath(path) → the number's literal text. */
  readonly numbers: ReadonlyMap<string, string>;
}

interface Frame {
  readonly kind: 'object' | 'array';
  readonly keys: Set<string>;
  /** The object's current key (undefined while a key is awaited) or the array's current index. */
  at: JsonPathSegment | undefined;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `tools[0].inputSchema.properties["dry-run"]`: a path into a JSON document, as messages show it. */
export function jsonPath(path: readonly JsonPathSegment[]): string {
  let out = '';
  for (const s of path) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (IDENTIFIER.test(s)) out += out === '' ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out === '' ? '(the document)' : out;
}

/** `$.tools[0].name`: a path into a JSON document as messages show it, rooted at `$`. */
export function dollarPath(path: readonly JsonPathSegment[]): string {
  if (path.length === 0) return '$';
  const p = jsonPath(path);
  return p.startsWith('[') ? `$${p}` : `$.${p}`;
}

/** The 1-based line and column of a character offset. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, col: Math.min(offset, text.length) - start + 1 };
}

/** JSON.parse, or the syntax error's character offset (V8 names it in its message) and what is wrong. */
export function parseJson(text: string): { value: unknown } | { offset: number; message: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message;
    const at = /at position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) : firstBadOffset(text);
    return { offset, message: engineReason(message) };
  }
}

/**
 * The engine's reason without its excerpt of the text: V8 quotes the text around an unexpected
 * token (`Unexpected token '}', "{"a": …" is not valid JSON`), line breaks and all, and the text is
 * the user's file; the position is said by FILE:LINE:COL instead.
 */
function engineReason(message: string): string {
  const token = /^Unexpected token '([\s\S]{1,2}?)', [\s\S]* is not valid JSON$/.exec(message);
  return token ? `Unexpected token '${escapeControls(token[1]!)}'` : message.replace(/(?: in JSON)? at position \d+.*$/s, '');
}

/**
 * Where a syntax error is when the engine's message does not say: the first character after
 * which no completion can make the text JSON (a shorter prefix only "ends too early").
 */
function firstBadOffset(text: string): number {
  const endsEarly = (p: number): boolean => {
    try {
      JSON.parse(text.slice(0, p));
      return true;
    } catch (e) {
      const message = (e as Error).message;
      const at = /at position (\d+)/.exec(message);
      return p === 0 || (at ? Number(at[1]) >= p : /end of JSON input|Unterminated/i.test(message));
    }
  };
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (endsEarly(mid)) lo = mid;
    else hi = mid - 1;
  }
  return Math.min(lo, text.length);
}

/** Facts of `text`, which must be JSON that JSON.parse accepts. */
export function scanJsonText(text: string): JsonTextFacts {
  const duplicates: { path: JsonPathSegment[]; key: string }[] = [];
  const numbers = new Map<string, string>();
  const stack: Frame[] = [];
  const here = (): JsonPathSegment[] => stack.map((f) => f.at!).filter((s) => s !== undefined);
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') {
      stack.push({ kind: c === '{' ? 'object' : 'array', keys: new Set(), at: c === '{' ? undefined : 0 });
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      i++;
    } else if (c === ',') {
      if (top?.kind === 'array') top.at = (top.at as number) + 1;
      else if (top) top.at = undefined;
      i++;
    } else if (c === '"') {
      const end = stringEnd(text, i);
      if (top?.kind === 'object' && top.at === undefined) {
        const key = JSON.parse(text.slice(i, end)) as string;
        if (top.keys.has(key)) duplicates.push({ path: here(), key });
        top.keys.add(key);
        top.at = key;
      }
      i = end;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      let end = i + 1;
      while (end < text.length && /[0-9eE.+-]/.test(text[end]!)) end++;
      numbers.set(jsonPath(here()), text.slice(i, end));
      i = end;
    } else {
      i++; // whitespace, ':', and the letters of true, false, null
    }
  }
  return { duplicates, numbers };
}

/** The index just past the string literal that starts at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}
