/**
 * The CBOR data model of the Tenuo wire format.
 *
 * JS numbers cannot tell 1 from 1.0, but the wire can (`01` vs `f93c00`) and signatures cover the
 * bytes, so floats are explicit: an integral `number` (or a `bigint` beyond 2^53) is a CBOR integer,
 * a `Float` is a CBOR float. Maps keep insertion order; the encoder writes them as given, because the
 * reference sorts some maps (BTreeMap) and keeps struct order in others: callers decide.
 */
import { Float } from '../../lib/float.js';

export { Float };

export type CborValue = number | bigint | Float | string | Uint8Array | boolean | null | CborValue[] | CborMap;

export type CborMap = Map<CborValue, CborValue>;

export function isCborMap(value: CborValue): value is CborMap {
  return value instanceof Map;
}

export function isBytes(value: CborValue): value is Uint8Array {
  return value instanceof Uint8Array;
}

export function isInteger(value: CborValue): value is number | bigint {
  return (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'bigint';
}

/** A short, human description of a value's CBOR type, for error messages. */
export function cborTypeName(value: CborValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number' || typeof value === 'bigint') return 'int';
  if (typeof value === 'string') return 'text';
  if (value instanceof Float) return 'float';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof Map) return 'map';
  return 'array';
}
