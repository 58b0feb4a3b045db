/**
 * Values written as the reference writes them: Rust's `f64` Display (what `string(1.5)` returns)
 * and, for error messages, an approximation of the crate's `{:?}` of a Value.
 */
import { debugDuration, formatRfc3339 } from './time.js';
import { CelDuration, CelFunction, CelMap, CelTimestamp, CelType, CelUint, keyText, type CelValue } from './value.js';

/** Rust's `f64::to_string()`: shortest round-trip digits, never an exponent; `inf`, `NaN`, `-0`. */
export function rustFloatString(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (Object.is(value, -0)) return '-0';
  const s = String(value);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, head, tail = '', expText] = m;
  const digits = head! + tail;
  const exp = Number(expText);
  if (exp >= 0) {
    const intLen = 1 + exp;
    return (
      sign + (digits.length <= intLen ? digits + '0'.repeat(intLen - digits.length) : `${digits.slice(0, intLen)}.${digits.slice(intLen)}`)
    );
  }
  return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
}

function debugFloat(v: number): string {
  const s = rustFloatString(v);
  return /^-?\d+$/.test(s) ? `${s}.0` : s;
}

const MAX_SHOWN = 200;

/** Roughly the crate's `{:?}` of a Value (for messages only), shortened. */
export function debugValue(value: CelValue): string {
  const s = debug(value, 0);
  return s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}…` : s;
}

function debug(v: CelValue, depth: number): string {
  if (depth > 4) return '…';
  if (v === null) return 'Null';
  switch (typeof v) {
    case 'boolean':
      return `Bool(${v})`;
    case 'bigint':
      return `Int(${v})`;
    case 'number':
      return `Float(${debugFloat(v)})`;
    case 'string':
      return `String(${JSON.stringify(v.length > MAX_SHOWN ? v.slice(0, MAX_SHOWN) : v)})`;
  }
  if (v instanceof CelUint) return `UInt(${v.value})`;
  if (v instanceof Uint8Array) return `Bytes([${Array.from(v.slice(0, 32)).join(', ')}${v.length > 32 ? ', …' : ''}])`;
  if (v instanceof CelMap) {
    const parts: string[] = [];
    for (const [k, x] of v) {
      parts.push(`${typeof k === 'string' ? JSON.stringify(k) : keyText(k)}: ${debug(x, depth + 1)}`);
      if (parts.length > 8) break;
    }
    return `Map(Map { map: {${parts.join(', ')}} })`;
  }
  if (v instanceof CelTimestamp) return `Timestamp(${formatRfc3339(v)})`;
  if (v instanceof CelDuration) return `Duration(${debugDuration(v)})`;
  if (v instanceof CelFunction) return `Function(${JSON.stringify(v.name)}, …)`;
  if (v instanceof CelType) return `Type(${v.name})`;
  const list = v as readonly CelValue[];
  return `List([${list
    .slice(0, 8)
    .map((x) => debug(x, depth + 1))
    .join(', ')}${list.length > 8 ? ', …' : ''}])`;
}
