/**
 * YAML → the warrant Value model, for call arguments and constraint values. Int and float stay
 * distinct because they are distinct on the wire and in proof-of-possession challenges: `1` is an
 * int, `1.5` a float, and `1.0` (or `1e3`) a float too, kept as a `Float` since a bare JS number
 * would read as an int.
 */
import { Float, type ObjectValue, type Value } from '../warrant/constraint-value.js';
import { at, type PathSegment } from './key-path.js';
import type { PNode } from '../lib/yaml-tree.js';

export type Report = (offset: number, message: string) => void;

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

export function valueFromYaml(node: PNode, path: readonly PathSegment[], report: Report): Value | undefined {
  if (node.kind === 'seq') {
    const out: Value[] = [];
    let ok = true;
    node.items.forEach((item, i) => {
      const v = valueFromYaml(item, [...path, i], report);
      if (v === undefined) ok = false;
      else out.push(v);
    });
    return ok ? out : undefined;
  }
  if (node.kind === 'map') {
    // No prototype: a key such as `__proto__` is data, not a way to reshape the object.
    const out = Object.create(null) as Record<string, Value>;
    let ok = true;
    for (const e of node.entries) {
      const v = valueFromYaml(e.value, [...path, e.key], report);
      if (v === undefined) ok = false;
      else out[e.key] = v;
    }
    return ok ? (out as ObjectValue) : undefined;
  }
  const v = node.value;
  if (typeof v === 'bigint') {
    if (v < I64_MIN || v > I64_MAX) {
      report(node.span.start, at(path, `integer ${v} is outside the 64-bit range`));
      return undefined;
    }
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) {
      report(node.span.start, at(path, `${v} is not allowed (only finite numbers)`));
      return undefined;
    }
    return Number.isInteger(v) ? new Float(v) : v;
  }
  return v;
}
