/** A constraint denial's reason is the same sentence whether the authorizer or explainConstraint builds it. */
import { describe, expect, it } from 'vitest';
import { checkConstraintSet, constraintOutcome, explainConstraint } from '../../src/warrant/constraints/satisfy.js';
import type { Constraint } from '../../src/warrant/constraints/types.js';

describe('constraint denials', () => {
  const cases: Array<[Constraint, unknown]> = [
    [{ type: 'subpath', root: '/app', caseSensitive: true, allowEqual: true }, '/etc/passwd'],
    [{ type: 'one_of', values: ['a', 'b'] }, 'c'],
    [
      {
        type: 'all',
        constraints: [
          { type: 'regex', pattern: '^a' },
          { type: 'regex', pattern: 'z$' },
        ],
      },
      'ab',
    ],
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
