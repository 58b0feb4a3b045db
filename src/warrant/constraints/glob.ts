/**
 * Glob patterns as the reference's `glob::Pattern` (Rust `glob` crate) with default options:
 * `*` matches any sequence (including `/`), `?` any one character, `[abc]` / `[a-z]` / `[!…]` a
 * class (the first character after `[` or `[!` is always a member, so `[]]` works), `**` only as a
 * whole path component (preceded by `/` or the start, followed by `/` or the end), meaning zero or
 * more directories. No escapes:
 * `[*]` matches a literal star. Invalid patterns (`***`, `a**`, an unclosed `[`) are errors.
 *
 * Matching simulates the pattern as an automaton over the input (time O(pattern × input), no
 * backtracking), so no pattern can make it exponential.
 */

type Token =
  | { readonly k: 'char'; readonly c: string }
  | { readonly k: 'any' }
  | { readonly k: 'seq' }
  | { readonly k: 'rec' }
  | { readonly k: 'class'; readonly negated: boolean; readonly specs: readonly (readonly [string, string])[] };

export interface Glob {
  readonly tokens: readonly Token[];
}

/** Longest pattern compiled, in characters. */
export const MAX_GLOB_LENGTH = 4096;

/** Most automaton steps (pattern tokens × input characters) one match may take. */
export const MAX_GLOB_WORK = 32_000_000;

/** A reason when matching `input` would exceed MAX_GLOB_WORK (callers treat it as an error). */
export function globTooLarge(glob: Glob, input: string): string | undefined {
  return (glob.tokens.length + 1) * input.length > MAX_GLOB_WORK
    ? `input of ${input.length} characters is too long for this pattern`
    : undefined;
}

export function compileGlob(pattern: string): Glob | string {
  const chars = Array.from(pattern);
  if (chars.length > MAX_GLOB_LENGTH) return `pattern longer than ${MAX_GLOB_LENGTH} characters`;
  const tokens: Token[] = [];
  let i = 0;
  while (i < chars.length) {
    const c = chars[i]!;
    if (c === '?') {
      tokens.push({ k: 'any' });
      i++;
    } else if (c === '*') {
      const start = i;
      while (i < chars.length && chars[i] === '*') i++;
      const count = i - start;
      if (count > 2) return `invalid pattern at ${start}: wildcards are either '*' or '**'`;
      if (count === 2) {
        if (!(start === 0 || chars[start - 1] === '/')) {
          return `invalid pattern at ${start}: '**' must form a whole path component`;
        }
        if (i < chars.length && chars[i] === '/') i++;
        else if (i !== chars.length) return `invalid pattern at ${start}: '**' must form a whole path component`;
        if (tokens[tokens.length - 1]?.k !== 'rec') tokens.push({ k: 'rec' });
      } else {
        tokens.push({ k: 'seq' });
      }
    } else if (c === '[') {
      const negated = chars[i + 1] === '!';
      // The class's first member is taken literally, so search for ']' one past it.
      const first = negated ? i + 2 : i + 1;
      const minLen = negated ? 4 : 3;
      let close = -1;
      if (i + minLen <= chars.length) {
        for (let j = first + 1; j < chars.length; j++) {
          if (chars[j] === ']') {
            close = j;
            break;
          }
        }
      }
      if (close < 0) return `invalid pattern at ${i}: invalid range pattern`;
      const body = chars.slice(first, close);
      const specs: (readonly [string, string])[] = [];
      for (let j = 0; j < body.length;) {
        if (j + 2 < body.length && body[j + 1] === '-') {
          specs.push([body[j]!, body[j + 2]!]);
          j += 3;
        } else {
          specs.push([body[j]!, body[j]!]);
          j++;
        }
      }
      tokens.push({ k: 'class', negated, specs });
      i = close + 1;
    } else {
      tokens.push({ k: 'char', c });
      i++;
    }
  }
  return { tokens };
}

function inClass(t: Extract<Token, { k: 'class' }>, ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  const hit = t.specs.some(([lo, hi]) => cp >= lo.codePointAt(0)! && cp <= hi.codePointAt(0)!);
  return t.negated ? !hit : hit;
}

/**
 * True when the whole input matches. States: position p means "about to match token p"; for a `**`
 * at p, a second state p+n means "inside `**`, not just after a `/`" (no skipping allowed there).
 */
export function globMatches(glob: Glob, input: string): boolean {
  const toks = glob.tokens;
  const n = toks.length;
  let cur = new Uint8Array(2 * n + 1);
  let next = new Uint8Array(2 * n + 1);
  const close = (set: Uint8Array): void => {
    // Epsilon moves go forward only, so one ascending pass reaches the closure.
    for (let p = 0; p < n; p++) {
      if (set[p] && (toks[p]!.k === 'seq' || toks[p]!.k === 'rec')) set[p + 1] = 1;
    }
  };
  cur[0] = 1;
  close(cur);
  for (const ch of input) {
    next.fill(0);
    let any = false;
    for (let p = 0; p < n; p++) {
      const t = toks[p]!;
      const here = cur[p] === 1;
      const inside = t.k === 'rec' && cur[n + 1 + p] === 1;
      if (!here && !inside) continue;
      switch (t.k) {
        case 'char':
          if (ch === t.c) {
            next[p + 1] = 1;
            any = true;
          }
          break;
        case 'any':
          next[p + 1] = 1;
          any = true;
          break;
        case 'class':
          if (inClass(t, ch)) {
            next[p + 1] = 1;
            any = true;
          }
          break;
        case 'seq':
          next[p] = 1;
          any = true;
          break;
        case 'rec':
          if (ch === '/') next[p] = 1;
          else next[n + 1 + p] = 1;
          any = true;
          break;
      }
    }
    if (!any) return false;
    close(next);
    [cur, next] = [next, cur];
  }
  if (cur[n] === 1) return true;
  // The glob crate lets a `**` that has swallowed the rest of the input hand an empty remainder to
  // the tokens after it; that matches when they can all match nothing (`*` and `**` only).
  for (let p = n - 1; p >= 0; p--) {
    const t = toks[p]!;
    if (t.k === 'rec' && cur[n + 1 + p] === 1) return true;
    if (t.k !== 'seq' && t.k !== 'rec') break;
  }
  return false;
}
