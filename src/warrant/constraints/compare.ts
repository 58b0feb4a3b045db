/**
 * Value equality as the reference's derived `PartialEq` on `ConstraintValue`: same variant and same
 * contents. An int never equals a float (`1` ≠ `1.0`), NaN equals nothing, `0.0` equals `-0.0`,
 * lists compare element-wise in order, objects by their key sets and values. Used by Exact, OneOf,
 * NotOneOf, Contains and Subset, and by their attenuation rules.
 */
import { Float, isObjectValue } from '../constraint-value.js';
import type { Value } from '../constraint-value.js';

type Kind = 'string' | 'int' | 'float' | 'bool' | 'null' | 'list' | 'object';

export function valueKind(value: Value): Kind {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (value instanceof Float) return 'float';
  if (Array.isArray(value)) return 'list';
  return 'object';
}

/** A readable name of a value's type for denial reasons ("a number where a string is expected"). */
export function kindName(value: Value): string {
  const k = valueKind(value);
  return k === 'int' ? 'an int' : k === 'object' ? 'an object' : `a ${k}`;
}

export function valueEquals(left: Value, right: Value, depth = 0): boolean {
  // Values come from bounded CBOR (depth ≤ 64) or scenario files; the guard keeps hostile JS away.
  if (depth > 128) return false;
  const ka = valueKind(left);
  if (ka !== valueKind(right)) return false;
  switch (ka) {
    case 'int':
      return BigInt(left as number | bigint) === BigInt(right as number | bigint);
    case 'float':
      return floatOf(left) === floatOf(right);
    case 'list': {
      const la = left as readonly Value[];
      const lb = right as readonly Value[];
      return la.length === lb.length && la.every((x, i) => valueEquals(x, lb[i]!, depth + 1));
    }
    case 'object': {
      if (!isObjectValue(left) || !isObjectValue(right)) return false;
      const keysA = Object.keys(left);
      if (keysA.length !== Object.keys(right).length) return false;
      return keysA.every((k) => Object.prototype.hasOwnProperty.call(right, k) && valueEquals(left[k]!, right[k]!, depth + 1));
    }
    default:
      return left === right;
  }
}

function floatOf(v: Value): number {
  return v instanceof Float ? v.value : (v as number);
}

/** `list.contains(value)` with the equality above. */
export function listContains(list: readonly Value[], value: Value): boolean {
  return list.some((x) => valueEquals(x, value));
}

/** The reference's `as_number`: ints (as f64, lossy beyond 2^53) and floats; else undefined. */
export function asNumber(value: Value): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Float) return value.value;
  return undefined;
}
