/**
 * CEL runtime values, as the reference's interpreter (`cel-interpreter` 0.10, `objects.rs`, enum
 * `Value`) has them, and how this module represents them:
 *
 * | crate `Value` | JavaScript                                  |
 * | ------------- | ------------------------------------------- |
 * | Int           | bigint (kept within i64)                    |
 * | UInt          | CelUint (a bigint within u64)               |
 * | Float         | number                                      |
 * | Bool          | boolean                                     |
 * | String        | string                                      |
 * | Bytes         | Uint8Array                                  |
 * | Null          | null                                        |
 * | List          | readonly CelValue[]                         |
 * | Map           | CelMap                                      |
 * | Timestamp     | CelTimestamp (instant in ns + fixed offset) |
 * | Duration      | CelDuration (ns)                            |
 * | Function      | CelFunction (`m.size` on a map without it)  |
 *
 * The crate has no type values (`type(x)`, `int` as a name): they are undeclared references there.
 * CelType stays exported only for the tests that compare with @bufbuild/cel.
 */
import { compareUtf8 } from '../lib/bytes.js';

export type CelValue =
  null | boolean | bigint | number | string | Uint8Array | CelUint | CelList | CelMap | CelTimestamp | CelDuration | CelFunction | CelType;

export type CelList = readonly CelValue[];

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
export const UINT64_MAX = 2n ** 64n - 1n;

/** An unsigned 64-bit integer (a bigint alone is an int). */
export class CelUint {
  constructor(readonly value: bigint) {}
}

/** chrono's `DateTime<FixedOffset>`: an instant (ns since the epoch, UTC) and the offset it was written with. */
export class CelTimestamp {
  constructor(
    readonly nanos: bigint,
    readonly offsetSeconds: number,
  ) {}
}

/** chrono's `Duration`, in nanoseconds. */
export class CelDuration {
  constructor(readonly nanos: bigint) {}
}

/** The crate's `Value::Function(name, target)`: what `x.f` yields when `f` is a function name and not a key. */
export class CelFunction {
  constructor(
    readonly name: string,
    readonly target: CelValue,
  ) {}
}

/** Type denotations; not values of the crate's dialect (kept for the @bufbuild/cel comparison tests). */
export class CelType {
  private constructor(readonly name: string) {}

  static readonly INT = new CelType('int');
  static readonly UINT = new CelType('uint');
  static readonly DOUBLE = new CelType('double');
  static readonly BOOL = new CelType('bool');
  static readonly STRING = new CelType('string');
  static readonly BYTES = new CelType('bytes');
  static readonly NULL = new CelType('null_type');
  static readonly LIST = new CelType('list');
  static readonly MAP = new CelType('map');
  static readonly TYPE = new CelType('type');
}

export const TYPE_NAMES: ReadonlyMap<string, CelType> = new Map(
  [
    CelType.INT,
    CelType.UINT,
    CelType.DOUBLE,
    CelType.BOOL,
    CelType.STRING,
    CelType.BYTES,
    CelType.NULL,
    CelType.LIST,
    CelType.MAP,
    CelType.TYPE,
  ].map((t) => [t.name, t]),
);

/** A map key: the crate's `Key` is Int, Uint, Bool or String. */
export type CelKey = bigint | CelUint | boolean | string;

function tag(key: CelKey): string {
  if (typeof key === 'string') return `s${key}`;
  if (typeof key === 'boolean') return key ? 'bt' : 'bf';
  if (typeof key === 'bigint') return `i${key}`;
  return `u${key.value}`;
}

/**
 * The crate's `Map` (a `HashMap<Key, Value>`): Int(1) and Uint(1) are two keys. `get` (indexing and
 * field selection by the interpreter) falls back from an int key to the uint key of the same value
 * and back (`Map::get`); `hasExact` (`in`, `contains`) does not (`contains_key`). Insertion order is
 * kept here; the crate's iteration order is a HashMap's (unspecified, differs between processes).
 */
export class CelMap {
  private readonly entries = new Map<string, readonly [CelKey, CelValue]>();

  get size(): number {
    return this.entries.size;
  }

  /** Inserts or replaces (HashMap::insert: a repeated key in a literal keeps the last value). */
  set(key: CelKey, value: CelValue): void {
    this.entries.set(tag(key), [key, value]);
  }

  /** Adds an entry; false when the exact key is already present. */
  add(key: CelKey, value: CelValue): boolean {
    const k = tag(key);
    if (this.entries.has(k)) return false;
    this.entries.set(k, [key, value]);
    return true;
  }

  /** `Map::get`: the exact key, else the int/uint key of the same value. */
  get(key: CelValue): CelValue | undefined {
    if (!isCelKey(key)) return undefined;
    const hit = this.entries.get(tag(key));
    if (hit !== undefined) return hit[1];
    if (typeof key === 'bigint' && key >= 0n) return this.entries.get(`u${key}`)?.[1];
    if (key instanceof CelUint && key.value <= INT64_MAX) return this.entries.get(`i${key.value}`)?.[1];
    return undefined;
  }

  /** `HashMap::contains_key`: the exact key only. */
  hasExact(key: CelKey): boolean {
    return this.entries.has(tag(key));
  }

  /** Field lookup by name (`m.f`): the String key only. */
  field(name: string): CelValue | undefined {
    return this.entries.get(`s${name}`)?.[1];
  }

  /** The value under exactly `key`. */
  getExact(key: CelKey): CelValue | undefined {
    return this.entries.get(tag(key))?.[1];
  }

  *keys(): IterableIterator<CelKey> {
    for (const [key] of this.entries.values()) yield key;
  }

  [Symbol.iterator](): IterableIterator<readonly [CelKey, CelValue]> {
    return this.entries.values();
  }
}

export function isCelKey(value: CelValue): value is CelKey {
  return typeof value === 'bigint' || typeof value === 'boolean' || typeof value === 'string' || value instanceof CelUint;
}

/** The crate's `Key` Display (used by `has()`). */
export function keyText(key: CelKey): string {
  return key instanceof CelUint ? String(key.value) : String(key);
}

/** The crate's `ValueType` names (`objects.rs`, `impl Display for ValueType`). */
export function typeName(value: CelValue): string {
  switch (typeof value) {
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
    case 'string':
      return 'string';
  }
  if (value === null) return 'null';
  if (value instanceof Uint8Array) return 'bytes';
  if (value instanceof CelUint) return 'uint';
  if (value instanceof CelMap) return 'map';
  if (value instanceof CelTimestamp) return 'timestamp';
  if (value instanceof CelDuration) return 'duration';
  if (value instanceof CelFunction) return 'function';
  if (value instanceof CelType) return 'type';
  return 'list';
}

export function isList(value: CelValue): value is CelList {
  return Array.isArray(value);
}

/** Rust's `i64 as f64` / `u64 as f64`: round to nearest. */
function asF64(v: bigint): number {
  return Number(v);
}

/**
 * The crate's `impl PartialEq for Value`: int and uint by exact value, int or uint against a double
 * after converting the integer to a double (lossy: 2^53+1 == 2^53 as doubles), NaN equal to
 * nothing, lists element by element, maps by exact keys (Int(1) and Uint(1) differ) with equal
 * values, timestamps by instant; values of different kinds are unequal (never an error).
 */
export function celEquals(left: CelValue, right: CelValue): boolean {
  if (typeof left === 'bigint') {
    if (typeof right === 'bigint') return left === right;
    if (right instanceof CelUint) return left === right.value;
    if (typeof right === 'number') return asF64(left) === right;
    return false;
  }
  if (left instanceof CelUint) {
    if (right instanceof CelUint || typeof right === 'bigint') return left.value === (right instanceof CelUint ? right.value : right);
    if (typeof right === 'number') return asF64(left.value) === right;
    return false;
  }
  if (typeof left === 'number') {
    if (typeof right === 'number') return left === right;
    if (typeof right === 'bigint') return left === asF64(right);
    if (right instanceof CelUint) return left === asF64(right.value);
    return false;
  }
  if (left === null || typeof left === 'boolean' || typeof left === 'string') return left === right;
  if (left instanceof Uint8Array) return right instanceof Uint8Array && bytesEqual(left, right);
  if (left instanceof CelTimestamp) return right instanceof CelTimestamp && left.nanos === right.nanos;
  if (left instanceof CelDuration) return right instanceof CelDuration && left.nanos === right.nanos;
  if (left instanceof CelFunction) return right instanceof CelFunction && left.name === right.name && celEquals(left.target, right.target);
  if (left instanceof CelType) return left === right;
  if (left instanceof CelMap) {
    if (!(right instanceof CelMap) || left.size !== right.size) return false;
    for (const [k, v] of left) {
      const w = right.getExact(k);
      if (w === undefined || !celEquals(v, w)) return false;
    }
    return true;
  }
  if (!Array.isArray(right)) return false;
  const x = left as CelList;
  const y = right as CelList;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (!celEquals(x[i]!, y[i]!)) return false;
  return true;
}

/**
 * The crate's `impl PartialOrd for Value`: -1, 0, 1, or undefined when the values are not
 * comparable (the operators then fail with "can not be compared"). Comparable: numbers across int,
 * uint and double (a negative int is below every uint; an integer against a double as a double;
 * NaN compares with nothing), strings by bytes (UTF-8), bools, null with null (equal), durations,
 * timestamps (by instant). Lists, maps and bytes are not ordered.
 */
export function celCompare(left: CelValue, right: CelValue): -1 | 0 | 1 | undefined {
  const num = (x: CelValue): bigint | number | undefined =>
    typeof x === 'bigint' || typeof x === 'number' ? x : x instanceof CelUint ? x.value : undefined;
  const x = num(left);
  const y = num(right);
  if (x !== undefined && y !== undefined) {
    if (typeof x === 'bigint' && typeof y === 'bigint') return x < y ? -1 : x > y ? 1 : 0;
    const p = typeof x === 'bigint' ? asF64(x) : x;
    const q = typeof y === 'bigint' ? asF64(y) : y;
    return p < q ? -1 : p > q ? 1 : p === q ? 0 : undefined;
  }
  if (typeof left === 'string' && typeof right === 'string') return sign(compareUtf8(left, right));
  if (typeof left === 'boolean' && typeof right === 'boolean') return sign(Number(left) - Number(right));
  if (left === null && right === null) return 0;
  if (left instanceof CelDuration && right instanceof CelDuration) return left.nanos < right.nanos ? -1 : left.nanos > right.nanos ? 1 : 0;
  if (left instanceof CelTimestamp && right instanceof CelTimestamp)
    return left.nanos < right.nanos ? -1 : left.nanos > right.nanos ? 1 : 0;
  return undefined;
}

function sign(n: number): -1 | 0 | 1 {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** The crate's `Value::to_bool` (`objects.rs`): what `!`, `&&`, `||`, `?:` and the macros read. */
export function truthy(value: CelValue): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'bigint':
      return value !== 0n;
    case 'number':
      return value !== 0; // NaN != 0.0 is true in Rust too
    case 'string':
      return value.length > 0;
  }
  if (value === null) return false;
  if (value instanceof Uint8Array) return value.length > 0;
  if (value instanceof CelUint) return value.value !== 0n;
  if (value instanceof CelMap) return value.size > 0;
  if (value instanceof CelDuration) return value.nanos !== 0n;
  // timestamp_nanos_opt().unwrap_or_default() > 0: after the epoch (and within i64 ns).
  if (value instanceof CelTimestamp) return value.nanos > 0n && value.nanos <= INT64_MAX;
  if (value instanceof CelFunction || value instanceof CelType) return false;
  return (value as CelList).length > 0;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
