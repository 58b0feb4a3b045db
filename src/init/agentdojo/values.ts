/**
 * Values of imported calls: one canonical text per call (to tell two calls apart or the same), and
 * the form a YAML document needs (a float stays a float, `1100.0`, as the loader reads it back).
 */
import { Scalar } from 'yaml';
import { Float } from '../../lib/float.js';
import type { Value } from '../../warrant/constraint-value.js';

function canonicalValue(value: Value): unknown {
  if (value instanceof Float) return { $float: value.value };
  if (typeof value === 'bigint') return { $int: String(value) };
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonicalValue(value[k]!)]),
    );
  return value;
}

/** The same text for the same tool and arguments, whatever the order of their keys. */
export function canonicalKey(tool: string, args: Readonly<Record<string, Value>>): string {
  return JSON.stringify([tool, canonicalValue(args as Value)]);
}

/** A value for the YAML document: a float keeps its fraction (`25.0`), so the loader reads a float back. */
export function yamlValue(value: Value): unknown {
  if (value instanceof Float) return Object.assign(new Scalar(value.value), { minFractionDigits: 1 });
  if (Array.isArray(value)) return value.map(yamlValue);
  if (value !== null && typeof value === 'object' && typeof value !== 'bigint')
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, yamlValue(x)]));
  return value;
}

/** The number a value holds, if it is one. */
export function numberOf(value: Value | undefined): number | undefined {
  if (value instanceof Float) return value.value;
  if (typeof value === 'number') return value;
  return undefined;
}
