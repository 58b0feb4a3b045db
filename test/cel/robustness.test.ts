/**
 * Hostile text never crashes the CEL front end or the evaluator: random token soup and random
 * characters either compile or fail with a CelError message, and whatever compiles evaluates to a
 * result (a value or an error), never an exception. Asserted by outcome, never by timing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCel, compileCel } from '../../src/cel/index.js';

const TOKENS = [
  'x',
  'y',
  'm',
  'l',
  's',
  '1',
  '0',
  '-1',
  '9223372036854775807',
  '9223372036854775808',
  '1u',
  '2.5',
  '1e400',
  "'a'",
  '"b"',
  "r'\\d'",
  "b'\\xff'",
  "'''t'''",
  "'\\u00e9'",
  'true',
  'false',
  'null',
  'in',
  'has',
  'all',
  'exists',
  'exists_one',
  'map',
  'filter',
  'size',
  'int',
  'string',
  'type',
  'matches',
  'contains',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  ':',
  '?',
  '!',
  '-',
  '+',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '&&',
  '||',
  ' ',
];

const bindings = { x: 3, y: 2.5, m: { a: 1, b: [1, 2] }, l: [1, 'two', [3]], s: 'text' };

function neverThrows(expression: string): void {
  const problem = checkCel(expression);
  if (problem !== undefined) {
    expect(typeof problem).toBe('string');
    return;
  }
  const result = compileCel(expression).evaluate(bindings, { now: 0 });
  expect(typeof result.ok).toBe('boolean');
}

describe('CEL robustness', () => {
  it('random token sequences compile or fail with a message; what compiles evaluates to a result', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 40 }), (tokens) => neverThrows(tokens.join(' '))),
      { numRuns: 3000, seed: 7 },
    );
  });

  it('random characters do too', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 80 }), neverThrows), { numRuns: 3000, seed: 11 });
  });

  it('long chains and deep nesting are refused with the limit, not a stack overflow', () => {
    for (const e of [
      `x${'.a'.repeat(2000)}`,
      `x${'[0]'.repeat(1000)}`,
      `1${' ? 1 : 1'.repeat(500)}`,
      `${'('.repeat(100)}1${')'.repeat(100)}`,
    ]) {
      expect(checkCel(e), e.slice(0, 20)).toMatch(/deeper than|limit/);
    }
    // A run of `!` or `-` is one operator in the reference's parser (parser.rs visit_LogicalNot).
    expect(compileCel('!'.repeat(4000) + 'true').evaluate({})).toEqual({ ok: true, value: false });
    expect(compileCel('-'.repeat(4000) + '1').evaluate({})).toEqual({ ok: true, value: -1 });
  });
});
