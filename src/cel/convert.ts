/**
 * Conversions between our values and CEL values.
 *
 * In: the warrant Value model and plain JS (the judge's effects). Ints and doubles stay distinct, as
 * the reference's `constraint_value_to_cel` keeps them: an integral `number` or a `bigint` is a CEL
 * int, a `Float` or a non-integral `number` is a CEL double. Arrays are lists; plain objects and Maps
 * are maps. Anything else (undefined, functions, symbols, class instances) is refused rather than
 * guessed at. Inputs are bounded in size and depth.
 *
 * Out: CEL results become plain JS for the judge and for reports: bool, string, number (an int as a
 * `number` when it is a safe integer, else a `bigint`), null, arrays, plain objects.
 */
import { Float } from '../lib/float.js';
import { formatDuration, formatRfc3339 } from './time.js';
import { CelDuration, CelFunction, CelMap, CelTimestamp, CelUint, type CelKey, type CelValue } from './value.js';
import { MAX_BINDING_CHARS, MAX_BINDING_NODES, MAX_RESULT_NODES, MAX_VALUE_DEPTH } from './limits.js';
import { BenchError } from '../lib/errors.js';

export class CelConversionError extends BenchError {
  override readonly name = 'CelConversionError';
  readonly code = 'cel_limit';
  readonly kind = 'harness' as const;
}

interface Budget {
  nodes: number;
  chars: number;
}

/** Converts one bound input; throws CelConversionError on anything it cannot represent faithfully. */
export function toCelValue(value: unknown, path: string, budget: Budget = { nodes: 0, chars: 0 }): CelValue {
  return convertIn(value, path, 0, budget);
}

/** A fresh budget shared by all the bindings of one evaluation. */
export function newInputBudget(): Budget {
  return { nodes: 0, chars: 0 };
}

function convertIn(v: unknown, path: string, depth: number, budget: Budget): CelValue {
  if (++budget.nodes > MAX_BINDING_NODES) {
    throw new CelConversionError(`inputs exceed ${MAX_BINDING_NODES} values`);
  }
  if (depth > MAX_VALUE_DEPTH) throw new CelConversionError(`${path}: nested deeper than ${MAX_VALUE_DEPTH}`);
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    budget.chars += v.length;
    if (budget.chars > MAX_BINDING_CHARS) {
      throw new CelConversionError(`inputs exceed ${MAX_BINDING_CHARS} characters`);
    }
    return v;
  }
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    // An integral number is an int (the Value model's rule); NaN and infinities can only be doubles.
    return Number.isSafeInteger(v) ? BigInt(v) : v;
  }
  if (v instanceof Float) return v.value;
  if (v instanceof Uint8Array) {
    budget.chars += v.length;
    if (budget.chars > MAX_BINDING_CHARS) {
      throw new CelConversionError(`inputs exceed ${MAX_BINDING_CHARS} characters`);
    }
    return v;
  }
  if (Array.isArray(v)) return v.map((item, i) => convertIn(item, `${path}[${i}]`, depth + 1, budget));
  if (v instanceof Map) {
    const out = new CelMap();
    for (const [k, item] of v) {
      const key = mapKey(k, path);
      if (!out.add(key, convertIn(item, `${path}.${String(k)}`, depth + 1, budget))) {
        throw new CelConversionError(`${path}: key ${String(k)} appears twice`);
      }
    }
    return out;
  }
  if (typeof v === 'object') {
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) {
      throw new CelConversionError(`${path}: cannot bind a ${describe(v)}`);
    }
    const out = new CelMap();
    for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
      out.add(k, convertIn(item, `${path}.${k}`, depth + 1, budget));
    }
    return out;
  }
  throw new CelConversionError(`${path}: cannot bind a value of type ${typeof v}`);
}

function mapKey(k: unknown, path: string): CelKey {
  if (typeof k === 'string' || typeof k === 'boolean' || typeof k === 'bigint') return k;
  if (typeof k === 'number' && Number.isSafeInteger(k)) return BigInt(k);
  throw new CelConversionError(`${path}: map keys must be strings, ints or bools`);
}

function describe(v: object): string {
  const ctor = (v as { constructor?: { name?: unknown } }).constructor;
  return typeof ctor?.name === 'string' && ctor.name !== '' ? ctor.name : 'object';
}

/** Converts a CEL result to plain JS; throws CelConversionError when it is too large or exotic. */
export function fromCelValue(value: CelValue): unknown {
  const budget = { nodes: 0 };
  return convertOut(value, 0, budget);
}

function convertOut(v: CelValue, depth: number, budget: { nodes: number }): unknown {
  if (++budget.nodes > MAX_RESULT_NODES) {
    throw new CelConversionError(`result exceeds ${MAX_RESULT_NODES} values`);
  }
  if (depth > MAX_VALUE_DEPTH) throw new CelConversionError(`result nested deeper than ${MAX_VALUE_DEPTH}`);
  if (v === null || typeof v === 'boolean' || typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'bigint') return intOut(v);
  if (v instanceof Uint8Array) return v;
  if (v instanceof CelUint) return intOut(v.value);
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const item of v as readonly CelValue[]) out.push(convertOut(item, depth + 1, budget));
    return out;
  }
  if (v instanceof CelMap) {
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [k, item] of v) {
      const key = k instanceof CelUint ? String(k.value) : String(k);
      out[key] = convertOut(item, depth + 1, budget);
    }
    return out;
  }
  // Timestamps and durations as the reference writes them (string()); a function value by name.
  if (v instanceof CelTimestamp) return formatRfc3339(v);
  if (v instanceof CelDuration) return formatDuration(v);
  if (v instanceof CelFunction) return `<function ${v.name}>`;
  // Types are not part of our data model.
  throw new CelConversionError(`result of an unsupported CEL type`);
}

function intOut(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}
