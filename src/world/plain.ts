/**
 * Argument values as plain JSON data, for the judge's `effects` and the results JSON. The warrant
 * engine's Value keeps int/float apart (Float, bigint) because the wire needs it; JSON consumers
 * need numbers. A bigint beyond 2^53 becomes its decimal string rather than silently losing digits.
 */
import { Float, type Value } from '../warrant/constraint-value.js';

export type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

export function toPlain(v: Value): Plain {
  if (v instanceof Float) return v.value;
  if (typeof v === 'bigint') {
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
  }
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(toPlain);
  const out: { [key: string]: Plain } = {};
  for (const k of Object.keys(v)) out[k] = toPlain(v[k]!);
  return out;
}

export function argsToPlain(args: Readonly<Record<string, Value>>): Record<string, Plain> {
  const out: Record<string, Plain> = {};
  for (const k of Object.keys(args)) out[k] = toPlain(args[k]!);
  return out;
}
