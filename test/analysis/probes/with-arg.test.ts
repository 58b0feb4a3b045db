/**
 * withArg builds a probe's arguments exactly as `{ ...args, [name]: value }` would: same own keys
 * in the same order, same values, same prototype; from null-prototype arguments like the
 * loader's, with integer-like keys, and with a `__proto__` key (which takes the spread itself).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withArg } from '../../../src/analysis/probes/probe-scenario.js';
import type { Value } from '../../../src/warrant/constraint-value.js';

const key = fc.oneof(
  fc.constantFrom('path', 'content', '0', '10', '2', '__proto__', 'constructor', 'toString'),
  fc.string({ maxLength: 4 }),
);

function nullProto(entries: Array<[string, Value]>): Record<string, Value> {
  const o = Object.create(null) as Record<string, Value>;
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

describe('withArg', () => {
  it('equals the spread', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.string({ maxLength: 3 })), { maxLength: 6 }), key, fc.string(), (entries, name, value) => {
        const args = nullProto(entries);
        const got = withArg(args, name, value);
        const want = { ...args, [name]: value };
        expect(Reflect.ownKeys(got)).toEqual(Reflect.ownKeys(want));
        for (const k of Reflect.ownKeys(want))
          expect(Object.getOwnPropertyDescriptor(got, k)).toEqual(Object.getOwnPropertyDescriptor(want, k));
        expect(Object.getPrototypeOf(got)).toBe(Object.getPrototypeOf(want));
      }),
      { numRuns: 500 },
    );
  });
});
