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
export function sameValue(left: Value, right: Value): boolean {
  const na = typeof left === 'string' ? undefined : asNumber(left);
  const nb = typeof right === 'string' ? undefined : asNumber(right);
  if (na !== undefined || nb !== undefined)
    return na !== undefined && nb !== undefined && na === nb && typeof left !== 'boolean' && typeof right !== 'boolean';
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((x, i) => sameValue(x, right[i]!));
  }
  if (left !== null && right !== null && isObjectValue(left) && isObjectValue(right)) {
    const ka = Object.keys(left);
    return (
      ka.length === Object.keys(right).length &&
      ka.every((k) => Object.prototype.hasOwnProperty.call(right, k) && sameValue(left[k]!, right[k]!))
    );
  }
  return left === right;
}

/** The text a call with `args` returns. `fallback`: the default entry's text ("" when none). */
export function selectReturn(cases: readonly ReturnCase[], fallback: string, args: Args): string {
  for (const c of cases) {
    const when = c.when;
    if (Object.keys(when).every((p) => Object.prototype.hasOwnProperty.call(args, p) && sameValue(args[p]!, when[p]!))) return c.text;
  }
  return fallback;
}
