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

export function isFloatValue(value: Value): boolean {
  return value instanceof Float || (typeof value === 'number' && !Number.isInteger(value));
}

export function isIntValue(value: Value): value is number | bigint {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value));
}

/** The numeric value of an int or float, else undefined. */
export function asNumber(value: Value): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Float) return value.value;
  return undefined;
}

export function isObjectValue(value: Value): value is ObjectValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Float);
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/**
 * A Value as the reference serializes a `ConstraintValue` (untagged): ints as CBOR ints, floats as
 * CBOR floats, objects as maps with keys sorted bytewise on UTF-8.
 */
export function valueToCbor(value: Value): CborValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || value instanceof Float) return value;
  if (typeof value === 'number') return Number.isInteger(value) ? value : new Float(value);
  if (typeof value === 'bigint') {
    if (value < I64_MIN || value > I64_MAX) throw malformed(`integer ${value} is outside the i64 range`);
    return value;
  }
  if (Array.isArray(value)) return value.map(valueToCbor);
  const keys = Object.keys(value).sort(compareUtf8);
  return new Map(keys.map((k) => [k, valueToCbor(value[k]!)])) as CborMap;
}

/** The inverse of valueToCbor; rejects what a ConstraintValue cannot hold (bytes, non-text keys). */
export function cborToValue(cbor: CborValue, path = 'value'): Value {
  if (cbor === null || typeof cbor === 'string' || typeof cbor === 'boolean' || cbor instanceof Float) return cbor;
  if (typeof cbor === 'number') return cbor;
  if (typeof cbor === 'bigint') {
    if (cbor < I64_MIN || cbor > I64_MAX) throw malformed(`${path}: integer ${cbor} is outside the i64 range`);
    return cbor;
  }
  if (cbor instanceof Uint8Array) throw malformed(`${path}: byte strings are not allowed here`);
  if (Array.isArray(cbor)) return cbor.map((item, i) => cborToValue(item, `${path}[${i}]`));
  const out: Record<string, Value> = Object.create(null) as Record<string, Value>;
  for (const [k, item] of cbor) {
    if (typeof k !== 'string') throw malformed(`${path}: object keys must be text`);
    out[k] = cborToValue(item, `${path}.${k}`);
  }
  return out;
}

/** Display form used in denial reasons: JSON-like, floats keep a fraction (1.0), bigint exact. */
export function formatValue(value: Value): string {
  if (value instanceof Float) return Number.isInteger(value.value) ? value.value.toFixed(1) : String(value.value);
  if (typeof value === 'bigint') return value.toString();
  // JSON's escaping between single quotes (its own double quotes are always the first and last char).
  if (typeof value === 'string') return `'${JSON.stringify(value).slice(1, -1)}'`;
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((k) => `${k}: ${formatValue(value[k]!)}`)
      .join(', ')}}`;
  }
  return String(value);
}
