/**
 * Shapes that attenuation rules accept as "child ⊆ parent" while the child allows more (issue 22):
 * the guard must decide them by meaning, as widenings with a witness the evaluator confirms.
 * Each `accepted` line documents that the rule still accepts the pair (it keeps deciding what a
 * chain accepts); the guard's answer does not follow it.
 */
import { describe, expect, it } from 'vitest';
import { compareGrants, type GrantChange } from '../../src/guard/grants.js';
import { checkAttenuation } from '../../src/warrant/constraints/attenuate.js';
import { constraintOutcome } from '../../src/warrant/constraints/satisfy.js';
import type { Constraint } from '../../src/warrant/constraints/types.js';

const one = (base: Constraint, head: Constraint): GrantChange => {
  const changes = compareGrants(
    { t: { constraints: { p: base }, allowUnknown: false } },
    { t: { constraints: { p: head }, allowUnknown: false } },
  );
  expect(changes).toHaveLength(1);
  return changes[0]!;
};

function expectWitnessed(base: Constraint, head: Constraint, witness: string): void {
  const change = one(base, head);
  expect(change.kind).toBe('constraint_widened');
  if (change.kind !== 'constraint_widened') return;
  expect(change.witness).toBe(witness);
  expect(constraintOutcome(head, witness)).toBe('allowed');
  expect(constraintOutcome(base, witness)).toBe('denied');
}

const cidr: Constraint = { type: 'cidr', network: '10.0.0.0/8' };
const startsA: Constraint = { type: 'regex', pattern: '^a' };

describe('rules that accept a wider child are not the guard’s proof', () => {
  it('CEL: the textual `(P) && (…)` rule counts parentheses inside string literals', () => {
    // Reads ((P) && (false || "(" == "")) || (value == ")"): exactly value == ")".
    const base: Constraint = { type: 'cel', expression: 'value.startsWith("a")' };
    const head: Constraint = { type: 'cel', expression: '(value.startsWith("a")) && (false || "(" == "") || (value == ")")' };
    expect(checkAttenuation(base, head, 't.p')).toBeUndefined(); // accepted
    expectWitnessed(base, head, ')');
  });

  it('UrlPattern: a parent path without a wildcard is one exact path to the matcher, not a prefix', () => {
    const base: Constraint = { type: 'url_pattern', pattern: 'https://a.com/v1/status' };
    const head: Constraint = { type: 'url_pattern', pattern: 'https://a.com/v1/status/*' };
    expect(checkAttenuation(base, head, 't.p')).toBeUndefined(); // accepted
    const change = one(base, head);
    expect(change).toMatchObject({ kind: 'constraint_widened', witness: 'https://a.com/v1/status/x' });
    expect(constraintOutcome(base, 'https://a.com/v1/status/x')).toBe('denied');
  });

  it('Not over a reordered All: the base’s erroring branch (a deny) becomes a false one (an allow)', () => {
    // Base: cidr first, so a string that is no IP errors (denied, and Not keeps the error).
    // Head: the regex first, so a string not starting with `a` is false, and Not allows it.
    const base: Constraint = { type: 'not', constraint: { type: 'all', constraints: [cidr, startsA] } };
    const head: Constraint = { type: 'not', constraint: { type: 'all', constraints: [startsA, cidr] } };
    expect(checkAttenuation(base, head, 't.p')).toBeUndefined(); // accepted
    const change = one(base, head);
    expect(change.kind).toBe('constraint_widened');
    if (change.kind !== 'constraint_widened') return;
    expect(typeof change.witness).toBe('string');
    expect(constraintOutcome(head, change.witness!)).toBe('allowed');
    expect(constraintOutcome(base, change.witness!)).toBe('denied');
  });

  it('the converse reorder is narrower by meaning, and said so with its proof', () => {
    const base: Constraint = { type: 'not', constraint: { type: 'all', constraints: [startsA, cidr] } };
    const head: Constraint = { type: 'not', constraint: { type: 'all', constraints: [cidr, startsA] } };
    expect(one(base, head)).toMatchObject({
      kind: 'constraint_narrowed',
      proof: expect.stringContaining('proven by meaning: strings by automata'),
    });
  });

  it('a rewrite with the same meaning is unchanged, with its proof', () => {
    const change = one({ type: 'regex', pattern: '^a+$' }, { type: 'regex', pattern: '^aa*$' });
    expect(change).toMatchObject({ kind: 'constraint_unchanged', proof: expect.stringContaining('the same meaning, proven both ways') });
  });
});
