/**
 * Regex matching as the reference's Rust `regex` crate does it (`Regex::new(p)?.is_match(s)`: an
 * unanchored search, Unicode-aware by default), run on RE2 (`@bufbuild/re2`): linear time in the
 * input, so no pattern can backtrack catastrophically. Used by the `regex` constraint and by CEL's
 * `matches`.
 *
 * Where the two syntaxes differ, the pattern is translated or refused, never silently read another
 * way (src/lib/regex-rust.ts).
 *
 * Work is bounded: a match costs the compiled program's size times the input's length (RE2 steps
 * through every instruction for every character in the worst case). One match may spend at most
 * MAX_REGEX_WORK_PER_MATCH units, and all the matches of one scenario at most its work budget
 * (src/lib/budget.ts, passed in by the caller); past either, the match is an error naming the
 * bound. These are delegation-bench's bounds: the reference has none.
 */
import { RE2JS } from '@bufbuild/re2';
import type { WorkBudget } from './budget.js';
import { translateRustRegex, usesAsciiBoundary } from './regex-rust.js';
import { BenchError } from './errors.js';

export const MAX_REGEX_LENGTH = 4096;
export const MAX_MATCH_INPUT = 1024 * 1024;
/** ≈ 2 s of RE2JS work at the worst rate measured (~100 ns per instruction × character). */
export const MAX_REGEX_WORK_PER_MATCH = 20_000_000;

/** Marks a refusal by one of our bounds (not a verdict the reference would give). */
export class RegexLimitError extends BenchError {
  override readonly name = 'RegexLimitError';
  readonly kind = 'harness' as const;
  readonly code = 'regex_limit' as const;
}

interface Compiled {
  readonly re: RE2JS;
  readonly size: number;
}

/**
 * A compiled pattern; a string: the pattern is not a valid regex; `{limit}`: delegation-bench
 * cannot decide it as Rust's regex would (over our length bound, or a construct RE2 reads
 * differently). A limit is never the policy's own decision.
 */
export type CompiledRegex = Compiled | string | { readonly limit: string };

const cache = new Map<string, CompiledRegex>();
const CACHE_LIMIT = 256;
/** The compiled pattern with its program size, or why it cannot be used (see CompiledRegex). */
export function compileRegex(pattern: string): CompiledRegex {
  const hit = cache.get(pattern);
  if (hit !== undefined) return hit;
  let out: CompiledRegex;
  if (pattern.length > MAX_REGEX_LENGTH) {
    out = { limit: `pattern longer than ${MAX_REGEX_LENGTH} characters (delegation-bench's own bound; the reference has none)` };
  } else {
    const translated = translateRustRegex(pattern);
    if (typeof translated !== 'string') {
      out = 'invalid' in translated ? translated.invalid : { limit: translated.refused };
    } else {
      try {
        const re = RE2JS.compile(translated);
        out = { re, size: re.re2Input.prog.numInst() };
      } catch (e) {
        out = e instanceof Error ? e.message : String(e);
      }
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(pattern, out);
  return out;
}

/**
 * Charges one match of a program of `size` instructions over `length` characters, to `budget`
 * when there is one; throws RegexLimitError past a bound.
 */
export function chargeRegex(size: number, length: number, budget?: WorkBudget): void {
  const units = size * (length + 1);
  if (units > MAX_REGEX_WORK_PER_MATCH) {
    throw new RegexLimitError(
      `matching a ${size}-instruction regex against ${length} characters exceeds delegation-bench's regex work limit of ${MAX_REGEX_WORK_PER_MATCH} (program size × input length; the reference has no such limit)`,
    );
  }
  const over = budget?.chargeRegex(units);
  if (over !== undefined) throw new RegexLimitError(over);
}

/**
 * true / false, or a reason string when the pattern is invalid, refused, or one of our bounds
 * stopped the match: the three read alike here (callers that must tell a limit apart use
 * regexOutcome).
 */
export function regexMatches(pattern: string, input: string): boolean | string {
  const r = regexOutcome(pattern, input);
  return typeof r === 'object' ? r.limit : r;
}

/**
 * true / false; a string: the pattern is invalid or refused; `{limit}`: one of our bounds.
 * `charge` (CEL's meter) is told the match's work units before it runs, and may throw to stop it;
 * `budget` is the scenario's work budget, charged with them too.
 */
export function regexOutcome(
  pattern: string,
  input: string,
  charge?: (units: number) => void,
  budget?: WorkBudget,
): boolean | string | { limit: string } {
  const c = compileRegex(pattern);
  if (typeof c === 'string' || 'limit' in c) return c;
  if (input.length > MAX_MATCH_INPUT) {
    return { limit: `input longer than ${MAX_MATCH_INPUT} characters (delegation-bench's own bound; the reference has none)` };
  }
  // RE2's \b is ASCII, Rust's Unicode: they agree only on ASCII text (src/lib/regex-rust.ts).
  if (usesAsciiBoundary(pattern) && /[^\x00-\x7f]/.test(input)) {
    return { limit: 'regex not supported here: \\b or \\B on non-ASCII text (a Unicode word boundary in Rust, an ASCII one in RE2)' };
  }
  charge?.(c.size * (input.length + 1));
  try {
    chargeRegex(c.size, input.length, budget);
  } catch (e) {
    if (e instanceof RegexLimitError) return { limit: e.message };
    throw e;
  }
  return c.re.test(input);
}
