/**
 * Value equality as the reference's derived `PartialEq` on `ConstraintValue`: same variant and same
 * contents. An int never equals a float (`1` ≠ `1.0`), NaN equals nothing, `0.0` equals `-0.0`,
 * lists compare element-wise in order, objects by their key sets and values. Used by Exact, OneOf,
 * NotOneOf, Contains and Subset, and by their attenuation rules.
 */
import { Float, isObjectValue } from '../constraint-value.js';
import type { Value } from '../constraint-value.js';

type Kind = 'string' | 'int' | 'float' | 'bool' | 'null' | 'list' | 'object';

export function valueKind(v: Value): Kind {
  if (v === null) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  if (v instanceof Float) return 'float';
  if (Array.isArray(v)) return 'list';
  return 'object';
}

/** A readable name of a value's type for denial reasons ("a number where a string is expected"). */
export function kindName(v: Value): string {
  const k = valueKind(v);
  return k === 'int' ? 'an int' : k === 'object' ? 'an object' : `a ${k}`;
}

export function valueEquals(a: Value, b: Value, depth = 0): boolean {
  // Values come from bounded CBOR (depth ≤ 64) or scenario files; the guard keeps hostile JS away.
  if (depth > 128) return false;
  const ka = valueKind(a);
  if (ka !== valueKind(b)) return false;
  switch (ka) {
    case 'int':
      return BigInt(a as number | bigint) === BigInt(b as number | bigint);
    case 'float':
      return floatOf(a) === floatOf(b);
    case 'list': {
      const la = a as readonly Value[];
      const lb = b as readonly Value[];
      return la.length === lb.length && la.every((x, i) => valueEquals(x, lb[i]!, depth + 1));
    }
    case 'object': {
      if (!isObjectValue(a) || !isObjectValue(b)) return false;
      const keysA = Object.keys(a);
      if (keysA.length !== Object.keys(b).length) return false;
      return keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && valueEquals(a[k]!, b[k]!, depth + 1));
    }
    default:
      return a === b;
  }
}

function floatOf(v: Value): number {
  return v instanceof Float ? v.value : (v as number);
}

/** `list.contains(value)` with the equality above. */
export function listContains(list: readonly Value[], v: Value): boolean {
  return list.some((x) => valueEquals(x, v));
}

/** The reference's `as_number`: ints (as f64, lossy beyond 2^53) and floats; else undefined. */
export function asNumber(v: Value): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Float) return v.value;
  return undefined;
}
