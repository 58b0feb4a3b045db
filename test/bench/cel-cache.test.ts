/**
 * The CEL adapter's caches, which the run leans on (src/cel/index.ts): one compile per expression
 * and variable set, shared and immutable; a failed compile fails the same way again.
 */
import { describe, expect, test } from 'vitest';
import { CelError, checkCel, compileCel } from '../../src/cel/index.js';

describe('CEL compile cache', () => {
  test('the same expression and variables give one shared, frozen program', () => {
    const a = compileCel('x + 1 == 3', ['x']);
    const b = compileCel('x + 1 == 3', ['x']);
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a.variables)).toBe(true);
    expect(a.evaluate({ x: 2 })).toEqual({ ok: true, value: true });
    // Other variables: another program, with its own declared names.
    const c = compileCel('x + 1 == 3', ['x', 'y']);
    expect(c).not.toBe(a);
    expect(c.variables).toEqual(['x', 'y']);
    expect(c.evaluate({ x: 1, y: 0 })).toEqual({ ok: true, value: false });
  });

  test('a compile error is thrown again, with the same message, and checkCel agrees', () => {
    const first = (() => {
      try {
        compileCel('x +', ['x']);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(first).toBeInstanceOf(CelError);
    expect(() => compileCel('x +', ['x'])).toThrow((first as Error).message);
    expect(checkCel('x +', ['x'])).toBe((first as Error).message);
    // The variable check is per variable set, even when the tree is cached.
    expect(compileCel('z > 1', ['z']).evaluate({ z: 2 })).toEqual({ ok: true, value: true });
    expect(() => compileCel('z > 1', ['w'])).toThrow(/undeclared variable 'z'/);
  });
});
