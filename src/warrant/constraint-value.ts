/**
 * Tool-call argument values and constraint values (the reference's `ConstraintValue`).
 *
 * Int and float are distinct on the wire and in proof-of-possession challenges: an integral JS
 * `number` (or a `bigint`, for i64 values beyond 2^53) is an int; a non-integral `number` or a
 * `Float` is a float (`Float` forces a float for integral values such as 1.0).
 */
import { Float } from './cbor/data-model.js';
import { compareUtf8 } from '../lib/bytes.js';
import { malformed } from './errors.js';
import type { CborMap, CborValue } from './cbor/data-model.js';

export { Float };

export type Value = string | number | bigint | Float | boolean | null | Value[] | ObjectValue;

/** Keys are ordered bytewise on UTF-8 when encoded (the reference's BTreeMap). */
export interface ObjectValue {
  readonly [key: string]: Value;
}

export type Args = Readonly<Record<string, Value>>;

export function isFloatValue(v: Value): boolean {
  return v instanceof Float || (typeof v === 'number' && !Number.isInteger(v));
}

export function isIntValue(v: Value): v is number | bigint {
  return typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
}

/** The numeric value of an int or float, else undefined. */
export function asNumber(v: Value): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Float) return v.value;
  return undefined;
}

export function isObjectValue(v: Value): v is ObjectValue {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Float);
}


const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/**
 * A Value as the reference serializes a `ConstraintValue` (untagged): ints as CBOR ints, floats as
 * CBOR floats, objects as maps with keys sorted bytewise on UTF-8.
 */
export function valueToCbor(v: Value): CborValue {
  if (v === null || typeof v === 'string' || typeof v === 'boolean' || v instanceof Float) return v;
  if (typeof v === 'number') return Number.isInteger(v) ? v : new Float(v);
  if (typeof v === 'bigint') {
    if (v < I64_MIN || v > I64_MAX) throw malformed(`integer ${v} is outside the i64 range`);
    return v;
  }
  if (Array.isArray(v)) return v.map(valueToCbor);
  const keys = Object.keys(v).sort(compareUtf8);
  return new Map(keys.map((k) => [k, valueToCbor(v[k]!)])) as CborMap;
}

/** The inverse of valueToCbor; rejects what a ConstraintValue cannot hold (bytes, non-text keys). */
export function cborToValue(c: CborValue, path = 'value'): Value {
  if (c === null || typeof c === 'string' || typeof c === 'boolean' || c instanceof Float) return c;
  if (typeof c === 'number') return c;
  if (typeof c === 'bigint') {
    if (c < I64_MIN || c > I64_MAX) throw malformed(`${path}: integer ${c} is outside the i64 range`);
    return c;
  }
  if (c instanceof Uint8Array) throw malformed(`${path}: byte strings are not allowed here`);
  if (Array.isArray(c)) return c.map((item, i) => cborToValue(item, `${path}[${i}]`));
  const out: Record<string, Value> = Object.create(null) as Record<string, Value>;
  for (const [k, item] of c) {
    if (typeof k !== 'string') throw malformed(`${path}: object keys must be text`);
    out[k] = cborToValue(item, `${path}.${k}`);
  }
  return out;
}

/** Display form used in denial reasons: JSON-like, floats keep a fraction (1.0), bigint exact. */
export function formatValue(v: Value): string {
  if (v instanceof Float) return Number.isInteger(v.value) ? v.value.toFixed(1) : String(v.value);
  if (typeof v === 'bigint') return v.toString();
  // JSON's escaping between single quotes (its own double quotes are always the first and last char).
  if (typeof v === 'string') return `'${JSON.stringify(v).slice(1, -1)}'`;
  if (Array.isArray(v)) return `[${v.map(formatValue).join(', ')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v).map((k) => `${k}: ${formatValue(v[k]!)}`).join(', ')}}`;
  }
  return String(v);
}
