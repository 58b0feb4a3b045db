/**
 * The guard's containment question (src/warrant/containment, used by
 * src/guard/grants.ts), vector-driven: base/head pairs with the expected answer. Each
 * `unknown` pair that is a real widening carries a witness, a value the head allows and the base
 * refuses by the evaluator, so that the table proves its own soundness cases (the prover must say
 * `wider` or `unproven` there, never narrower); each `narrower` pair is also run against a pool of
 * values, none of which may be allowed by the head and refused by the base. The Tenuo behaviours
 * these rely on (Any stops at a branch that errors; CEL tells 0.0 from -0.0 by division;
 * attenuation refuses Subpath → All) were checked against Tenuo's own constraint code.
 */
import { describe, expect, it } from 'vitest';
import { proveContainment } from '../../src/warrant/containment/index.js';
import { checkAttenuation } from '../../src/warrant/constraints/attenuate.js';
import { constraintOutcome } from '../../src/warrant/constraints/satisfy.js';
import type { Constraint } from '../../src/warrant/constraints/types.js';
import { subpathRoot } from '../../src/warrant/constraints/subpath.js';
import { Float, type Value } from '../../src/warrant/constraint-value.js';

/** As the loader builds a Subpath: the root in its constructor form. */
const sub = (root: string, o: { cs?: boolean; eq?: boolean } = {}): Constraint => ({
  type: 'subpath',
  root: subpathRoot(root, o.cs ?? true),
  caseSensitive: o.cs ?? true,
  allowEqual: o.eq ?? true,
});
const all = (...constraints: Constraint[]): Constraint => ({ type: 'all', constraints });
const any = (...constraints: Constraint[]): Constraint => ({ type: 'any', constraints });
const not = (constraint: Constraint): Constraint => ({ type: 'not', constraint });
const regex = (pattern: string): Constraint => ({ type: 'regex', pattern });
const cel = (expression: string): Constraint => ({ type: 'cel', expression });
const exact = (value: Value): Constraint => ({ type: 'exact', value });
const oneOf = (...values: Value[]): Constraint => ({ type: 'one_of', values });
const range = (min: number | null, max: number | null, minInclusive = true, maxInclusive = true): Constraint => ({
  type: 'range',
  min,
  max,
  minInclusive,
  maxInclusive,
});
const pattern = (p: string): Constraint => ({ type: 'pattern', pattern: p });
const cidr = (network: string): Constraint => ({ type: 'cidr', network });
const urlPattern = (p: string): Constraint => ({ type: 'url_pattern', pattern: p });
const shlex = (...allow: string[]): Constraint => ({ type: 'shlex', allow });
const WILDCARD: Constraint = { type: 'wildcard' };

const NO_BACKSLASH = not(regex('\\\\'));
const COMPANY = cel("value.all(r, r.endsWith('@company.com'))");
const PLAIN_MAILBOX = cel(`value.all(r, r.matches('^[^\\\\s,;:<>()"]+@[^\\\\s,;:<>()"]+$'))`);

interface Vector {
  name: string;
  base: Constraint;
  head: Constraint;
  expect: 'narrower' | 'unknown';
  /** For an `unknown` that is a real widening: a value the head allows and the base refuses. */
  witness?: Value;
}

const VECTORS: Vector[] = [
  // What the report itself suggests (probes/fix.ts, slack/tighten.ts)
  {
    name: 'probe fix: all [BASE, not regex \\\\] under a Subpath',
    base: sub('/app/config'),
    head: all(sub('/app/config'), NO_BACKSLASH),
    expect: 'narrower',
  },
  { name: 'probe fix: all [BASE, CEL] under a CEL', base: COMPANY, head: all(COMPANY, PLAIN_MAILBOX), expect: 'narrower' },
  {
    name: 'probe fix: all [BASE, any [url patterns]] under a UrlPattern',
    base: urlPattern('https://*.example.com/*'),
    head: all(urlPattern('https://*.example.com/*'), any(urlPattern('https://api.example.com/*'))),
    expect: 'narrower',
  },
  {
    name: 'probe fix: all [BASE, not assignment] under a Shlex',
    base: shlex('ls', 'cat'),
    head: all(shlex('ls', 'cat'), not(regex('^\\s*[^\\s=]*='))),
    expect: 'narrower',
  },
  {
    name: 'probe fix: one_of the legitimate values under a Subpath',
    base: sub('/app/config'),
    head: oneOf('/app/config/a.yml', '/app/config/b.yml'),
    expect: 'narrower',
  },
  {
    name: 'probe fix: one_of the legitimate values under a CEL',
    base: COMPANY,
    head: oneOf(['a@company.com'], ['b@company.com', 'c@company.com']),
    expect: 'narrower',
  },
  { name: 'slack: a deeper Subpath root', base: sub('/data'), head: sub('/data/quarterly'), expect: 'narrower' },
  // All, Any, Not
  {
    name: 'all [conjunct within BASE, anything]',
    base: sub('/app/config'),
    head: all(regex('^x'), sub('/app/config/db')),
    expect: 'narrower',
  },
  { name: 'any: each branch within BASE', base: sub('/a'), head: any(sub('/a/b'), sub('/a/c'), exact('/a/d')), expect: 'narrower' },
  { name: 'any with no branch allows nothing', base: sub('/a'), head: any(), expect: 'narrower' },
  {
    name: 'base all: head within each conjunct',
    base: all(sub('/a'), NO_BACKSLASH),
    head: all(sub('/a/b'), NO_BACKSLASH),
    expect: 'narrower',
  },
  { name: 'base any: head within its first branch', base: any(sub('/a'), cidr('10.0.0.0/8')), head: sub('/a/b'), expect: 'narrower' },
  {
    name: 'base any: head within a later branch after error-free ones',
    base: any(sub('/x'), sub('/a')),
    head: sub('/a/b'),
    expect: 'narrower',
  },
  { name: 'not: the head excludes more', base: not(oneOf('a')), head: not(oneOf('a', 'b')), expect: 'narrower' },
  { name: 'an empty base All allows everything', base: all(), head: regex('^x'), expect: 'narrower' },
  { name: 'a Wildcard base', base: WILDCARD, head: cel('value > 3'), expect: 'narrower' },
  { name: 'the same constraint', base: regex('^a+$'), head: regex('^a+$'), expect: 'narrower' },
  // Exact / OneOf, by the evaluator
  { name: 'exact under a CEL (the attenuation rules refuse a Cel parent)', base: cel('value > 3'), head: exact(5), expect: 'narrower' },
  { name: 'exact bigint under a OneOf of numbers', base: oneOf(1, 2), head: exact(1n), expect: 'narrower' },
  { name: 'one_of under a Range', base: range(0, 10), head: oneOf(0, 10, new Float(2.5)), expect: 'narrower' },
  { name: 'exact list under Subset', base: { type: 'subset', allowed: ['a', 'b'] }, head: exact(['a']), expect: 'narrower' },
  // Range, Subpath
  { name: 'range within range', base: range(0, 10), head: range(2, 5), expect: 'narrower' },
  {
    name: 'subpath: allow_equal under a strictly deeper root of an allow_equal=false base',
    base: sub('/a', { eq: false }),
    head: sub('/a/b'),
    expect: 'narrower',
  },
  {
    name: 'subpath: the same root, both allow_equal=false',
    base: sub('/a', { eq: false }),
    head: sub('/a/', { eq: false }),
    expect: 'narrower',
  },
  {
    name: 'subpath: case-sensitive ASCII head under a case-insensitive base',
    base: sub('/app', { cs: false }),
    head: sub('/App/Config'),
    expect: 'narrower',
  },
  { name: 'subpath: both case-insensitive', base: sub('/APP', { cs: false }), head: sub('/app/x', { cs: false }), expect: 'narrower' },
  { name: 'subpath: under /', base: sub('/'), head: sub('/etc'), expect: 'narrower' },
  // A root decoded from a token as written: '/APP' case-insensitive matches nothing in Tenuo.
  {
    name: 'subpath: a decoded case-insensitive base root not lower-cased',
    base: { type: 'subpath', root: '/APP', caseSensitive: false, allowEqual: true },
    head: sub('/app/x', { cs: false }),
    expect: 'unknown',
    witness: '/app/x/y',
  },

  // Soundness: never narrower
  {
    name: 'any [BASE, wildcard]',
    base: sub('/app/config'),
    head: any(sub('/app/config'), WILDCARD),
    expect: 'unknown',
    witness: '/etc/passwd',
  },
  { name: 'not BASE', base: sub('/app/config'), head: not(sub('/app/config')), expect: 'unknown', witness: '/etc/passwd' },
  {
    name: 'all with no conjunct within BASE',
    base: sub('/app/config'),
    head: all(WILDCARD, NO_BACKSLASH),
    expect: 'unknown',
    witness: '/etc/passwd',
  },
  { name: 'an empty All allows everything', base: sub('/a'), head: all(), expect: 'unknown', witness: '/b' },
  { name: 'any with one branch outside BASE', base: sub('/a'), head: any(sub('/a/b'), sub('/c')), expect: 'unknown', witness: '/c/x' },
  { name: 'not of a narrower constraint', base: not(oneOf('a', 'b')), head: not(oneOf('a')), expect: 'unknown', witness: 'b' },
  {
    name: 'base any: a branch before the one that holds the head can error (Tenuo’s Any stops there)',
    base: any(cidr('10.0.0.0/8'), sub('/a')),
    head: sub('/a/b'),
    expect: 'unknown',
    witness: '/a/b/x',
  },
  {
    name: 'base any: the same with a head Any the attenuation rules accept',
    base: any(cidr('10.0.0.0/8'), sub('/a')),
    head: any(sub('/a/b')),
    expect: 'unknown',
    witness: '/a/b/x',
  },
  {
    name: 'base not over a constraint that can error',
    base: not(pattern('a*')),
    head: not(oneOf('a', 'ab')),
    expect: 'unknown',
    witness: 'ac',
  },
  {
    name: 'case-insensitive head under a case-sensitive base',
    base: sub('/app/config'),
    head: sub('/app/config', { cs: false }),
    expect: 'unknown',
    witness: '/APP/config/x',
  },
  {
    name: 'case-insensitive head under a case-sensitive base, no letters (the Kelvin sign folds to k)',
    base: sub('/k'),
    head: sub('/k/1', { cs: false }),
    expect: 'unknown',
    witness: '/\u212a/1/x',
  },
  {
    name: 'subpath: allow_equal head at an allow_equal=false base root',
    base: sub('/app', { eq: false }),
    head: sub('/app'),
    expect: 'unknown',
    witness: '/app',
  },
  {
    name: 'subpath: a sibling sharing the root as a string prefix',
    base: sub('/app/config'),
    head: sub('/app/configs'),
    expect: 'unknown',
    witness: '/app/configs/x',
  },
  { name: 'subpath: a higher root', base: sub('/app/config'), head: sub('/app'), expect: 'unknown', witness: '/app/x' },
  {
    name: 'one_of with a value outside BASE',
    base: sub('/app/config'),
    head: oneOf('/app/config/a', '/etc/passwd'),
    expect: 'unknown',
    witness: '/etc/passwd',
  },
  {
    name: 'exact 0.0 also matches -0.0, which the CEL base refuses',
    base: cel('1.0 / value > 0.0'),
    head: exact(new Float(0)),
    expect: 'unknown',
    witness: new Float(-0),
  },
  {
    name: 'exact under a CEL that reads the clock: one evaluation does not speak for every time',
    base: cel('value > 3 || time_now(null) != ""'),
    head: exact(5),
    expect: 'unknown',
  },
  { name: 'exact object under CEL: key order is not fixed by equality', base: cel('a == 1'), head: exact({ a: 1 }), expect: 'unknown' },
  { name: 'range past the base', base: range(0, 10), head: range(0, 10, true, true), expect: 'narrower' },
  { name: 'range made inclusive', base: range(0, 10, true, false), head: range(0, 10), expect: 'unknown', witness: 10 },
  { name: 'two different regexes', base: regex('^acme$'), head: regex('^(acme|globex)$'), expect: 'unknown', witness: 'globex' },
  { name: 'regex (maybe narrower) under a Subpath: not provable here', base: sub('/a'), head: regex('^/a/[a-z]+$'), expect: 'unknown' },
  { name: 'complex pattern under a prefix pattern', base: pattern('a*'), head: pattern('*a*'), expect: 'unknown', witness: 'ba' },
  { name: 'wildcard head', base: sub('/a'), head: WILDCARD, expect: 'unknown', witness: '/b' },
];

/** Values each `narrower` pair is checked against: none may be allowed by the head and refused by the base. */
const POOL: Value[] = [
  '/app/config',
  '/app/config/a.yml',
  '/app/config/b.yml',
  '/APP/config/x',
  '/App/Config/x',
  '/app/configs/x',
  '/app/config\\..\\..\\etc\\passwd',
  '/app',
  '/a',
  '/a/b',
  '/a/b/x',
  '/a/c/x',
  '/a/d',
  '/A/B/x',
  '/x/y',
  '/data/quarterly/q1.csv',
  '/data/other',
  '/etc',
  '/etc/passwd',
  'a',
  'b',
  'x',
  'ls -l',
  'A=1 cat /etc/passwd',
  'https://api.example.com/v1',
  'https://evil.example.org/',
  ['a@company.com'],
  ['b@company.com', 'c@company.com'],
  ['x@evil.com'],
  ['a'],
  ['a', 'c'],
  0,
  2,
  5,
  10,
  11,
  -1,
  1n,
  new Float(2.5),
  new Float(-0),
  null,
  true,
];

const allows = (c: Constraint, v: Value): boolean => constraintOutcome(c, v) === 'allowed';

const narrowerOrSame = (v: string): boolean => v === 'narrower' || v === 'unchanged';

describe('containment by meaning: vectors', () => {
  it.each(VECTORS)('$name → $expect', (v) => {
    const r = proveContainment(v.base, v.head);
    const said = narrowerOrSame(r.verdict) ? 'narrower' : 'unknown';
    expect(
      said,
      JSON.stringify(r, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x)),
    ).toBe(v.expect);
    if (v.witness !== undefined) {
      expect(v.expect).toBe('unknown');
      expect(allows(v.head, v.witness), 'the head allows the witness').toBe(true);
      expect(allows(v.base, v.witness), 'the base refuses the witness').toBe(false);
    }
    if (r.verdict === 'wider') {
      expect(allows(v.head, r.witness), 'the head allows the prover’s witness').toBe(true);
      expect(constraintOutcome(v.base, r.witness), 'the base denies the prover’s witness').toBe('denied');
    }
    if (v.expect === 'narrower') {
      for (const x of POOL)
        if (allows(v.head, x))
          expect(allows(v.base, x), `${JSON.stringify(x, (_k, y: unknown) => (typeof y === 'bigint' ? `${y}n` : y))}`).toBe(true);
    }
  });

  it('the report’s own fix is refused by the attenuation rules, and proven narrower by meaning', () => {
    expect(checkAttenuation(sub('/app/config'), all(sub('/app/config'), NO_BACKSLASH), 'read_file.path')).toContain(
      'cannot be attenuated to All',
    );
    const r = proveContainment(sub('/app/config'), all(sub('/app/config'), NO_BACKSLASH));
    expect(r.verdict).toBe('narrower');
    expect(r.verdict === 'narrower' && r.proof).toMatch(/^proven by meaning: strings by automata/);
  });

  it('a wider head carries a witness; one the prover cannot decide says why', () => {
    const wider = proveContainment(sub('/app/config'), any(sub('/app/config'), WILDCARD));
    expect(wider).toMatchObject({ verdict: 'wider' });
    const unproven = proveContainment(cel('value.size() > 3'), cel('value.size() > 4'));
    expect(unproven.verdict).toBe('unproven');
    expect(unproven.verdict === 'unproven' && unproven.reason).toContain('cel');
  });

  it('nesting beyond the evaluator’s depth is never narrower', () => {
    let deep: Constraint = sub('/a/b');
    for (let i = 0; i < 40; i++) deep = all(deep);
    expect(narrowerOrSame(proveContainment(sub('/a'), deep).verdict)).toBe(false);
  });

  it('wide All/Any products stay bounded, never narrower by exhaustion', () => {
    const wide = (n: number, f: (i: number) => Constraint): Constraint[] => Array.from({ length: n }, (_, i) => f(i));
    const base = all(...wide(200, (i) => any(...wide(50, (j) => regex(`^${i}-${j}$`)))));
    const head = all(...wide(200, (i) => regex(`^x${i}$`)));
    expect(narrowerOrSame(proveContainment(base, head).verdict)).toBe(false);
  });

  it('where the attenuation rules’ verdict is not containment: an Any whose branch can error before the last', () => {
    const base = any(cidr('10.0.0.0/8'), sub('/a'));
    const head = any(sub('/a/b'));
    expect(checkAttenuation(base, head, 'p')).toBeUndefined(); // the rules accept it…
    expect(allows(head, '/a/b/x') && !allows(base, '/a/b/x')).toBe(true); // …yet it allows more
    expect(proveContainment(base, head)).toMatchObject({ verdict: 'wider', witness: expect.any(String) });
  });
});
