/**
 * Never an exception: any constraint (every type, nested, malformed strings) against any value
 * (every Value shape: ints, bigints, floats incl. NaN/∞, strings with control characters, lists,
 * objects) gives undefined or a reason naming the path; attenuation of any pair gives undefined or
 * a reason. Oversized inputs are refused rather than matched slowly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAttenuation } from '../../../src/warrant/constraints/attenuate.js';
import { checkConstraint, checkConstraintSet } from '../../../src/warrant/constraints/satisfy.js';
import type { Constraint } from '../../../src/warrant/constraints/types.js';
import { Float } from '../../../src/warrant/constraint-value.js';
import type { Value } from '../../../src/warrant/constraint-value.js';

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('/app/x', '10.0.0.1', 'https://example.com/a', 'ls -la', '*', '[', '\0', '..', 'http://[::1]/', '0x7f000001'),
);
const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer(),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    fc.double().map((d) => new Float(d)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie('v'), { maxKeys: 3 }),
  ),
})).v;

const leaf: fc.Arbitrary<Constraint> = fc.oneof(
  fc.constant<Constraint>({ type: 'wildcard' }),
  value.map((v): Constraint => ({ type: 'exact', value: v })),
  text.map((pattern): Constraint => ({ type: 'pattern', pattern })),
  text.map((pattern): Constraint => ({ type: 'regex', pattern })),
  fc
    .record({
      min: fc.option(fc.double(), { nil: null }),
      max: fc.option(fc.double(), { nil: null }),
      minInclusive: fc.boolean(),
      maxInclusive: fc.boolean(),
    })
    .map((r): Constraint => ({ type: 'range', ...r })),
  fc.array(value, { maxLength: 3 }).map((values): Constraint => ({ type: 'one_of', values })),
  fc.array(value, { maxLength: 3 }).map((excluded): Constraint => ({ type: 'not_one_of', excluded })),
  fc.oneof(text, fc.constantFrom('10.0.0.0/8', '::/0', '1.2.3.4/33')).map((network): Constraint => ({ type: 'cidr', network })),
  fc.oneof(text, fc.constantFrom('https://*.example.com/*', '*://x/')).map((pattern): Constraint => ({ type: 'url_pattern', pattern })),
  fc.array(value, { maxLength: 3 }).map((required): Constraint => ({ type: 'contains', required })),
  fc.array(value, { maxLength: 3 }).map((allowed): Constraint => ({ type: 'subset', allowed })),
  fc
    .oneof(text, fc.constantFrom('value > 1', 'value.size() > 0', 'value +'))
    .map((expression): Constraint => ({ type: 'cel', expression })),
  fc.record({ root: text, caseSensitive: fc.boolean(), allowEqual: fc.boolean() }).map((s): Constraint => ({ type: 'subpath', ...s })),
  fc
    .record({
      schemes: fc.array(text, { maxLength: 2 }),
      allowDomains: fc.option(fc.array(text, { maxLength: 2 }), { nil: null }),
      denyDomains: fc.option(fc.array(text, { maxLength: 2 }), { nil: null }),
      allowPorts: fc.option(fc.array(fc.integer({ min: 0, max: 65535 }), { maxLength: 2 }), { nil: null }),
      blockPrivate: fc.boolean(),
      blockLoopback: fc.boolean(),
      blockMetadata: fc.boolean(),
      blockReserved: fc.boolean(),
      blockInternalTlds: fc.boolean(),
    })
    .map((u): Constraint => ({ type: 'url_safe', ...u })),
  fc.array(text, { maxLength: 3 }).map((allow): Constraint => ({ type: 'shlex', allow })),
  fc.integer({ min: 19, max: 255 }).map((typeId): Constraint => ({ type: 'unknown', typeId, payload: new Uint8Array() })),
);
const constraint: fc.Arbitrary<Constraint> = fc.letrec<{ c: Constraint }>((tie) => ({
  c: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('c'), { maxLength: 3 }).map((constraints): Constraint => ({ type: 'all', constraints })),
    fc.array(tie('c'), { maxLength: 3 }).map((constraints): Constraint => ({ type: 'any', constraints })),
    tie('c').map((c): Constraint => ({ type: 'not', constraint: c })),
  ),
})).c;

describe('robustness', () => {
  it('checkConstraint never throws and always names the path', () => {
    fc.assert(
      fc.property(constraint, value, (c, v) => {
        const r = checkConstraint(c, v, 'tool.arg');
        expect(r === undefined || r.startsWith('tool.arg: ')).toBe(true);
        // The outer guard turns a stray exception into a denial; none may reach it.
        expect(r ?? '').not.toMatch(/internal error/);
      }),
      { numRuns: 1500, seed: 1 },
    );
  });

  it('checkAttenuation never throws', () => {
    fc.assert(
      fc.property(constraint, constraint, (p, c) => {
        const r = checkAttenuation(p, c, 'tool.arg');
        expect(r === undefined || r.startsWith('tool.arg: ')).toBe(true);
        expect(r ?? '').not.toMatch(/internal error/);
      }),
      { numRuns: 1500, seed: 2 },
    );
  });

  it('checkConstraintSet never throws; its errors carry a stable code', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), constraint),
        fc.boolean(),
        fc.dictionary(fc.constantFrom('a', 'b', 'd'), value),
        (constraints, allowUnknown, args) => {
          const e = checkConstraintSet('t', { constraints, allowUnknown }, args);
          expect(e === undefined || ['unknown_argument', 'constraint_not_satisfied', 'evaluation_limit'].includes(e.code)).toBe(true);
        },
      ),
      { numRuns: 500, seed: 3 },
    );
  });

  it('refuses to glob-match inputs too long for the pattern (an error, so Not cannot flip it)', () => {
    const pattern = `${'*a'.repeat(2000)}*`;
    const input = 'a'.repeat(100_000);
    expect(checkConstraint({ type: 'pattern', pattern }, input, 't.a')).toMatch(/too long for this pattern/);
    expect(checkConstraint({ type: 'not', constraint: { type: 'pattern', pattern } }, input, 't.a')).toMatch(/too long/);
  });
});
