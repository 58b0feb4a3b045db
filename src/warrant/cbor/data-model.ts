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

export type CborValue =
  | number
  | bigint
  | Float
  | string
  | Uint8Array
  | boolean
  | null
  | CborValue[]
  | CborMap;

export type CborMap = Map<CborValue, CborValue>;

export function isCborMap(v: CborValue): v is CborMap {
  return v instanceof Map;
}

export function isBytes(v: CborValue): v is Uint8Array {
  return v instanceof Uint8Array;
}

export function isInteger(v: CborValue): v is number | bigint {
  return (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
}

/** A short, human description of a value's CBOR type, for error messages. */
export function cborTypeName(v: CborValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number' || typeof v === 'bigint') return 'int';
  if (typeof v === 'string') return 'text';
  if (v instanceof Float) return 'float';
  if (v instanceof Uint8Array) return 'bytes';
  if (v instanceof Map) return 'map';
  return 'array';
}
