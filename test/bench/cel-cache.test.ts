/**
 * The CEL adapter's caches, which the run leans on (src/cel/index.ts): one compile per expression
 * and variable set, shared and immutable; a failed compile fails the same way again; parsed trees
 * are copied before compile rewrites them; and a tree seeded from a snapshot is what compiles
 * (the parser is skipped), while anything that is not a parsed tree is ignored.
 */
import { describe, expect, test } from 'vitest';
import { CelError, celTree, checkCel, compileCel, seedCelTree } from '../../src/cel/index.js';

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

  test('celTree gives a fresh copy each time; compiles are not affected by changes to it', () => {
    const t1 = celTree('[1, 2].size() == 2') as { expr: unknown };
    const t2 = celTree('[1, 2].size() == 2') as { expr: unknown };
    expect(t1).toEqual(t2);
    expect(t1).not.toBe(t2);
    t1.expr = null;
    expect(compileCel('[1, 2].size() == 2', []).evaluate({})).toEqual({ ok: true, value: true });
  });

  test('a seeded tree is what compiles; a non-tree is ignored; a parsed expression is not replaced', () => {
    seedCelTree("'seeded' == 'seeded'", celTree("'seeded' == 'other'"));
    expect(compileCel("'seeded' == 'seeded'", []).evaluate({})).toEqual({ ok: true, value: false });
    seedCelTree('1 == 1', { $typeName: 'something.Else' });
    seedCelTree('2 == 2', null);
    expect(compileCel('1 == 1', []).evaluate({})).toEqual({ ok: true, value: true });
    expect(compileCel('2 == 2', []).evaluate({})).toEqual({ ok: true, value: true });
    seedCelTree('1 == 1', celTree('1 == 2'));
    expect(compileCel('1 == 1', ['v']).evaluate({ v: 0 })).toEqual({ ok: true, value: true });
  });
});
