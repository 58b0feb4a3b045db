/**
 * Regex matching on RE2 (`@bufbuild/re2`, also behind CEL's `matches`): linear time in the input,
 * so no pattern can backtrack catastrophically. Semantics of the reference's Rust `regex`
 * `is_match`: an unanchored search. Patterns and inputs are bounded; compiled patterns are cached.
 */
import { RE2JS } from '@bufbuild/re2';

export const MAX_REGEX_LENGTH = 4096;
export const MAX_MATCH_INPUT = 1024 * 1024;

const cache = new Map<string, RE2JS | string>();
const CACHE_LIMIT = 256;

/** The compiled pattern, or the reason it does not compile. */
export function compileRegex(pattern: string): RE2JS | string {
  const hit = cache.get(pattern);
  if (hit !== undefined) return hit;
  let out: RE2JS | string;
  if (pattern.length > MAX_REGEX_LENGTH) {
    out = `pattern longer than ${MAX_REGEX_LENGTH} characters`;
  } else {
    try {
      out = RE2JS.compile(pattern);
    } catch (e) {
      out = `invalid regex: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(pattern, out);
  return out;
}

/** true / false, or a reason string when the pattern is invalid or the input too long. */
export function regexMatches(pattern: string, input: string): boolean | string {
  const re = compileRegex(pattern);
  if (typeof re === 'string') return re;
  if (input.length > MAX_MATCH_INPUT) return `input longer than ${MAX_MATCH_INPUT} characters`;
  return re.test(input);
}
