/**
 * A WarrantError whose message is built on first read reads exactly like an eager one (message,
 * String(e), stack, an assignment), and a constraint denial's reason is the same sentence whether
 * the authorizer or explainConstraint builds it.
 */
import { describe, expect, it } from 'vitest';
import { WarrantError } from '../../src/warrant/errors.js';
import { checkConstraintSet, constraintOutcome, explainConstraint } from '../../src/warrant/constraints/satisfy.js';
import type { Constraint } from '../../src/warrant/constraints/types.js';

describe('lazy WarrantError messages', () => {
  it('reads like an eager message, and builds it once', () => {
    let built = 0;
    const lazy = new WarrantError('pop_failed', () => {
      built++;
      return 'no proof';
    });
    const eager = new WarrantError('pop_failed', 'no proof');
    expect(built).toBe(0);
    expect(lazy.message).toBe(eager.message);
    expect(String(lazy)).toBe(String(eager));
    expect(lazy.stack).toBe(eager.stack);
    expect(lazy.message).toBe('no proof');
    expect(built).toBe(1);
    expect(Object.getOwnPropertyDescriptor(lazy, 'message')).toEqual(Object.getOwnPropertyDescriptor(eager, 'message'));
  });

  it('can be reassigned before or after it is read', () => {
    const e = new WarrantError('malformed', () => 'inner');
    e.message = `link 0: ${e.message}`;
    expect(e.message).toBe('link 0: inner');
    const f = new WarrantError('malformed', () => 'never built');
    f.message = 'replaced';
    expect(f.message).toBe('replaced');
  });
});

describe('constraint denials', () => {
  const cases: Array<[Constraint, unknown]> = [
    [{ type: 'subpath', root: '/app', caseSensitive: true, allowEqual: true }, '/etc/passwd'],
    [{ type: 'one_of', values: ['a', 'b'] }, 'c'],
    [{ type: 'all', constraints: [{ type: 'regex', pattern: '^a' }, { type: 'regex', pattern: 'z$' }] }, 'ab'],
    [{ type: 'range', min: 0, max: 10, minInclusive: true, maxInclusive: true }, 'x'],
    [{ type: 'subpath', root: '/app', caseSensitive: true, allowEqual: true }, '/app/ok'],
  ];

  it('checkConstraintSet gives explainConstraint sentence, code and verdict', () => {
    for (const [c, v] of cases) {
      const value = v as string;
      const set = { constraints: { p: c }, allowUnknown: false };
      const denial = checkConstraintSet('tool', set, { p: value });
      const explained = explainConstraint(c, value, 'tool.p');
      expect(denial?.message).toBe(explained?.why);
      expect(denial?.code).toBe(explained === undefined ? undefined : explained.limit ? 'evaluation_limit' : 'constraint_not_satisfied');
      expect(constraintOutcome(c, value)).toBe(explained === undefined ? 'allowed' : explained.limit ? 'limit' : 'denied');
    }
  });
});

describe('the message accessor on the prototype', () => {
  it('reads as Error.prototype does when not on an instance', () => {
    expect(WarrantError.prototype.message).toBe('');
  });
});
