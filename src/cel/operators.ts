/**
 * CEL's operators on values (cel-spec langdef, "Standard definitions"): arithmetic with int64 and
 * uint64 overflow errors, ordering within a type and across the numeric types, `in`. An operand of
 * a type the operator is not defined on is a "no such overload" error.
 */
import { compareUtf8 } from '../warrant/bytes.js';
import type { BinaryOp } from './ast.js';
import { CelEvalError } from './errors.js';
import type { Meter } from './meter.js';
import { celEquals, CelMap, CelUint, INT64_MAX, INT64_MIN, isCelKey, typeOf, UINT64_MAX, type CelValue } from './value.js';

export function noOverload(fn: string, args: readonly CelValue[]): CelEvalError {
  return new CelEvalError(`no such overload: ${fn}(${args.map((a) => typeOf(a).name).join(', ')})`);
}

export function checkedInt(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) throw new CelEvalError('int overflow');
  return v;
}

export function checkedUint(v: bigint): CelUint {
  if (v < 0n || v > UINT64_MAX) throw new CelEvalError('uint overflow');
  return new CelUint(v);
}

export function binary(op: BinaryOp, l: CelValue, r: CelValue, meter: Meter): CelValue {
  switch (op) {
    case '==':
    case '!=': {
      meter.chargeSize(l);
      meter.chargeSize(r);
      const eq = celEquals(l, r);
      return op === '==' ? eq : !eq;
    }
    case '<':
      return compare(op, l, r) < 0;
    case '<=':
      return compare(op, l, r) <= 0;
    case '>':
      return compare(op, l, r) > 0;
    case '>=':
      return compare(op, l, r) >= 0;
    case 'in':
      return contains(l, r, meter);
    case '+': {
      const out = add(l, r);
      meter.chargeSize(out);
      return out;
    }
    case '-':
    case '*':
    case '/':
    case '%':
      return arithmetic(op, l, r);
  }
}

function add(l: CelValue, r: CelValue): CelValue {
  if (typeof l === 'bigint' && typeof r === 'bigint') return checkedInt(l + r);
  if (typeof l === 'number' && typeof r === 'number') return l + r;
  if (l instanceof CelUint && r instanceof CelUint) return checkedUint(l.value + r.value);
  if (typeof l === 'string' && typeof r === 'string') return l + r;
  if (l instanceof Uint8Array && r instanceof Uint8Array) {
    const out = new Uint8Array(l.length + r.length);
    out.set(l);
    out.set(r, l.length);
    return out;
  }
  if (Array.isArray(l) && Array.isArray(r)) return [...(l as CelValue[]), ...(r as CelValue[])];
  throw noOverload('_+_', [l, r]);
}

function arithmetic(op: '-' | '*' | '/' | '%', l: CelValue, r: CelValue): CelValue {
  if (typeof l === 'bigint' && typeof r === 'bigint') {
    switch (op) {
      case '-':
        return checkedInt(l - r);
      case '*':
        return checkedInt(l * r);
      case '/':
        if (r === 0n) throw new CelEvalError('divide by zero');
        return checkedInt(l / r);
      case '%':
        if (r === 0n) throw new CelEvalError('modulus by zero');
        return l % r;
    }
  }
  if (l instanceof CelUint && r instanceof CelUint) {
    const a = l.value;
    const b = r.value;
    switch (op) {
      case '-':
        return checkedUint(a - b);
      case '*':
        return checkedUint(a * b);
      case '/':
        if (b === 0n) throw new CelEvalError('divide by zero');
        return new CelUint(a / b);
      case '%':
        if (b === 0n) throw new CelEvalError('modulus by zero');
        return new CelUint(a % b);
    }
  }
  if (typeof l === 'number' && typeof r === 'number' && op !== '%') {
    return op === '-' ? l - r : op === '*' ? l * r : l / r;
  }
  throw noOverload(`_${op}_`, [l, r]);
}

export function negate(v: CelValue): CelValue {
  if (typeof v === 'bigint') return checkedInt(-v);
  if (typeof v === 'number') return -v;
  throw noOverload('-_', [v]);
}

/**
 * Ordering: bool, string (by code point), bytes, and numbers across int, uint and double (an int or
 * uint is compared with a double as a double, as cel-go does). NaN is unordered: every comparison
 * with it is false.
 */
function compare(op: string, l: CelValue, r: CelValue): number {
  const a = l instanceof CelUint ? l.value : l;
  const b = r instanceof CelUint ? r.value : r;
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.NaN;
  }
  // By code point (UTF-8 byte order), not by JavaScript's UTF-16 units.
  if (typeof a === 'string' && typeof b === 'string') return compareUtf8(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  }
  throw noOverload(`_${op}_`, [l, r]);
}

function contains(x: CelValue, container: CelValue, meter: Meter): boolean {
  if (Array.isArray(container)) {
    const list = container as readonly CelValue[];
    meter.charge(list.length);
    for (const item of list) if (celEquals(item, x)) return true;
    return false;
  }
  if (container instanceof CelMap) {
    if (isCelKey(x) || typeof x === 'number') return container.has(x);
  }
  throw noOverload('@in', [x, container]);
}
