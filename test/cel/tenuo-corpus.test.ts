/**
 * The reference's CEL, case by case: every expected outcome in tenuo-corpus.data.ts was read from
 * the source of `cel-interpreter` 0.10.0 / `cel-parser` 0.10.1 and Tenuo's `cel.rs` (each case names
 * its file and function). Values are compared as plain JS (ints become numbers when safe).
 */
import { describe, expect, it } from 'vitest';
import { checkCel, compileCel } from '../../src/cel/index.js';
import { CASES, NOW, type Case } from './tenuo-corpus.data.js';

function plain(x: unknown): unknown {
  if (typeof x === 'bigint') return { bigint: String(x) };
  if (x instanceof Uint8Array) return { bytes: Array.from(x) };
  if (Array.isArray(x)) return x.map(plain);
  if (x !== null && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, plain(v)]));
  return x;
}

function run(c: Case): { compile?: string; error?: string; value?: unknown } {
  const problem = checkCel(c.expr);
  if (problem !== undefined) return { compile: problem };
  const r = compileCel(c.expr).evaluate(c.bind ?? {}, { now: NOW });
  return r.ok ? { value: r.value } : { error: r.error };
}

describe('the reference CEL corpus', () => {
  it('has at least 150 cases, each naming its source', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(150);
    for (const c of CASES) expect(c.src.length, c.expr).toBeGreaterThan(5);
  });

  it.each(CASES.map((c, i) => [i, c.expr, c] as const))('%i: %s', (_i, _expr, c) => {
    const got = run(c);
    const why = `${c.expr}  [${c.src}]  got ${JSON.stringify(plain(got))}`;
    if ('value' in c.out) {
      expect(got.compile, why).toBeUndefined();
      expect(got.error, why).toBeUndefined();
      expect(plain(got.value), why).toEqual(plain(c.out.value));
    } else if ('error' in c.out) {
      expect(got.compile, why).toBeUndefined();
      expect(got.error, why).toMatch(c.out.error);
    } else {
      expect(got.compile, why).toMatch(c.out.compile);
    }
  });
});
