/**
 * Operators as the reference's interpreter applies them (`cel-interpreter` 0.10, `objects.rs`:
 * `Value::resolve` for the relations and `in`, `impl ops::{Add, Sub, Mul, Div, Rem} for Value`):
 *
 * - arithmetic only between two values of one kind: int (checked, overflow is an error), uint
 *   (checked), double; `+` also on strings, lists, durations, timestamp ± duration; no `bytes + bytes`,
 *   no `%` on doubles, and never across int/uint/double (`1 + 1.0` is an error);
 * - `==`/`!=` never fail (src/cel/value.ts celEquals);
 * - `<`, `<=`, `>`, `>=` fail with "can not be compared" where the crate's PartialOrd has no order
 *   (lists, maps, bytes, NaN, values of different kinds);
 * - `in`: a substring test between two strings, list membership by ==, a map's exact keys (a value
 *   that cannot be a key is simply not in it); anything else fails.
 */
import type { BinaryOp } from './ast.js';
import { CelEvalError } from './errors.js';
import type { Meter } from './meter.js';
import { debugValue } from './show.js';
import { notComparable } from './functions.js';
import {
  CelDuration,
  CelMap,
  CelTimestamp,
  CelUint,
  INT64_MAX,
  INT64_MIN,
  UINT64_MAX,
  celCompare,
  celEquals,
  isCelKey,
  type CelValue,
} from './value.js';

const NAMES: Readonly<Record<string, string>> = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'div', '%': 'rem' };

function unsupported(op: string, l: CelValue, r: CelValue): CelEvalError {
  return new CelEvalError(`Unsupported binary operator '${NAMES[op] ?? op}': ${debugValue(l)}, ${debugValue(r)}`);
}

function overflow(op: string, l: CelValue, r: CelValue): CelEvalError {
  return new CelEvalError(`Integer overflow from binary operator '${NAMES[op]}': ${debugValue(l)}, ${debugValue(r)}`);
}

function int(op: string, v: bigint, l: CelValue, r: CelValue): bigint {
  if (v < INT64_MIN || v > INT64_MAX) throw overflow(op, l, r);
  return v;
}

function uint(op: string, v: bigint, l: CelValue, r: CelValue): CelUint {
  if (v < 0n || v > UINT64_MAX) throw overflow(op, l, r);
  return new CelUint(v);
}

export function binary(op: BinaryOp, left: CelValue, right: CelValue, meter: Meter): CelValue {
  switch (op) {
    case '==':
    case '!=': {
      meter.chargeSize(left);
      meter.chargeSize(right);
      const eq = celEquals(left, right);
      return op === '==' ? eq : !eq;
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const o = celCompare(left, right);
      if (o === undefined) throw notComparable(left, right);
      return op === '<' ? o < 0 : op === '<=' ? o <= 0 : op === '>' ? o > 0 : o >= 0;
    }
    case 'in':
      return membership(left, right, meter);
    case '+': {
      const out = add(left, right);
      meter.chargeSize(out);
      return out;
    }
    default:
      return arithmetic(op, left, right);
  }
}

function add(l: CelValue, r: CelValue): CelValue {
  if (typeof l === 'bigint' && typeof r === 'bigint') return int('+', l + r, l, r);
  if (l instanceof CelUint && r instanceof CelUint) return uint('+', l.value + r.value, l, r);
  if (typeof l === 'number' && typeof r === 'number') return l + r;
  if (Array.isArray(l) && Array.isArray(r)) return [...(l as CelValue[]), ...(r as CelValue[])];
  if (typeof l === 'string' && typeof r === 'string') return l + r;
  if (l instanceof CelDuration && r instanceof CelDuration) return new CelDuration(l.nanos + r.nanos);
  if (l instanceof CelTimestamp && r instanceof CelDuration) return new CelTimestamp(l.nanos + r.nanos, l.offsetSeconds);
  if (l instanceof CelDuration && r instanceof CelTimestamp) return new CelTimestamp(r.nanos + l.nanos, r.offsetSeconds);
  throw unsupported('+', l, r);
}

function arithmetic(op: '-' | '*' | '/' | '%', l: CelValue, r: CelValue): CelValue {
  if (typeof l === 'bigint' && typeof r === 'bigint') {
    switch (op) {
      case '-':
        return int(op, l - r, l, r);
      case '*':
        return int(op, l * r, l, r);
      case '/':
        if (r === 0n) throw new CelEvalError(`Division by zero of ${debugValue(l)}`);
        return int(op, l / r, l, r); // i64::MIN / -1 overflows
      case '%':
        if (r === 0n) throw new CelEvalError(`Remainder by zero of ${debugValue(l)}`);
        if (l === INT64_MIN && r === -1n) throw overflow(op, l, r); // checked_rem
        return l % r;
    }
  }
  if (l instanceof CelUint && r instanceof CelUint) {
    const a = l.value;
    const b = r.value;
    switch (op) {
      case '-':
        return uint(op, a - b, l, r);
      case '*':
        return uint(op, a * b, l, r);
      case '/':
        if (b === 0n) throw new CelEvalError(`Division by zero of ${debugValue(l)}`);
        return new CelUint(a / b);
      case '%':
        if (b === 0n) throw new CelEvalError(`Remainder by zero of ${debugValue(l)}`);
        return new CelUint(a % b);
    }
  }
  if (typeof l === 'number' && typeof r === 'number' && op !== '%') {
    return op === '-' ? l - r : op === '*' ? l * r : l / r;
  }
  if (op === '-') {
    if (l instanceof CelDuration && r instanceof CelDuration) return new CelDuration(l.nanos - r.nanos);
    if (l instanceof CelTimestamp && r instanceof CelDuration) return new CelTimestamp(l.nanos - r.nanos, l.offsetSeconds);
    if (l instanceof CelTimestamp && r instanceof CelTimestamp) return new CelDuration(l.nanos - r.nanos);
  }
  throw unsupported(op, l, r);
}

/**
 * Unary minus: ints and doubles only. `-i64::MIN` wraps to itself: the reference is built in
 * release mode, where Rust's `-i` does not check for overflow.
 */
export function negate(value: CelValue): CelValue {
  if (typeof value === 'bigint') return value === INT64_MIN ? value : -value;
  if (typeof value === 'number') return -value;
  throw new CelEvalError(`Unsupported unary operator 'minus': ${debugValue(value)}`);
}

function membership(x: CelValue, container: CelValue, meter: Meter): boolean {
  if (typeof x === 'string' && typeof container === 'string') {
    meter.chargeSize(container);
    return container.includes(x);
  }
  if (Array.isArray(container)) {
    const list = container as readonly CelValue[];
    meter.charge(list.length);
    for (const item of list) if (celEquals(item, x)) return true;
    return false;
  }
  if (container instanceof CelMap) return isCelKey(x) && container.hasExact(x);
  throw notComparable(x, container);
}
