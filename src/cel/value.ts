/**
 * CEL runtime values (cel-spec langdef, "Values"), as this interpreter represents them:
 *
 * | CEL       | JavaScript                          |
 * | --------- | ----------------------------------- |
 * | int       | bigint (kept within int64)          |
 * | uint      | CelUint (a bigint within uint64)    |
 * | double    | number                              |
 * | bool      | boolean                             |
 * | string    | string                              |
 * | bytes     | Uint8Array                          |
 * | null_type | null                                |
 * | list      | readonly CelValue[]                 |
 * | map       | CelMap                              |
 * | type      | CelType                             |
 *
 * Timestamps, durations and protocol buffer messages are not part of this dialect (src/cel/index.ts).
 */

export type CelValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | CelUint
  | CelList
  | CelMap
  | CelType;

export type CelList = readonly CelValue[];

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
export const UINT64_MAX = 2n ** 64n - 1n;

/** An unsigned 64-bit integer (a bigint alone is an int). */
export class CelUint {
  constructor(readonly value: bigint) {}
}

/** A type as a value: what `type(x)` returns and what `int`, `list`, … denote. */
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

/** The type denotations by name, as identifiers in an expression resolve them. */
export const TYPE_NAMES: ReadonlyMap<string, CelType> = new Map(
  [CelType.INT, CelType.UINT, CelType.DOUBLE, CelType.BOOL, CelType.STRING, CelType.BYTES, CelType.NULL, CelType.LIST, CelType.MAP, CelType.TYPE].map(
    (t) => [t.name, t],
  ),
);

/** A map key: CEL allows int, uint, bool and string keys. */
export type CelKey = bigint | CelUint | boolean | string;

/**
 * A CEL map. Keys are compared by CEL equality, so int and uint keys of the same value are one key,
 * and a lookup by a double finds the int key of the same value (cel-spec: heterogeneous equality).
 * Insertion order is kept (iteration order is otherwise unspecified in CEL).
 */
export class CelMap {
  private readonly entries = new Map<string | boolean | bigint, readonly [CelKey, CelValue]>();

  get size(): number {
    return this.entries.size;
  }

  /** Adds an entry; false when the key is already present (the caller decides what that means). */
  add(key: CelKey, value: CelValue): boolean {
    const k = normalKey(key);
    if (k === undefined || this.entries.has(k)) return false;
    this.entries.set(k, [key, value]);
    return true;
  }

  /** The value under `key`, or undefined (a key of any type may be asked for). */
  get(key: CelValue): CelValue | undefined {
    const k = lookupKey(key);
    return k === undefined ? undefined : this.entries.get(k)?.[1];
  }

  has(key: CelValue): boolean {
    return this.get(key) !== undefined;
  }

  *keys(): IterableIterator<CelKey> {
    for (const [key] of this.entries.values()) yield key;
  }

  [Symbol.iterator](): IterableIterator<readonly [CelKey, CelValue]> {
    return this.entries.values();
  }
}

export function isCelKey(v: CelValue): v is CelKey {
  return typeof v === 'bigint' || typeof v === 'boolean' || typeof v === 'string' || v instanceof CelUint;
}

function normalKey(key: CelKey): string | boolean | bigint | undefined {
  if (key instanceof CelUint) return key.value;
  return key;
}

function lookupKey(key: CelValue): string | boolean | bigint | undefined {
  if (typeof key === 'number') return Number.isInteger(key) ? BigInt(key) : undefined;
  return isCelKey(key) ? normalKey(key) : undefined;
}

/** The CEL type of a value. */
export function typeOf(v: CelValue): CelType {
  switch (typeof v) {
    case 'bigint':
      return CelType.INT;
    case 'number':
      return CelType.DOUBLE;
    case 'boolean':
      return CelType.BOOL;
    case 'string':
      return CelType.STRING;
  }
  if (v === null) return CelType.NULL;
  if (v instanceof Uint8Array) return CelType.BYTES;
  if (v instanceof CelUint) return CelType.UINT;
  if (v instanceof CelMap) return CelType.MAP;
  if (v instanceof CelType) return CelType.TYPE;
  return CelType.LIST;
}

export function isList(v: CelValue): v is CelList {
  return Array.isArray(v);
}

/**
 * CEL equality (langdef "Equality"): numbers compare by value across int, uint and double (NaN equals
 * nothing); lists and maps element by element; values of different types are unequal, not an error.
 */
export function celEquals(a: CelValue, b: CelValue): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  const x = a instanceof CelUint ? a.value : a;
  const y = b instanceof CelUint ? b.value : b;
  if ((typeof x === 'bigint' || typeof x === 'number') && (typeof y === 'bigint' || typeof y === 'number')) {
    // Loose equality compares a bigint and a number by exact mathematical value.
    return x == y;
  }
  if (x instanceof Uint8Array) return y instanceof Uint8Array && bytesEqual(x, y);
  if (Array.isArray(x)) {
    if (!Array.isArray(y) || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!celEquals(x[i] as CelValue, y[i] as CelValue)) return false;
    return true;
  }
  if (x instanceof CelMap) {
    if (!(y instanceof CelMap) || x.size !== y.size) return false;
    for (const [k, v] of x) {
      const w = y.get(k);
      if (w === undefined || !celEquals(v, w)) return false;
    }
    return true;
  }
  // Scalars of the same type were caught by ===; types are singletons.
  return false;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
