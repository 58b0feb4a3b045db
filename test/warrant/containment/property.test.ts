/**
 * The prover against the evaluator (src/warrant/containment/, satisfy.ts as the oracle): over
 * random base/head pairs of every constraint kind, whenever the prover says `narrower` or
 * `unchanged`, no value of a pool (boundaries, separators, case, encodings, values of every type,
 * values on which constraints error) is allowed by the head and denied by the base; `unchanged`
 * holds both ways; and every `wider` carries a witness the evaluator confirms.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proveContainment } from '../../../src/warrant/containment/index.js';
import { constraintOutcome } from '../../../src/warrant/constraints/satisfy.js';
import { subpathRoot } from '../../../src/warrant/constraints/subpath.js';
import type { Constraint } from '../../../src/warrant/constraints/types.js';
import { Float, type Value } from '../../../src/warrant/constraint-value.js';

const STRINGS = [
  '',
  'a',
  'A',
  'b',
  'ab',
  'abc',
  'ba',
  'aXb',
  'acme',
  'globex',
  'x',
  '3',
  '10',
  'é',
  'e\u0301',
  '\u212a',
  'ａ',
  'x\ny',
  '\n',
  '\0',
  'a\u0000b',
  '/',
  '/a',
  '/A',
  '/a/',
  '/a/b',
  '/a/b/x',
  '/A/b/x',
  '/a/../b',
  '/a/./b/x',
  '/a//b',
  '/a\\b',
  '\\a\\b',
  '/a\\..\\..\\etc',
  '/a/b/../../etc/passwd',
  '/etc/passwd',
  '/a%2fb',
  'a/b',
  'C:\\a',
  'ls',
  'ls -l',
  'cat x',
  'ls; rm -rf /',
  'A=1 ls',
  'ls\tx',
  '../ls',
  '/bin/ls',
  '10.0.0.1',
  '10.1.2.3',
  '10.255.255.255',
  '11.0.0.1',
  '192.168.0.1',
  '127.0.0.1',
  '0.0.0.0',
  '::1',
  'a::1',
  '::ffff:10.0.0.1',
  '256.1.1.1',
  '010.0.0.1',
  'https://a.com/v1/status',
  'https://a.com/v1/status/x',
  'https://a.com/v1/statusx',
  'https://a.com/v1/Status',
  'https://api.a.com/v1/x',
  'https://a.com/',
  'http://a.com/v1/status',
  'https://a.com:8443/v1/status',
  'https://a.com:443/v1/status',
  'HTTPS://A.COM/v1/status',
  'https://evil.example/',
  'https://a.com/v1/%73tatus',
  'ftp://a.com/',
  'not a url',
  'a'.repeat(46),
  `/a/${'b'.repeat(60)}`,
  'https://api.a.com/x',
  'https://x.api.a.com/',
  'https://a.com:8443/',
  'http://10.0.0.1/',
  'https://localhost/',
  'https://x.internal/',
  'http://169.254.169.254/',
  'https://evil.example/x',
  'https://sub.evil.example/',
  'https://[::1]/',
  'http://0177.0.0.1/',
  'https://A.com/',
  'ftp://api.a.com/',
];

const VALUES: Value[] = [
  ...STRINGS,
  0,
  1,
  -1,
  2,
  3,
  10,
  11,
  1n,
  2n ** 53n + 1n,
  -(2n ** 60n),
  new Float(0),
  new Float(-0),
  new Float(2.5),
  new Float(10),
  new Float(-1e300),
  new Float(NaN),
  new Float(Infinity),
  9.999999999999998,
  true,
  false,
  null,
  [],
  ['a'],
  ['b'],
  ['a', 'b'],
  ['a', 'b', 'c'],
  [1],
  [new Float(1)],
  [['a']],
  {},
  { a: 1 },
  { value: 'a' },
];

const pick = <T>(xs: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);
const someOf = <T>(xs: readonly T[]): fc.Arbitrary<T[]> => fc.subarray([...xs], { maxLength: 3 });

const sub = (root: string, cs: boolean, eq: boolean): Constraint => ({
  type: 'subpath',
  root: subpathRoot(root, cs),
  caseSensitive: cs,
  allowEqual: eq,
});

const leaf: fc.Arbitrary<Constraint> = fc.oneof(
  pick<Constraint>([{ type: 'wildcard' }, { type: 'unknown', typeId: 99, payload: new Uint8Array() }]),
  pick(VALUES).map((value): Constraint => ({ type: 'exact', value })),
  someOf(VALUES).map((values): Constraint => ({ type: 'one_of', values })),
  someOf(VALUES).map((excluded): Constraint => ({ type: 'not_one_of', excluded })),
  pick(['a*', '*a*', '/a/*', '/a/**', '/a/**/x', '?', '[a-c]*', '[!a]*', '*', 'a**', 'https://a.com/*', '/a/b/*', '*/x']).map(
    (pattern): Constraint => ({ type: 'pattern', pattern }),
  ),
  pick([
    '^a',
    'a',
    '^a$',
    '^[a-z]+$',
    '^/a/',
    '\\\\',
    '(?i)a',
    '\\ba',
    '^(acme|globex)$',
    '[',
    '.',
    '^$',
    '\\d+',
    '^\\s*[^\\s=]*=',
    'b$',
    '^.{2}$',
    '^\\w+$',
  ]).map((pattern): Constraint => ({ type: 'regex', pattern })),
  fc
    .record({
      min: pick([null, -1, 0, 2.5, 10]),
      max: pick([null, 0, 2.5, 10, 11]),
      minInclusive: fc.boolean(),
      maxInclusive: fc.boolean(),
    })
    .map((r): Constraint => ({ type: 'range', ...r })),
  pick(['10.0.0.0/8', '10.1.0.0/16', '::/0', 'bad', '0.0.0.0/0', '10.0.0.1']).map((network): Constraint => ({ type: 'cidr', network })),
  pick([
    'https://a.com/v1/status',
    'https://a.com/v1/status/*',
    'https://*.a.com/*',
    'https://api.a.com/v1/*',
    '*://a.com/*',
    'https://a.com:8443/*',
    'bad',
    'https://a.com/*',
  ]).map((pattern): Constraint => ({ type: 'url_pattern', pattern })),
  someOf<Value>(['a', 'b', 1]).map((required): Constraint => ({ type: 'contains', required })),
  someOf<Value>(['a', 'b', 'c', 1]).map((allowed): Constraint => ({ type: 'subset', allowed })),
  pick([
    'value.startsWith("a")',
    'value.startsWith("a") && value.endsWith("b")',
    'value.endsWith("b") && value.startsWith("a")',
    'value == "a"',
    'value > 3',
    '1.0 / value > 0.0',
    'size(value) < 3',
    'value',
    '(value.startsWith("a")) && (false || "(" == "") || (true)',
    'value.startsWith("a") && true',
  ]).map((expression): Constraint => ({ type: 'cel', expression })),
  fc
    .record({ root: pick(['/a', '/a/b', '/', '/A', '/a/']), cs: fc.boolean(), eq: fc.boolean() })
    .map(({ root, cs, eq }) => sub(root, cs, eq)),
  fc
    .record({
      schemes: someOf(['http', 'https', 'HTTPS', 'ftp']),
      allowDomains: fc.option(someOf(['a.com', '*.a.com', 'api.a.com', '*.api.a.com', 'A.COM']), { nil: null }),
      denyDomains: fc.option(someOf(['evil.example', '*.example', 'a.com', '*.a.com']), { nil: null }),
      allowPorts: fc.option(someOf([443, 80, 8443]), { nil: null }),
      blockPrivate: fc.boolean(),
      blockLoopback: fc.boolean(),
      blockMetadata: fc.boolean(),
      blockReserved: fc.boolean(),
      blockInternalTlds: fc.boolean(),
    })
    .map((r): Constraint => ({ type: 'url_safe', ...r })),
  someOf(['ls', 'cat', '/bin/ls']).map((allow): Constraint => ({ type: 'shlex', allow })),
);

const constraint: fc.Arbitrary<Constraint> = fc.letrec<{ c: Constraint }>((tie) => ({
  c: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('c'), { maxLength: 3 }).map((constraints): Constraint => ({ type: 'all', constraints })),
    fc.array(tie('c'), { maxLength: 3 }).map((constraints): Constraint => ({ type: 'any', constraints })),
    tie('c').map((c): Constraint => ({ type: 'not', constraint: c })),
  ),
})).c;

/** Pairs: random, and heads built from the base (as a pull request would narrow or widen it). */
const pair: fc.Arbitrary<{ base: Constraint; head: Constraint }> = fc.oneof(
  fc.record({ base: constraint, head: constraint }),
  fc.record({ base: constraint, extra: constraint, order: fc.boolean() }).map(({ base, extra, order }) => ({
    base,
    head: { type: 'all', constraints: order ? [base, extra] : [extra, base] } as Constraint,
  })),
  fc.record({ base: constraint, extra: constraint, order: fc.boolean() }).map(({ base, extra, order }) => ({
    base,
    head: { type: 'any', constraints: order ? [base, extra] : [extra, base] } as Constraint,
  })),
  fc.record({ a: leaf, b: leaf }).map(({ a, b }) => ({
    base: { type: 'not', constraint: { type: 'all', constraints: [a, b] } } as Constraint,
    head: { type: 'not', constraint: { type: 'all', constraints: [b, a] } } as Constraint,
  })),
  fc.record({ a: leaf, b: leaf }).map(({ a, b }) => ({ base: a, head: b })),
);

const allows = (c: Constraint, v: Value): boolean => constraintOutcome(c, v) === 'allowed';
const show = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'bigint' ? `${x}n` : x instanceof Float ? `${x.value}f` : x instanceof Uint8Array ? 'bytes' : x,
  );

describe('the containment prover against the evaluator', () => {
  it('narrower and unchanged hold on every value; wider carries a confirmed witness', () => {
    const seen = { narrower: 0, unchanged: 0, wider: 0, unproven: 0 };
    fc.assert(
      fc.property(pair, ({ base, head }) => {
        const r = proveContainment(base, head);
        seen[r.verdict]++;
        if (r.verdict === 'narrower' || r.verdict === 'unchanged') {
          for (const v of VALUES) {
            if (allows(head, v))
              expect(allows(base, v), `${r.verdict} (${r.proof}) but ${show(v)}: base ${show(base)} head ${show(head)}`).toBe(true);
            if (r.verdict === 'unchanged' && allows(base, v)) expect(allows(head, v), `unchanged but ${show(v)}`).toBe(true);
          }
        }
        if (r.verdict === 'wider') {
          expect(allows(head, r.witness)).toBe(true);
          expect(constraintOutcome(base, r.witness)).toBe('denied');
        }
      }),
      { numRuns: 400, seed: 22 },
    );
    // The generator reaches every verdict (a prover that only says "unproven" would pass vacuously).
    console.log(JSON.stringify(seen));
    expect(seen.narrower).toBeGreaterThan(20);
    expect(seen.unchanged).toBeGreaterThan(5);
    expect(seen.wider).toBeGreaterThan(20);
  });
});
