/**
 * The automata are the matchers: each pattern's automaton accepts exactly the strings the
 * evaluator's matcher accepts (the glob matcher, RE2 as regex.ts runs it), on strings chosen for
 * anchors, separators, classes, newlines, case and non-ASCII; what the automata do not follow is
 * refused with a reason; bounds end in "unproven", never in a proof.
 */
import { describe, expect, it } from 'vitest';
import { codePoints, Work } from '../../../src/warrant/containment/automata.js';
import { globRegular, regexRegular } from '../../../src/warrant/containment/string-kinds.js';
import { proveContainment } from '../../../src/warrant/containment/index.js';
import { compileGlob, globMatches } from '../../../src/warrant/constraints/glob.js';
import { regexOutcome } from '../../../src/lib/regex.js';
import type { Constraint } from '../../../src/warrant/constraints/types.js';

const INPUTS = [
  '',
  'a',
  'aa',
  'ab',
  'abc',
  'ba',
  'A',
  'aXb',
  'a\nb',
  '\n',
  'x\n',
  'é',
  'É',
  '日本',
  '😀',
  'a😀b',
  '/',
  '/a',
  '/a/b',
  '/a/b/c',
  '/a//b',
  'a/b',
  '/a/x.yml',
  '/a/b/x.yml',
  '123',
  'a1',
  ' a',
  'a ',
  'acme',
  'globex',
  'xacmex',
  '-',
  ']',
  '[',
  '*',
  '?',
  '\\',
  'key=value',
  '  x=1',
];

const REGEXES = [
  '^a+$',
  'a',
  '^$',
  'b$',
  '^/a/[^/]+$',
  'a.b',
  '(?s)a.b',
  '^(acme|globex)$',
  '\\w+',
  '^\\s*[^\\s=]*=',
  '\\\\',
  'x*',
  '^\\d+$',
  '[^a]',
  '^.$',
  '\\p{Han}',
  'a{2,3}',
  '^(a|b)*c?$',
  '[[:alpha:]]+',
  '(?m)^b',
];
const GLOBS = ['*', 'a*', '*a*', '/a/**/b', '/a/**', '**/c', '/a/*', '?', '[a-c]*', '[!a]*', '/a/*.yml', '**', '/**/x.yml', '[]]', '*?*'];

describe('automata against the matchers', () => {
  it.each(REGEXES)('regex %s', (p) => {
    const r = regexRegular(p, new Work());
    if (!r.ok) {
      expect(r.why, p).toMatch(/multi-line anchor|word boundary|case-insensitive/);
      return;
    }
    for (const s of INPUTS) expect(r.dfa.test(codePoints(s)), `${p} on ${JSON.stringify(s)}`).toBe(regexOutcome(p, s));
  });

  it.each(GLOBS)('glob %s', (p) => {
    const r = globRegular(p, new Work());
    const g = compileGlob(p);
    expect(r.ok).toBe(typeof g !== 'string');
    if (!r.ok || typeof g === 'string') return;
    for (const s of INPUTS) expect(r.dfa.test(codePoints(s)), `${p} on ${JSON.stringify(s)}`).toBe(globMatches(g, s));
  });

  it('refuses what it does not follow, with the reason', () => {
    expect(regexRegular('(?i)abc', new Work())).toMatchObject({
      ok: false,
      alwaysErrors: false,
      why: expect.stringContaining('case-insensitive'),
    });
    expect(regexRegular('\\bfoo', new Work())).toMatchObject({
      ok: false,
      alwaysErrors: false,
      why: expect.stringContaining('word boundary'),
    });
    expect(regexRegular('(', new Work())).toMatchObject({ ok: false, alwaysErrors: true });
  });

  it('a bound reached is unproven, never narrower', () => {
    // (a|b)* followed by 14 free positions: its DFA needs 2^14 states, its complement too.
    const wide: Constraint = { type: 'regex', pattern: `^[ab]*a[ab]{14}$` };
    const r = proveContainment(wide, { type: 'regex', pattern: `^[ab]*a[ab]{14}b$` });
    expect(r).toMatchObject({ verdict: 'unproven', reason: 'bound reached: an automaton over 20000 states' });
  });
});
