/**
 * The judge-only functions (src/cel/judge-functions.ts, docs/effects.md): sum, first, last exist
 * in a judge's evaluation and nowhere else (a grant's CEL stays Tenuo's dialect).
 */
import { describe, expect, test } from 'vitest';
import { evaluateCel } from '../../src/cel/index.js';
import { CelUint, type CelValue } from '../../src/cel/value.js';

const judge = (expr: string, bindings: Record<string, CelValue> = {}) => evaluateCel(expr, bindings, { judge: true });
const value = (expr: string, bindings: Record<string, CelValue> = {}): CelValue => {
  const r = judge(expr, bindings);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const error = (expr: string): string => {
  const r = judge(expr);
  return r.ok ? `no error: ${String(r.value)}` : r.error;
};

describe('sum()', () => {
  test('ints stay ints, an empty list is int 0, a method and a global call alike', () => {
    expect(value('sum([1, 2, 3])')).toBe(6n);
    expect(value('[10000, 10000, 10000].sum()')).toBe(30000n);
    expect(value('sum([])')).toBe(0n);
    expect(value('sum([1u, 2u])')).toEqual(new CelUint(3n));
  });
  test('any double makes the sum a double', () => {
    expect(value('sum([1, 2.5])')).toBe(3.5);
    expect(value('sum([0.25, 0.25])')).toBe(0.5);
  });
  test('overflow is an error, never a wrap', () => {
    expect(error('sum([9223372036854775807, 1])')).toMatch(/sum.*integer overflow/);
    expect(error('sum([-9223372036854775807, -2])')).toMatch(/integer overflow/);
    expect(error('sum([18446744073709551615u, 1u])')).toMatch(/unsigned integer overflow/);
  });
  test('what is not a list of numbers is an error', () => {
    expect(error('sum([1, "2"])')).toMatch(/can only add numbers/);
    expect(error('sum(1)')).toMatch(/expects a list/);
    expect(error('sum([1, 1u])')).toMatch(/cannot add an int and a uint/);
  });
  test('over filter and map, as a judge adds up the amounts of the transfers', () => {
    const r = judge(
      'sum([{"t": "a", "n": 9000}, {"t": "b", "n": 500}, {"t": "a", "n": 9000.5}].filter(e, e.t == "a").map(e, e.n)) >= 18000',
    );
    expect(r).toEqual({ ok: true, value: true });
  });
});

describe('first() and last()', () => {
  test('the first and the last element; an empty list is an error with the guard to write', () => {
    expect(value('[1, 2, 3].first()')).toBe(1n);
    expect(value('last([1, 2, 3])')).toBe(3n);
    expect(error('[].last()')).toMatch(/last.*the list is empty \(guard with size/);
  });
});

describe('outside a judge they do not exist (Tenuo has none of them)', () => {
  test.each(['sum([1])', '[1].first()', '[1].last()'])('%s', (expr) => {
    const r = evaluateCel(expr, {});
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toMatch(/Undeclared reference to '(sum|first|last)'/);
  });
});
