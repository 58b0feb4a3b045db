/**
 * Number probes: the edges of a Range and type confusion (a number as text, a bool, a list). The
 * environment reads an amount as Python's float() does, so `"5000"` is 5000 to the bank.
 */
import type { Constraint } from '../../../warrant/constraints/types.js';
import { Float, type Value } from '../../../warrant/constraint-value.js';
import type { FamilyGenerator, ProbeValue } from './family.js';

function ranges(c: Constraint): Array<Extract<Constraint, { type: 'range' }>> {
  if (c.type === 'range') return [c];
  if (c.type === 'all' || c.type === 'any') return c.constraints.flatMap(ranges);
  return [];
}

export const numberProbes: FamilyGenerator = (ctx) => {
  const out: ProbeValue[] = [];
  const add = (family: ProbeValue['family'], v: Value) => out.push({ family, value: v });
  const edges: number[] = [];
  for (const r of ranges(ctx.constraint).slice(0, 2)) {
    for (const b of [r.min, r.max]) {
      if (b === null) continue;
      edges.push(b, b + 1, b - 1, b + 0.01, b - 0.01);
    }
  }
  for (const e of edges) add('numeric_edge', Number.isSafeInteger(e) ? e : new Float(e));
  for (const v of [
    new Float(-0),
    new Float(Number.NaN),
    new Float(Number.POSITIVE_INFINITY),
    new Float(Number.NEGATIVE_INFINITY),
    2n ** 53n + 1n,
    -1,
  ])
    add('numeric_edge', v);
  const big = edges.length > 0 ? Math.max(...edges) + 1 : 1e9;
  for (const s of [String(big), ` ${big} `, `${big}.0`, `${big / 1000}e3`, `+${big}`]) add('type_confusion', s);
  add('type_confusion', true);
  add('type_confusion', [big]);
  return out;
};
