/**
 * Argument values as plain JSON data, for the judge's `effects` and the results JSON. The warrant
 * engine's Value keeps int/float apart (Float, bigint) because the wire needs it; JSON consumers
 * need numbers. A bigint beyond 2^53 becomes its decimal string rather than silently losing digits.
 */
import { Float, type Value } from '../warrant/constraint-value.js';

export type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

export function toPlain(value: Value): Plain {
  if (value instanceof Float) return value.value;
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(toPlain);
  const out: { [key: string]: Plain } = {};
  for (const k of Object.keys(value)) out[k] = toPlain(value[k]!);
  return out;
}

export function argsToPlain(args: Readonly<Record<string, Value>>): Record<string, Plain> {
  const out: Record<string, Plain> = {};
  for (const k of Object.keys(args)) out[k] = toPlain(args[k]!);
  return out;
}
