import { describe, expect, it } from 'vitest';
import { loosenings, MAX_LOOSENINGS_PER_CONSTRAINT, type LooseningContext } from '../../../src/analysis/mutants/loosenings.js';
import { checkConstraint } from '../../../src/warrant/constraints/satisfy.js';
import type { Constraint } from '../../../src/warrant/constraints/types.js';
import type { Value } from '../../../src/warrant/constraint-value.js';

const ctx = (values: Value[] = [], parent?: Constraint): LooseningContext => ({ values, parent, sentinel: () => 'mutant-sentinel' });
const names = (c: Constraint, x = ctx()) => loosenings(c, x).map((l) => l.mutation);
const sub = (root: string): Constraint => ({ type: 'subpath', root, caseSensitive: true, allowEqual: true });
const URL_SAFE: Constraint = {
  type: 'url_safe',
  schemes: ['https'],
  allowDomains: ['api.example.com'],
  denyDomains: ['evil.example.com'],
  allowPorts: [443],
  blockPrivate: true,
  blockLoopback: true,
  blockMetadata: true,
  blockReserved: true,
  blockInternalTlds: true,
};

describe('one-step loosenings, per kind', () => {
  it('Subpath: root up one level, and to /; no duplicate when they coincide', () => {
    const ls = loosenings(sub('/app/config'), ctx());
    expect(ls.map((l) => [l.mutation, (l.constraint as { root: string }).root])).toEqual([
      ['subpath_root_up', '/app'],
      ['subpath_root_slash', '/'],
    ]);
    expect(names(sub('/docs'))).toEqual(['subpath_root_up']);
    expect(names({ type: 'subpath', root: '/', caseSensitive: false, allowEqual: true })).toEqual([]);
  });

  it('Range: a bound widened to the parent bound, or removed when the parent has none', () => {
    const r: Constraint = { type: 'range', min: 10, max: 100, minInclusive: true, maxInclusive: true };
    const parent: Constraint = { type: 'range', min: 0, max: 1000, minInclusive: true, maxInclusive: true };
    expect(loosenings(r, ctx([], parent)).map((l) => l.constraint)).toEqual([
      { ...r, max: 1000 },
      { ...r, min: 0 },
    ]);
    expect(loosenings(r, ctx()).map((l) => l.constraint)).toEqual([
      { ...r, max: null },
      { ...r, min: null },
    ]);
    // Already at the parent's bounds: nothing looser is a valid child.
    expect(loosenings(parent, ctx([], parent))).toEqual([]);
  });

  it('OneOf / Subset / Shlex: the first value a call passes that is rejected, else a sentinel', () => {
    expect(loosenings({ type: 'one_of', values: ['a'] }, ctx(['a', 'b', 'c']))[0]!.constraint).toEqual({
      type: 'one_of',
      values: ['a', 'b'],
    });
    expect(loosenings({ type: 'one_of', values: ['a'] }, ctx(['a']))[0]!.constraint).toEqual({
      type: 'one_of',
      values: ['a', 'mutant-sentinel'],
    });
    expect(loosenings({ type: 'subset', allowed: ['x'] }, ctx([['x', 'y']]))[0]!.constraint).toEqual({
      type: 'subset',
      allowed: ['x', 'y'],
    });
    expect(loosenings({ type: 'shlex', allow: ['ls'] }, ctx(['ls -l', 'rm -rf /tmp/x']))[0]!.constraint).toEqual({
      type: 'shlex',
      allow: ['ls', 'rm'],
    });
    expect(loosenings({ type: 'shlex', allow: ['ls'] }, ctx(['ls']))[0]!.constraint).toEqual({
      type: 'shlex',
      allow: ['ls', 'mutant-sentinel'],
    });
  });

  it('NotOneOf and Contains: one entry dropped, one mutant per entry', () => {
    expect(loosenings({ type: 'not_one_of', excluded: ['a', 'b'] }, ctx()).map((l) => l.constraint)).toEqual([
      { type: 'not_one_of', excluded: ['b'] },
      { type: 'not_one_of', excluded: ['a'] },
    ]);
    expect(loosenings({ type: 'contains', required: ['audit@x'] }, ctx()).map((l) => l.constraint)).toEqual([
      { type: 'contains', required: [] },
    ]);
  });

  it('Exact → Pattern (value*), or wildcard for a non-string or glob syntax; Regex/CEL/Pattern → wildcard', () => {
    expect(loosenings({ type: 'exact', value: '/a.md' }, ctx())[0]!.constraint).toEqual({ type: 'pattern', pattern: '/a.md*' });
    expect(loosenings({ type: 'exact', value: 5 }, ctx())[0]!.constraint).toEqual({ type: 'wildcard' });
    expect(loosenings({ type: 'exact', value: 'a*b' }, ctx())[0]!.constraint).toEqual({ type: 'wildcard' });
    expect(names({ type: 'regex', pattern: '^a$' })).toEqual(['regex_to_wildcard']);
    expect(names({ type: 'cel', expression: 'value == 1' })).toEqual(['cel_to_wildcard']);
    expect(names({ type: 'pattern', pattern: 'a*' })).toEqual(['pattern_to_wildcard']);
    expect(names({ type: 'wildcard' })).toEqual([]);
  });

  it('Cidr: one bit shorter, and any address of its family', () => {
    expect(loosenings({ type: 'cidr', network: '10.1.0.0/16' }, ctx()).map((l) => l.constraint)).toEqual([
      { type: 'cidr', network: '10.1.0.0/15' },
      { type: 'cidr', network: '0.0.0.0/0' },
    ]);
    expect(loosenings({ type: 'cidr', network: 'fd00::/8' }, ctx())[1]!.constraint).toEqual({ type: 'cidr', network: '::/0' });
  });

  it('UrlPattern: any path, any port, the parent domain, any scheme', () => {
    const ls = loosenings({ type: 'url_pattern', pattern: 'https://api.example.com:8443/v1/*' }, ctx());
    expect(ls.map((l) => [l.mutation, (l.constraint as { pattern: string }).pattern])).toEqual([
      ['url_pattern_any_path', 'https://api.example.com:8443/*'],
      ['url_pattern_any_port', 'https://api.example.com/v1/*'],
      ['url_pattern_parent_host', 'https://*.example.com:8443/v1/*'],
      ['url_pattern_any_scheme', '*://api.example.com:8443/v1/*'],
    ]);
  });

  it('UrlSafe: each block flag cleared, each list dropped', () => {
    expect(names(URL_SAFE)).toEqual([
      'url_safe_allow_private',
      'url_safe_allow_loopback',
      'url_safe_allow_metadata',
      'url_safe_allow_reserved',
      'url_safe_allow_internal_tlds',
      'url_safe_any_domain',
      'url_safe_no_deny_domains',
      'url_safe_any_port',
    ]);
  });

  it('All: a member dropped (so a Not inside an All is dropped), or loosened; Any: a branch loosened; Not: dropped', () => {
    const all: Constraint = { type: 'all', constraints: [sub('/a/b'), { type: 'not', constraint: { type: 'pattern', pattern: '*.key' } }] };
    expect(names(all)).toEqual([
      'all_member_dropped',
      'all_member_dropped',
      'all[0].subpath_root_up',
      'all[0].subpath_root_slash',
      'all[1].not_dropped',
    ]);
    expect(names({ type: 'any', constraints: [{ type: 'regex', pattern: '^a$' }, sub('/x')] })).toEqual([
      'any[0].regex_to_wildcard',
      'any[1].subpath_root_up',
    ]);
    expect(names({ type: 'not', constraint: { type: 'exact', value: 'x' } })).toEqual(['not_dropped']);
  });

  it('is bounded per constraint', () => {
    const many: Constraint = { type: 'not_one_of', excluded: Array.from({ length: 100 }, (_, i) => `v${i}`) };
    expect(loosenings(many, ctx())).toHaveLength(MAX_LOOSENINGS_PER_CONSTRAINT);
  });
});

// The runner re-authorizes only denied calls because every operator loosens: whatever the original
// admits, each mutant admits. Checked here on values chosen to sit on each constraint's edges.
describe('every loosening admits all the original admits', () => {
  const cases: [Constraint, Value[]][] = [
    [sub('/app/config'), ['/app/config', '/app/config/a.yml', '/APP/config/a', '/app/other', '/', 'rel', '/app/config/../x']],
    [{ type: 'subpath', root: '/a', caseSensitive: true, allowEqual: false }, ['/a', '/a/b', '/A/b', '/b']],
    [{ type: 'range', min: 10, max: 100, minInclusive: false, maxInclusive: true }, [10, 10.5, 100, 101, -5, 'x', 50]],
    [{ type: 'one_of', values: ['a', 1] }, ['a', 1, 'b', 2, ['a']]],
    [{ type: 'subset', allowed: ['a', 'b'] }, [['a'], ['a', 'c'], [], 'a']],
    [{ type: 'not_one_of', excluded: ['a', 'b'] }, ['a', 'b', 'c', 1]],
    [{ type: 'contains', required: ['a', 'b'] }, [['a', 'b'], ['a'], ['b', 'a', 'c'], 'a']],
    [{ type: 'exact', value: '/a.md' }, ['/a.md', '/a.mdx', '/b.md']],
    [{ type: 'exact', value: 3 }, [3, 4, '3']],
    [{ type: 'cidr', network: '10.1.0.0/16' }, ['10.1.2.3', '10.0.0.1', '11.0.0.1', '::1', 'x']],
    [
      { type: 'url_pattern', pattern: 'https://api.example.com:8443/v1/*' },
      [
        'https://api.example.com:8443/v1/x',
        'https://api.example.com/v1/x',
        'http://api.example.com:8443/v1/x',
        'https://b.example.com:8443/v1/x',
        'https://api.example.com:8443/v2',
      ],
    ],
    [
      URL_SAFE,
      [
        'https://api.example.com/x',
        'https://api.example.com:8443/x',
        'https://10.0.0.1/',
        'https://evil.example.com/',
        'http://api.example.com/',
      ],
    ],
    [{ type: 'shlex', allow: ['ls'] }, ['ls -l', 'rm x', 'ls; rm x', '/bin/ls']],
    [
      { type: 'all', constraints: [sub('/a/b'), { type: 'not', constraint: { type: 'pattern', pattern: '*.key' } }] },
      ['/a/b/c', '/a/b/c.key', '/a/c', '/x.key'],
    ],
    [{ type: 'any', constraints: [{ type: 'regex', pattern: '^a$' }, sub('/x')] }, ['a', '/x/y', '/z', 'b']],
  ];
  for (const [c, values] of cases) {
    it(`${c.type}`, () => {
      const ls = loosenings(c, ctx(values));
      expect(ls.length).toBeGreaterThan(0);
      for (const l of ls) {
        for (const v of values) {
          if (checkConstraint(c, v, 'x') === undefined)
            expect(checkConstraint(l.constraint, v, 'x'), `${l.mutation} on ${JSON.stringify(v)}`).toBeUndefined();
        }
      }
    });
  }
});
