/**
 * A custom tool's result by its arguments (docs/scenarios.md "Custom tools"): `returns` may be a
 * list of `{when: {PARAM: VALUE}, text}`. The first entry whose every `when` value equals the
 * call's bound argument gives the text; otherwise the entry without `when` (the default); with
 * no default, empty text (the loader warns).
 */
import { asNumber, isObjectValue, type Args, type Value } from '../warrant/constraint-value.js';
import type { ReturnCase } from '../model/scenario.js';

/**
 * Equality of argument values as the tool's (Python) code would see it: `1 == 1.0`, lists item by
 * item, objects key by key; no coercion between text and numbers (`"1"` is not `1`).
 */
export function sameValue(a: Value, b: Value): boolean {
  const na = typeof a === 'string' ? undefined : asNumber(a);
  const nb = typeof b === 'string' ? undefined : asNumber(b);
  if (na !== undefined || nb !== undefined) return na !== undefined && nb !== undefined && na === nb && typeof a !== 'boolean' && typeof b !== 'boolean';
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]!));
  }
  if (a !== null && b !== null && isObjectValue(a) && isObjectValue(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue(a[k]!, b[k]!));
  }
  return a === b;
}

/** The text a call with `args` returns. `fallback`: the default entry's text ("" when none). */
export function selectReturn(cases: readonly ReturnCase[], fallback: string, args: Args): string {
  for (const c of cases) {
    const when = c.when;
    if (Object.keys(when).every((p) => Object.prototype.hasOwnProperty.call(args, p) && sameValue(args[p]!, when[p]!))) return c.text;
  }
  return fallback;
}
