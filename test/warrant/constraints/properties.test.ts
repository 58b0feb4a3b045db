/**
 * The lattice's soundness, per type: for random parent/child pairs that checkAttenuation accepts,
 * every random value the child allows is allowed by the parent. Children are drawn partly as
 * narrowings of the parent (so that many pairs are accepted) and partly at random (so that the
 * checker's refusals are exercised); values come from small pools that hit the boundaries.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAttenuation } from '../../../src/warrant/constraints/attenuate.js';
import { checkConstraint } from '../../../src/warrant/constraints/satisfy.js';
import type { Constraint } from '../../../src/warrant/constraints/types.js';
import { Float } from '../../../src/warrant/constraint-value.js';
import type { Value } from '../../../src/warrant/constraint-value.js';

const RUNS = 150;
const allows = (c: Constraint, v: Value): boolean => checkConstraint(c, v, 'p.a') === undefined;

/**
 * Runs the soundness property and checks that a fair share of pairs was accepted. `edges` adds the
 * values at the pair's own boundaries (bounds, roots, network ends), where widening would show.
 */
function sound(
  pairs: fc.Arbitrary<[Constraint, Constraint]>,
  values: fc.Arbitrary<Value>,
  edges: (p: Constraint, c: Constraint) => Value[] = () => [],
): void {
  let accepted = 0;
  fc.assert(
    fc.property(pairs, fc.array(values, { minLength: 25, maxLength: 25 }), ([parent, child], vs) => {
      if (checkAttenuation(parent, child, 'p.a') !== undefined) return;
      accepted++;
      for (const v of [...vs, ...edges(parent, child)]) {
        if (allows(child, v) && !allows(parent, v)) {
          throw new Error(`child allows ${String(JSON.stringify(v))} that the parent refuses`);
        }
      }
    }),
    { numRuns: RUNS, seed: 42 },
  );
  expect(accepted).toBeGreaterThan(RUNS / 10);
}

const withChild = (parent: fc.Arbitrary<Constraint>, child: (p: Constraint) => fc.Arbitrary<Constraint>) =>
  parent.chain((p) => child(p).map((c) => [p, c] as [Constraint, Constraint]));

const exactOf = (values: fc.Arbitrary<Value>): fc.Arbitrary<Constraint> => values.map((value) => ({ type: 'exact', value }));

// --- pools ------------------------------------------------------------------------------------

const num = fc.oneof(
  fc.integer({ min: -3, max: 13 }) as fc.Arbitrary<Value>,
  fc.integer({ min: -3, max: 13 }).map((n) => new Float(n + 0.5)),
  fc.integer({ min: -3, max: 13 }).map((n) => new Float(n)),
  fc.constantFrom<Value>(new Float(NaN), new Float(Infinity), new Float(-Infinity), '5', null),
);
const bound = fc.option(
  fc.oneof(
    fc.integer({ min: -2, max: 12 }),
    fc.integer({ min: -2, max: 12 }).map((n) => n + 0.5),
  ),
  { nil: null },
);
const range = fc
  .record({ min: bound, max: bound, minInclusive: fc.boolean(), maxInclusive: fc.boolean() })
  .map((r): Constraint => ({ type: 'range', ...r }));

const word = (alphabet: string[], max: number) => fc.array(fc.constantFrom(...alphabet), { maxLength: max }).map((a) => a.join(''));
const globWord = word(['a', 'b', '/'], 3);
const patternArb = fc
  .oneof(
    globWord.map((s) => `${s}*`),
    globWord.map((s) => `*${s}`),
    globWord,
    fc.tuple(globWord, globWord).map(([a, b]) => `${a}*${b}`),
    fc.constantFrom('*', '**', 'a?b', '[ab]*'),
  )
  .map((pattern): Constraint => ({ type: 'pattern', pattern }));
const globValue = word(['a', 'b', '/', 'c'], 6) as fc.Arbitrary<Value>;

const atom = fc.constantFrom<Value>('a', 'b', 'c', 1, 2, new Float(1), true, null);
const atoms = fc.uniqueArray(atom, {
  maxLength: 4,
  comparator: (x, y) => JSON.stringify(x) === JSON.stringify(y) && x instanceof Float === y instanceof Float,
});
const listValue = fc.array(atom, { maxLength: 4 }) as fc.Arbitrary<Value>;
const anyValue = fc.oneof(atom, listValue);

const segment = fc.constantFrom('a', 'b', 'c', '..', '.', '');
const pathArb = (leading: boolean) => fc.array(segment, { maxLength: 4 }).map((s) => `${leading ? '/' : ''}${s.join('/')}`);
const pathValue = fc.oneof(
  pathArb(true),
  pathArb(true),
  pathArb(false),
  fc.constantFrom<Value>('/a\0/b', '/A/b', 42),
) as fc.Arbitrary<Value>;
const subpath = fc
  .record({ root: pathArb(true), caseSensitive: fc.boolean(), allowEqual: fc.boolean() })
  .map((s): Constraint => ({ type: 'subpath', ...s }));

const ipv4 = fc
  .tuple(fc.constantFrom(10, 11), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 255 }))
  .map((o) => o.join('.'));
const cidr = fc.tuple(ipv4, fc.integer({ min: 6, max: 32 })).map(([ip, p]): Constraint => ({ type: 'cidr', network: `${ip}/${p}` }));

const host = fc.constantFrom(
  'example.com',
  'a.example.com',
  'evil.com',
  '127.0.0.1',
  '10.0.0.1',
  '8.8.8.8',
  'db.internal',
  '169.254.169.254',
  'localhost',
  '[::ffff:127.0.0.1]',
  '2130706433',
);
const urlValue = fc
  .tuple(
    fc.constantFrom('http', 'https', 'ftp'),
    host,
    fc.constantFrom('', ':80', ':443', ':8080'),
    fc.constantFrom('/', '/api/x', '/v1/users'),
  )
  .map(([s, h, p, path]) => `${s}://${h}${p}${path}`) as fc.Arbitrary<Value>;
const domains = fc.option(fc.subarray(['example.com', '*.example.com', 'evil.com', 'a.example.com']), { nil: null });
const urlSafe = fc
  .record({
    schemes: fc.subarray(['http', 'https', 'ftp']),
    allowDomains: domains,
    denyDomains: domains,
    allowPorts: fc.option(fc.subarray([80, 443, 8080]), { nil: null }),
    blockPrivate: fc.boolean(),
    blockLoopback: fc.boolean(),
    blockMetadata: fc.boolean(),
    blockReserved: fc.boolean(),
    blockInternalTlds: fc.boolean(),
  })
  .map((u): Constraint => ({ type: 'url_safe', ...u }));

const urlPattern = fc
  .constantFrom(
    'https://example.com/*',
    '*://example.com/*',
    'https://*.example.com/*',
    'https://a.example.com/api/*',
    'https://example.com/api/*',
    'http://example.com:8080/*',
    'https://example.com/v1/users',
    'https://*.example.com/',
  )
  .map((pattern): Constraint => ({ type: 'url_pattern', pattern }));

const commands = fc.constantFrom<Value>('ls -la', 'npm test', 'git status', '/bin/ls', 'rm -rf /', 'ls; rm x', 'ls $(id)', '', 'npm');
const shlex = fc.subarray(['ls', 'npm', 'git']).map((allow): Constraint => ({ type: 'shlex', allow }));

const celAtoms = ['value > 3', 'value < 8', 'value % 2 == 0', 'value != 5'];
const cel = fc.constantFrom(...celAtoms).map((expression): Constraint => ({ type: 'cel', expression }));

// --- properties -------------------------------------------------------------------------------

describe('attenuation is sound (child ⊆ parent on random values)', () => {
  it('Range (and Exact under Range)', () => {
    const near = (b: number | null) =>
      fc.oneof(
        fc.constant(b),
        fc.constantFrom(-1, -0.5, 0.5, 1).map((d) => (b === null ? null : b + d)),
        bound,
      );
    const narrow = (p: Constraint) => {
      const r = p as Extract<Constraint, { type: 'range' }>;
      return fc
        .record({ min: near(r.min), max: near(r.max), minInclusive: fc.boolean(), maxInclusive: fc.boolean() })
        .map((x): Constraint => ({ type: 'range', ...x }));
    };
    const edges = (...cs: Constraint[]): Value[] =>
      cs.flatMap((c) => {
        const r = c as Extract<Constraint, { type: 'range' }>;
        return r.type !== 'range' ? [] : [r.min, r.max].flatMap((b) => (b === null ? [] : [b, new Float(b), b - 1e-9, b + 1e-9]));
      });
    sound(
      withChild(range, (p) => fc.oneof(narrow(p), range, exactOf(num))),
      num,
      edges,
    );
  });

  it('Pattern (and Exact under Pattern)', () => {
    const narrow = (p: Constraint) => {
      const pat = (p as Extract<Constraint, { type: 'pattern' }>).pattern;
      return fc.oneof(
        globWord.map((s): Constraint => ({
          type: 'pattern',
          pattern: pat.endsWith('*') ? `${pat.slice(0, -1)}${s}*` : `*${s}${pat.slice(1)}`,
        })),
        globWord.map((s): Constraint => ({ type: 'pattern', pattern: pat.replace('*', s) })),
        patternArb,
        exactOf(globValue),
      );
    };
    const edges = (...cs: Constraint[]): Value[] =>
      cs.flatMap((c) => (c.type === 'pattern' ? [c.pattern.replace(/\*/g, ''), c.pattern.replace(/\*/g, 'x'), c.pattern] : []));
    sound(withChild(patternArb, narrow), globValue, edges);
  });

  it('OneOf, NotOneOf, Contains, Subset, Exact', () => {
    const sets = fc.oneof(
      atoms.map((values): Constraint => ({ type: 'one_of', values })),
      atoms.map((excluded): Constraint => ({ type: 'not_one_of', excluded })),
      atoms.map((required): Constraint => ({ type: 'contains', required })),
      atoms.map((allowed): Constraint => ({ type: 'subset', allowed })),
      exactOf(anyValue),
    );
    const sameKind = (p: Constraint) =>
      fc.oneof(
        atoms.map((xs): Constraint => {
          switch (p.type) {
            case 'one_of':
              return { type: 'one_of', values: xs.filter((x) => p.values.includes(x)) };
            case 'not_one_of':
              return { type: 'not_one_of', excluded: [...p.excluded, ...xs] };
            case 'contains':
              return { type: 'contains', required: [...p.required, ...xs] };
            case 'subset':
              return { type: 'subset', allowed: xs.filter((x) => p.allowed.includes(x)) };
            default:
              return p;
          }
        }),
        sets,
      );
    sound(withChild(sets, sameKind), anyValue);
  });

  it('Subpath (and Exact under Subpath)', () => {
    const deeper = (p: Constraint) =>
      fc.oneof(
        fc.record({ extra: pathArb(false), caseSensitive: fc.boolean(), allowEqual: fc.boolean() }).map((x): Constraint => ({
          type: 'subpath',
          root: `${(p as Extract<Constraint, { type: 'subpath' }>).root}/${x.extra}`,
          caseSensitive: x.caseSensitive,
          allowEqual: x.allowEqual,
        })),
        subpath,
        exactOf(pathValue),
      );
    const edges = (...cs: Constraint[]): Value[] =>
      cs.flatMap((c) => (c.type === 'subpath' ? [c.root, `${c.root}/`, `${c.root}/x`, c.root.toUpperCase(), `${c.root}/..`] : []));
    sound(withChild(subpath, deeper), pathValue, edges);
  });

  it('Cidr (and Exact under Cidr)', () => {
    const edges = (...cs: Constraint[]): Value[] =>
      cs.flatMap((c) => {
        if (c.type !== 'cidr') return [];
        const [ip, prefix] = c.network.split('/') as [string, string];
        const n = ip.split('.').reduce((a, o) => a * 256 + Number(o), 0);
        const size = 2 ** (32 - Number(prefix));
        const first = Math.floor(n / size) * size;
        const dotted = (x: number) => [24, 16, 8, 0].map((s) => Math.floor(x / 2 ** s) % 256).join('.');
        return [first - 1, first, first + size - 1, first + size].filter((x) => x >= 0 && x < 2 ** 32).map(dotted);
      });
    sound(
      withChild(cidr, () => fc.oneof(cidr, exactOf(ipv4 as fc.Arbitrary<Value>))),
      fc.oneof(ipv4 as fc.Arbitrary<Value>, fc.constantFrom<Value>('::ffff:10.0.0.1', 'x', 1)),
      edges,
    );
  });

  it('UrlSafe (and Exact under UrlSafe)', () => {
    const tighter = (p: Constraint) => {
      const u = p as Extract<Constraint, { type: 'url_safe' }>;
      return fc.oneof(
        fc
          .record({
            schemes: fc.subarray([...u.schemes]),
            more: fc.boolean(),
            ports: fc.subarray(u.allowPorts ? [...u.allowPorts] : [80, 443]),
          })
          .map((x): Constraint => ({
            ...u,
            schemes: x.schemes,
            blockPrivate: u.blockPrivate || x.more,
            blockInternalTlds: u.blockInternalTlds || x.more,
            allowPorts: u.allowPorts || x.more ? x.ports : null,
          })),
        // The parent with one flag switched: widening when it switches a block off.
        fc
          .constantFrom('blockPrivate', 'blockLoopback', 'blockMetadata', 'blockReserved', 'blockInternalTlds' as const)
          .map((flag): Constraint => ({ ...u, [flag]: !u[flag as 'blockPrivate'] })),
        urlSafe,
        exactOf(urlValue),
      );
    };
    sound(withChild(urlSafe, tighter), urlValue);
  });

  it('UrlPattern (and Exact under UrlPattern)', () => {
    sound(
      withChild(urlPattern, (p) => fc.oneof(fc.constant(p), urlPattern, exactOf(urlValue))),
      urlValue,
    );
  });

  it('Shlex (and Exact under Shlex)', () => {
    sound(
      withChild(shlex, (p) =>
        fc.oneof(
          fc.subarray([...(p as Extract<Constraint, { type: 'shlex' }>).allow]).map((allow): Constraint => ({ type: 'shlex', allow })),
          shlex,
          exactOf(commands),
        ),
      ),
      commands,
    );
  });

  it('Cel (conjunction rule)', () => {
    const child = (p: Constraint) => {
      const e = (p as Extract<Constraint, { type: 'cel' }>).expression;
      return fc.oneof(
        fc.constantFrom(...celAtoms).map((q): Constraint => ({ type: 'cel', expression: `(${e}) && (${q})` })),
        fc.constantFrom(...celAtoms).map((q): Constraint => ({ type: 'cel', expression: `(${e}) && ${q} || true` })),
        cel,
      );
    };
    sound(withChild(cel, child), fc.integer({ min: 0, max: 10 }) as fc.Arbitrary<Value>);
  });

  it('All, Any, Not over patterns and sets', () => {
    const leaf = fc.oneof(
      patternArb,
      atoms.map((values): Constraint => ({ type: 'one_of', values: values.filter((v) => typeof v === 'string') })),
    );
    const composite = fc.oneof(
      fc.array(leaf, { minLength: 1, maxLength: 3 }).map((constraints): Constraint => ({ type: 'all', constraints })),
      fc.array(leaf, { minLength: 1, maxLength: 3 }).map((constraints): Constraint => ({ type: 'any', constraints })),
      leaf.map((constraint): Constraint => ({ type: 'not', constraint })),
    );
    const child = (p: Constraint): fc.Arbitrary<Constraint> => {
      switch (p.type) {
        case 'all':
          return fc.array(leaf, { maxLength: 2 }).map((extra): Constraint => ({ type: 'all', constraints: [...p.constraints, ...extra] }));
        case 'any':
          return fc.subarray([...p.constraints]).map((constraints): Constraint => ({ type: 'any', constraints }));
        case 'not':
          return fc.oneof(
            fc.constant(p),
            leaf.map((constraint): Constraint => ({ type: 'not', constraint })),
          );
        default:
          return composite;
      }
    };
    sound(
      withChild(composite, (p) => fc.oneof(child(p), composite)),
      fc.oneof(globValue, atom),
    );
  });

  it('Regex (only itself, or an Exact it matches)', () => {
    const regex = fc.constantFrom('^a+$', 'b', '^(a|b)*c$').map((pattern): Constraint => ({ type: 'regex', pattern }));
    sound(
      withChild(regex, (p) => fc.oneof(fc.constant(p), regex, exactOf(globValue))),
      globValue,
    );
  });

  it('Wildcard parents accept anything and Wildcard children only under Wildcard', () => {
    fc.assert(
      fc.property(fc.oneof(range, patternArb, subpath, cidr, shlex), (c) => {
        expect(checkAttenuation({ type: 'wildcard' }, c, 'p.a')).toBeUndefined();
        expect(checkAttenuation(c, { type: 'wildcard' }, 'p.a')).toBeDefined();
      }),
      { numRuns: 50, seed: 7 },
    );
  });
});
