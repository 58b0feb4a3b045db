/**
 * The grant comparison reads a constraint set as Tenuo's `ConstraintSet::matches` does: a set with
 * no constraint allows any arguments, like `_allow_unknown`. A head that empties a tool's set is a
 * widening, never "a narrowing: every constraint dropped"; a base with an empty set is open, so a
 * head that constrains it is narrower. (The scenario loader asks for every parameter, so a set is
 * empty only for a tool with none, or in a grant built elsewhere: the comparison does not lean on that.)
 */
import { describe, expect, it } from 'vitest';
import { compareGrants, isWidening } from '../../src/guard/grants.js';
import { checkConstraintSet } from '../../src/warrant/constraints/satisfy.js';
import type { ConstraintSet } from '../../src/warrant/constraints/types.js';

const closed: ConstraintSet = { constraints: { p: { type: 'exact', value: 'a' } }, allowUnknown: false };
const empty: ConstraintSet = { constraints: {}, allowUnknown: false };

describe('an empty constraint set is open world', () => {
  it('the authorizer allows any arguments under it (the semantics the comparison must follow)', () => {
    expect(checkConstraintSet('t', empty, { p: 'b', q: 1 })).toBeUndefined();
    expect(checkConstraintSet('t', closed, { p: 'b' })?.code).toBe('constraint_not_satisfied');
  });

  it('a head that empties a closed set widens it', () => {
    const changes = compareGrants({ t: closed }, { t: empty });
    expect(changes).toEqual([
      { kind: 'allow_unknown_enabled', tool: 't', empty: true },
      { kind: 'param_dropped', tool: 't', param: 'p', base: closed.constraints.p, widens: true, headEmpty: true },
    ]);
    expect(changes.every(isWidening)).toBe(true);
  });

  it('a head that constrains an empty base set narrows it, and adds no parameter', () => {
    const changes = compareGrants({ t: empty }, { t: closed });
    expect(changes).toEqual([{ kind: 'allow_unknown_disabled', tool: 't', empty: true }]);
    expect(changes.some(isWidening)).toBe(false);
  });

  it('empty and _allow_unknown are the same openness: no change between them', () => {
    const open: ConstraintSet = { constraints: {}, allowUnknown: true };
    expect(compareGrants({ t: empty }, { t: open })).toEqual([]);
    expect(compareGrants({ t: open }, { t: empty })).toEqual([]);
  });
});
