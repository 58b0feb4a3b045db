/**
 * Shape readers: typed views of decoded CBOR that check one expected shape each (an array of a
 * given length, a text-keyed struct in field order, a sorted text map, ...) and name the path of
 * what they read in their error. The payload, the envelope and the constraint codec all read
 * through these, so one deviation from the reference's encoding is reported the same way wherever
 * it occurs. Every failure is a `malformed` WarrantError.
 */
import { compareUtf8 } from '../../lib/bytes.js';
import { malformed, type WarrantError } from '../errors.js';
import { Float, cborTypeName, type CborMap, type CborValue } from './data-model.js';

/** A short description of a value for error messages: its type, and its value when small. */
export function describeCbor(value: CborValue): string {
  if (value instanceof Float) return `float ${value.value}`;
  if (typeof value === 'number' || typeof value === 'bigint') return `int ${value}`;
  if (typeof value === 'string') {
    return `text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  }
  return cborTypeName(value);
}

export function wrongType(path: string, expected: string, got: CborValue): WarrantError {
  return malformed(`${path}: expected ${expected}, got ${describeCbor(got)}`);
}

export function readArray(value: CborValue, path: string, length?: number): CborValue[] {
  if (!Array.isArray(value)) {
    throw wrongType(path, length === undefined ? 'an array' : `an array of ${length}`, value);
  }
  if (length !== undefined && value.length !== length) {
    throw malformed(`${path}: expected an array of ${length} elements, got ${value.length}`);
  }
  return value;
}

export function readMap(value: CborValue, path: string): CborMap {
  if (!(value instanceof Map)) throw wrongType(path, 'a map', value);
  return value;
}

export function readText(value: CborValue, path: string): string {
  if (typeof value !== 'string') throw wrongType(path, 'text', value);
  return value;
}

export function readBool(value: CborValue, path: string): boolean {
  if (typeof value !== 'boolean') throw wrongType(path, 'a bool', value);
  return value;
}

/** An unsigned integer no larger than `max` (≤ 2^53−1: larger Rust types are narrowed by callers). */
export function readUint(value: CborValue, path: string, max: number, rustType: string): number {
  if (typeof value === 'bigint') {
    throw malformed(`${path}: ${value} is out of range (${rustType}, at most ${max})`);
  }
  if (typeof value !== 'number') throw wrongType(path, `an unsigned integer (${rustType})`, value);
  if (value < 0 || value > max) throw malformed(`${path}: ${value} is out of range (${rustType}, 0 to ${max})`);
  return value;
}

/** A CBOR byte string, optionally of an exact length. */
export function readBytes(value: CborValue, path: string, length?: number): Uint8Array {
  if (!(value instanceof Uint8Array)) throw wrongType(path, 'a byte string', value);
  if (length !== undefined && value.length !== length) {
    throw malformed(`${path}: expected ${length} bytes, got ${value.length}`);
  }
  return value;
}

export interface ByteArrayLength {
  /** The exact number of byte values (a `[u8; N]`). */
  length?: number;
  /** The most byte values accepted (a bounded `Vec<u8>`). */
  maxLength?: number;
}

/**
 * A `Vec<u8>` / `[u8; N]` written without a bytes annotation: an array of small uints. The reference
 * never writes these as a byte string, so a byte string here is not the canonical form.
 */
export function readByteArray(value: CborValue, path: string, bounds: ByteArrayLength): Uint8Array {
  if (!Array.isArray(value)) throw wrongType(path, 'an array of byte values (uints 0–255)', value);
  if (bounds.length !== undefined && value.length !== bounds.length) {
    throw malformed(`${path}: expected ${bounds.length} byte values, got ${value.length}`);
  }
  if (bounds.maxLength !== undefined && value.length > bounds.maxLength) {
    throw malformed(`${path}: ${value.length} byte values exceed the limit of ${bounds.maxLength}`);
  }
  const out = new Uint8Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const b = value[i]!;
    if (typeof b !== 'number' || b < 0 || b > 255) {
      throw malformed(`${path}[${i}]: expected a byte value (uint 0–255), got ${describeCbor(b)}`);
    }
    out[i] = b;
  }
  return out;
}

/** The inverse of readByteArray. */
export function byteArrayToCbor(bytes: Uint8Array): CborValue[] {
  return Array.from(bytes);
}

/**
 * A text-keyed map that comes from a Rust BTreeMap: keys must be text, strictly ascending bytewise on
 * UTF-8 (which also rules out duplicates). Returns the entries in order.
 */
export function readSortedTextMap(value: CborValue, path: string, maxEntries?: number): [string, CborValue][] {
  const map = readMap(value, path);
  if (maxEntries !== undefined && map.size > maxEntries) {
    throw malformed(`${path}: ${map.size} entries exceed the limit of ${maxEntries}`);
  }
  const out: [string, CborValue][] = [];
  let previous: string | undefined;
  for (const [k, item] of map) {
    if (typeof k !== 'string') throw malformed(`${path}: keys must be text, got ${describeCbor(k)}`);
    if (previous !== undefined && compareUtf8(previous, k) >= 0) {
      throw malformed(`${path}: key ${JSON.stringify(k)} is out of order (sorted maps are ordered bytewise on UTF-8)`);
    }
    previous = k;
    out.push([k, item]);
  }
  return out;
}

/** Builds a text-keyed CBOR map with keys sorted bytewise on UTF-8 (the reference's BTreeMap order). */
export function sortedTextMap<T>(record: Readonly<Record<string, T>>, toCbor: (value: T, key: string) => CborValue): CborMap {
  const keys = Object.keys(record).sort(compareUtf8);
  const out: CborMap = new Map();
  for (const k of keys) out.set(k, toCbor(record[k]!, k));
  return out;
}

export interface FieldSpec {
  readonly name: string;
  /** The reference skips it when absent/default (`skip_serializing_if`); otherwise always written. */
  readonly omittable?: boolean;
}

/**
 * A map that comes from a Rust struct: text keys in field order, every non-omittable field present,
 * nothing else. An unknown key fails closed as `malformed` (serde would ignore it; `unknown_field`
 * is kept for the payload's integer keys, as in the reference's error taxonomy).
 */
export function readStruct(value: CborValue, path: string, fields: readonly FieldSpec[]): Map<string, CborValue> {
  const map = readMap(value, path);
  const expected = (): string => fields.map((f) => f.name).join(', ');
  const out = new Map<string, CborValue>();
  let next = 0;
  for (const [k, item] of map) {
    if (typeof k !== 'string') throw malformed(`${path}: keys must be text, got ${describeCbor(k)}`);
    const index = fields.findIndex((f) => f.name === k);
    if (index < 0) {
      throw malformed(`${path}: unknown field ${JSON.stringify(k)} (expected ${expected()})`);
    }
    if (index < next) throw malformed(`${path}: field "${k}" is out of order (expected ${expected()})`);
    for (let i = next; i < index; i++) {
      const skipped = fields[i]!;
      if (skipped.omittable) continue;
      if (map.has(skipped.name)) {
        throw malformed(`${path}: field "${k}" is out of order (expected ${expected()})`);
      }
      throw malformed(`${path}: missing field "${skipped.name}"`);
    }
    out.set(k, item);
    next = index + 1;
  }
  for (let i = next; i < fields.length; i++) {
    if (!fields[i]!.omittable) throw malformed(`${path}: missing field "${fields[i]!.name}"`);
  }
  return out;
}

/** `path.key` for identifier-like keys, `path["key"]` otherwise, so every path reads unambiguously. */
export function fieldPath(path: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}
