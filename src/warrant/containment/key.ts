/**
 * A constraint's structural key: two constraints with the same key are the same constraint (same
 * kind, same fields, values told apart as the evaluator tells them: an int from a float, -0 kept).
 */
import type { Constraint } from '../constraints/types.js';
import { Float } from '../constraint-value.js';

function replacer(_k: string, v: unknown): unknown {
  if (typeof v === 'bigint') return { $int: v.toString() };
  if (v instanceof Float) return { $float: Object.is(v.value, -0) ? '-0' : String(v.value) };
  if (typeof v === 'number') return Number.isInteger(v) ? { $int: Object.is(v, -0) ? '-0' : String(v) } : { $float: String(v) };
  if (v instanceof Uint8Array) return { $bytes: Buffer.from(v).toString('hex') };
  return v;
}

export function constraintKey(constraint: Constraint): string {
  return JSON.stringify(constraint, replacer);
}
