/**
 * The CEL adapter's caches, which the run leans on (src/cel/index.ts): one compile per expression
 * text (as Tenuo's CEL_CACHE), shared and immutable; a failed compile fails the same way again.
 */
import { describe, expect, test } from 'vitest';
import { CelError, checkCel, compileCel } from '../../src/cel/index.js';

describe('CEL compile cache', () => {
  test('the same expression gives one shared, frozen program, whatever is bound', () => {
    const a = compileCel('x + 1 == 3');
    const b = compileCel('x + 1 == 3');
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a.variables)).toBe(true);
    expect(a.variables).toEqual(['x']);
    expect(a.evaluate({ x: 2 })).toEqual({ ok: true, value: true });
    // Extra bindings are ignored; a missing one is the reference's run-time error.
    expect(a.evaluate({ x: 1, y: 0 })).toEqual({ ok: true, value: false });
    expect(a.evaluate({})).toEqual({ ok: false, error: "Undeclared reference to 'x'", code: 'cel_eval' });
  });

  test('a compile error is thrown again, with the same message, and checkCel agrees', () => {
    const first = (() => {
      try {
        compileCel('x +');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(first).toBeInstanceOf(CelError);
    expect((first as CelError).code).toBe('cel_compile');
    expect(() => compileCel('x +')).toThrow((first as Error).message);
    expect(checkCel('x +')).toBe((first as Error).message);
  });
});
