/**
 * Satisfaction per type, as the reference's `matches`: boundaries, type confusion, traversal, SSRF
 * forms, shell metacharacters, unknown types, closed world.
 */
import { describe, expect, it } from 'vitest';
import { rangeOf, subpathAsWritten, urlSafeOf } from './helpers.js';
import { checkConstraint, checkConstraintSet } from '../../../src/warrant/constraints/satisfy.js';
import type { Constraint, ConstraintSet } from '../../../src/warrant/constraints/types.js';
import { checkAttenuation } from '../../../src/warrant/constraints/attenuate.js';
import { subpathRoot } from '../../../src/warrant/constraints/subpath.js';
import { Float } from '../../../src/warrant/constraint-value.js';
import type { Value } from '../../../src/warrant/constraint-value.js';

const ok = (c: Constraint, v: Value): boolean => checkConstraint(c, v, 't.a') === undefined;

const range = rangeOf;
/** A Subpath as Tenuo's constructors (and the scenario loader) build it: the root normalized. */
const subpath = (root: string, caseSensitive = true, allowEqual = true): Constraint => ({
  type: 'subpath',
  root: subpathRoot(root, caseSensitive),
  caseSensitive,
  allowEqual,
});
/** A Subpath as decoded from the wire: the root as written. */
const decodedSubpath = subpathAsWritten;
const urlSafe = urlSafeOf;

describe('reasons', () => {
  it('name the path, the value and the constraint', () => {
    expect(checkConstraint(subpath('/app/config'), '/secrets/api-keys.json', 'read_file.path')).toBe(
      "read_file.path: '/secrets/api-keys.json' is outside Subpath('/app/config')",
    );
    expect(checkConstraint({ type: 'one_of', values: ['a', 'b'] }, 'c', 'deploy.env')).toBe("deploy.env: 'c' is not in OneOf(['a', 'b'])");
    expect(checkConstraint(range(0, 100), 150, 'x.n')).toBe('x.n: 150 is outside Range[0, 100]');
  });
  it('shorten huge values', () => {
    const why = checkConstraint({ type: 'exact', value: 'a' }, 'x'.repeat(100_000), 't.a')!;
    expect(why.length).toBeLessThan(400);
  });
});

describe('Exact / OneOf / NotOneOf: value equality as the reference (int ≠ float)', () => {
  it('strings, ints, floats, bools, null, lists, objects', () => {
    expect(ok({ type: 'exact', value: 'a' }, 'a')).toBe(true);
    expect(ok({ type: 'exact', value: 'a' }, 'A')).toBe(false);
    expect(ok({ type: 'exact', value: 1 }, 1)).toBe(true);
    expect(ok({ type: 'exact', value: 1 }, 1n)).toBe(true);
    expect(ok({ type: 'exact', value: 1 }, new Float(1))).toBe(false);
    expect(ok({ type: 'exact', value: new Float(1) }, new Float(1))).toBe(true);
    expect(ok({ type: 'exact', value: new Float(1.5) }, 1.5)).toBe(true);
    expect(ok({ type: 'exact', value: new Float(NaN) }, new Float(NaN))).toBe(false);
    expect(ok({ type: 'exact', value: true }, 'true')).toBe(false);
    expect(ok({ type: 'exact', value: null }, null)).toBe(true);
    expect(ok({ type: 'exact', value: ['a', 1] }, ['a', 1])).toBe(true);
    expect(ok({ type: 'exact', value: ['a', 1] }, [1, 'a'])).toBe(false);
    expect(ok({ type: 'exact', value: { k: 'v', n: 1 } }, { n: 1, k: 'v' })).toBe(true);
    expect(ok({ type: 'exact', value: { k: 'v' } }, { k: 'v', extra: 1 })).toBe(false);
  });
  it('OneOf and NotOneOf', () => {
    const one: Constraint = { type: 'one_of', values: ['staging', 1] };
    expect(ok(one, 'staging')).toBe(true);
    expect(ok(one, 1)).toBe(true);
    expect(ok(one, new Float(1))).toBe(false);
    expect(ok(one, ['staging'])).toBe(false);
    const not: Constraint = { type: 'not_one_of', excluded: ['prod'] };
    expect(ok(not, 'prod')).toBe(false);
    expect(ok(not, 'staging')).toBe(true);
    expect(ok(not, { env: 'prod' })).toBe(true);
  });
});

describe('Range', () => {
  it('inclusive and exclusive bounds, ints and floats', () => {
    expect(ok(range(0, 100), 0)).toBe(true);
    expect(ok(range(0, 100), 100)).toBe(true);
    expect(ok(range(0, 100), new Float(100.0001))).toBe(false);
    expect(ok(range(0, 100, false, false), 0)).toBe(false);
    expect(ok(range(0, 100, false, false), 100)).toBe(false);
    expect(ok(range(0, 100, false, false), new Float(0.5))).toBe(true);
    expect(ok(range(null, 10), -1e300)).toBe(true);
    expect(ok(range(10, null), 9)).toBe(false);
    expect(ok(range(0, 2 ** 60), 2n ** 59n)).toBe(true);
  });
  it('NaN never matches; infinities compare as numbers (reference)', () => {
    expect(ok(range(null, null), new Float(NaN))).toBe(false);
    expect(ok(range(0, 100), new Float(Infinity))).toBe(false);
    expect(ok(range(0, 100), new Float(-Infinity))).toBe(false);
    expect(ok(range(0, null), new Float(Infinity))).toBe(true);
  });
  it('type confusion is a denial with a reason', () => {
    expect(checkConstraint(range(0, 100), '50', 't.n')).toMatch(/expected a number, got a string/);
    expect(ok(range(0, 100), [50])).toBe(false);
    expect(ok(range(0, 100), { n: 50 })).toBe(false);
    expect(ok(range(0, 100), null)).toBe(false);
    expect(ok(range(0, 100), true)).toBe(false);
  });
});

describe('Pattern (glob crate semantics)', () => {
  const p = (pattern: string): Constraint => ({ type: 'pattern', pattern });
  it('*, ?, classes', () => {
    expect(ok(p('staging-*'), 'staging-web')).toBe(true);
    expect(ok(p('staging-*'), 'staging-')).toBe(true);
    expect(ok(p('staging-*'), 'prod-web')).toBe(false);
    expect(ok(p('/public/*'), '/public/a/b/c')).toBe(true);
    expect(ok(p('*-safe'), 'image-safe')).toBe(true);
    expect(ok(p('a?c'), 'abc')).toBe(true);
    expect(ok(p('a?c'), 'ac')).toBe(false);
    expect(ok(p('[ab]x'), 'bx')).toBe(true);
    expect(ok(p('[!ab]x'), 'bx')).toBe(false);
    expect(ok(p('[!ab]x'), 'cx')).toBe(true);
    expect(ok(p('[a-c]'), 'b')).toBe(true);
    expect(ok(p('[]]'), ']')).toBe(true);
    expect(ok(p('[*]'), '*')).toBe(true);
    expect(ok(p('[*]'), 'x')).toBe(false);
    expect(ok(p('exact'), 'exact')).toBe(true);
    expect(ok(p('exact'), 'exactly')).toBe(false);
  });
  it('** only as a path component', () => {
    expect(ok(p('a/**/b'), 'a/b')).toBe(true);
    expect(ok(p('a/**/b'), 'a/x/y/b')).toBe(true);
    expect(ok(p('a/**/b'), 'a/xb')).toBe(false);
    expect(ok(p('**/b'), 'x/y/b')).toBe(true);
    expect(ok(p('a/**'), 'a/anything/at/all')).toBe(true);
    expect(ok(p('a/**'), 'a/')).toBe(true);
    expect(ok(p('a/**'), 'a')).toBe(false);
    expect(ok(p('a/**/*'), 'a/x')).toBe(true);
    expect(ok(p('a/**/c'), 'a/x/c/d')).toBe(false);
  });
  it('invalid patterns deny', () => {
    expect(checkConstraint(p('a**'), 'a', 't.a')).toMatch(/pattern is invalid/);
    expect(ok(p('***'), 'a')).toBe(false);
    expect(ok(p('[abc'), '[abc')).toBe(false);
  });
  it('is linear: a pathological pattern on a long input answers', () => {
    expect(ok(p('*a*a*a*a*a*a*a*a*a*a*b'), 'a'.repeat(20_000))).toBe(false);
  });
  it('non-strings deny', () => {
    expect(checkConstraint(p('*'), 42, 't.a')).toMatch(/expected a string, got an int/);
  });
});

describe('Regex (RE2, unanchored as Rust is_match)', () => {
  const r = (pattern: string): Constraint => ({ type: 'regex', pattern });
  it('matches anywhere unless anchored', () => {
    expect(ok(r('prod-[a-z]+'), 'x-prod-web-1')).toBe(true);
    expect(ok(r('^prod-[a-z]+$'), 'x-prod-web')).toBe(false);
    expect(ok(r('^prod-[a-z]+$'), 'prod-web')).toBe(true);
  });
  it('catastrophic patterns run in linear time', () => {
    expect(ok(r('^(a+)+$'), `${'a'.repeat(50_000)}!`)).toBe(false);
  });
  it('invalid patterns and backreferences deny', () => {
    expect(checkConstraint(r('(unclosed'), 'x', 't.a')).toMatch(/invalid regex/);
    expect(ok(r('(a)\\1'), 'aa')).toBe(false);
  });
  it('non-strings deny', () => expect(ok(r('.*'), 1)).toBe(false));
});

describe('Cidr', () => {
  const c = (network: string): Constraint => ({ type: 'cidr', network });
  it('IPv4 and IPv6', () => {
    expect(ok(c('10.0.0.0/8'), '10.255.0.1')).toBe(true);
    expect(ok(c('10.0.0.0/8'), '11.0.0.1')).toBe(false);
    expect(ok(c('192.168.1.0/24'), '192.168.1.255')).toBe(true);
    expect(ok(c('2001:db8::/32'), '2001:db8:ffff::1')).toBe(true);
    expect(ok(c('2001:db8::/32'), '2001:db9::1')).toBe(false);
    expect(ok(c('0.0.0.0/0'), '8.8.8.8')).toBe(true);
    expect(ok(c('10.0.0.0/8'), '::ffff:10.0.0.1')).toBe(false);
  });
  it('values must be IP address strings', () => {
    expect(ok(c('10.0.0.0/8'), '10.0.0.0/8')).toBe(false);
    expect(ok(c('10.0.0.0/8'), '010.0.0.1')).toBe(false);
    expect(ok(c('10.0.0.0/8'), 'example.com')).toBe(false);
    expect(ok(c('10.0.0.0/8'), 167772161)).toBe(false);
    expect(checkConstraint(c('10.0.0.0/8'), 'nope', 't.ip')).toMatch(/not an IP address/);
  });
  it('an invalid network denies', () => expect(ok(c('10.0.0.0/33'), '10.0.0.1')).toBe(false));
});

describe('UrlPattern', () => {
  const u = (pattern: string): Constraint => ({ type: 'url_pattern', pattern });
  it('scheme, host wildcard, port, path glob', () => {
    expect(ok(u('https://api.example.com/v1/*'), 'https://api.example.com/v1/users')).toBe(true);
    expect(ok(u('https://api.example.com/v1/*'), 'http://api.example.com/v1/users')).toBe(false);
    expect(ok(u('https://api.example.com/v1/*'), 'https://api.example.com/v2/users')).toBe(false);
    expect(ok(u('https://*.example.com/*'), 'https://a.b.example.com/x')).toBe(true);
    expect(ok(u('https://*.example.com/*'), 'https://example.com/x')).toBe(true);
    expect(ok(u('https://*.example.com/*'), 'https://evilexample.com/x')).toBe(false);
    expect(ok(u('*://example.com/'), 'ftp://example.com/anything')).toBe(true);
    expect(ok(u('https://example.com:8443/'), 'https://example.com:8443/a')).toBe(true);
    expect(ok(u('https://example.com:8443/'), 'https://example.com/a')).toBe(false);
    expect(ok(u('https://example.com:443/'), 'https://example.com/a')).toBe(true);
    expect(ok(u('https://API.Example.com/'), 'https://api.example.COM/')).toBe(true);
  });
  it('non-URLs and non-strings deny', () => {
    expect(ok(u('https://example.com/'), 'not a url')).toBe(false);
    expect(ok(u('https://example.com/'), ['https://example.com/'])).toBe(false);
    expect(ok(u('example.com'), 'https://example.com/')).toBe(false);
  });
});

describe('Contains / Subset (list arguments)', () => {
  it('Contains', () => {
    const c: Constraint = { type: 'contains', required: ['approved', 'reviewed'] };
    expect(ok(c, ['reviewed', 'x', 'approved'])).toBe(true);
    expect(checkConstraint(c, ['approved'], 't.tags')).toMatch(/'reviewed' is missing/);
    expect(checkConstraint(c, 'approved reviewed', 't.tags')).toMatch(/expected a list, got a string/);
  });
  it('Subset', () => {
    const s: Constraint = { type: 'subset', allowed: ['read', 'write'] };
    expect(ok(s, [])).toBe(true);
    expect(ok(s, ['read', 'read'])).toBe(true);
    expect(ok(s, ['read', 'admin'])).toBe(false);
    expect(ok(s, 'read')).toBe(false);
    expect(ok(s, { 0: 'read' })).toBe(false);
  });
});

describe('All / Any / Not', () => {
  const pat = (pattern: string): Constraint => ({ type: 'pattern', pattern });
  it('compose', () => {
    const all: Constraint = { type: 'all', constraints: [pat('/data/*'), { type: 'not_one_of', excluded: ['/data/secret'] }] };
    expect(ok(all, '/data/x')).toBe(true);
    expect(ok(all, '/data/secret')).toBe(false);
    expect(ok({ type: 'all', constraints: [] }, 'anything')).toBe(true);
    expect(ok({ type: 'any', constraints: [] }, 'anything')).toBe(false);
    expect(ok({ type: 'not', constraint: pat('/secret/*') }, '/public/x')).toBe(true);
    expect(ok({ type: 'not', constraint: pat('/secret/*') }, '/secret/x')).toBe(false);
  });
  it('Not does not turn an error into a match', () => {
    expect(ok({ type: 'not', constraint: pat('a**') }, 'x')).toBe(false);
    expect(ok({ type: 'not', constraint: { type: 'unknown', typeId: 99, payload: new Uint8Array() } }, 'x')).toBe(false);
    expect(ok({ type: 'not', constraint: { type: 'cidr', network: '10.0.0.0/8' } }, 'not-an-ip')).toBe(false);
    expect(ok({ type: 'not', constraint: { type: 'cel', expression: 'value +' } }, 1)).toBe(false);
    // A plain mismatch (wrong type included) is a match of Not, as in the reference.
    expect(ok({ type: 'not', constraint: { type: 'cidr', network: '10.0.0.0/8' } }, '11.0.0.1')).toBe(true);
    expect(ok({ type: 'not', constraint: { type: 'cel', expression: 'value > 5' } }, 3)).toBe(true);
  });
  it('nesting deeper than 32 denies', () => {
    let c: Constraint = { type: 'wildcard' };
    for (let i = 0; i < 40; i++) c = { type: 'all', constraints: [c] };
    expect(checkConstraint(c, 'x', 't.a')).toMatch(/nesting exceeds 32/);
    let n: Constraint = { type: 'wildcard' };
    for (let i = 0; i < 32; i++) n = { type: 'all', constraints: [n] };
    expect(ok(n, 'x')).toBe(true);
  });
});

describe('Cel', () => {
  const cel = (expression: string): Constraint => ({ type: 'cel', expression });
  it('binds the argument to value; only exactly true allows', () => {
    expect(ok(cel('value < 10000'), 5000)).toBe(true);
    expect(ok(cel('value < 10000'), 50000)).toBe(false);
    expect(ok(cel("value.all(r, r.endsWith('@company.com'))"), ['a@company.com', 'b@company.com'])).toBe(true);
    expect(ok(cel("value.all(r, r.endsWith('@company.com'))"), ['a@company.com', 'b@evil.com'])).toBe(false);
    expect(checkConstraint(cel('value + 1'), 1, 't.a')).toMatch(/did not return a bool/);
    expect(checkConstraint(cel('value.startsWith("a")'), 1, 't.a')).toMatch(/expression failed/);
    expect(ok(cel("'x'"), 1)).toBe(false);
  });
  // Tenuo's evaluate_with_value_context (tenuo-core/src/cel.rs): an object's fields are the
  // variables and `value` is not bound; any other argument is `value`.
  it('object arguments bind their fields only, as the reference', () => {
    expect(ok(cel("amount < 10000 && currency == 'USD'"), { amount: 5000, currency: 'USD' })).toBe(true);
    expect(ok(cel('value.amount < 10000'), { amount: 5000 })).toBe(false);
    expect(ok(cel('value < 10000'), { value: 5000 })).toBe(true);
    expect(ok(cel('amount < 10000'), 5000)).toBe(false);
  });
  it('ints and floats stay distinct in CEL (the crate has no int/double arithmetic across kinds)', () => {
    expect(ok(cel('value / 2 == 1'), 3)).toBe(true);
    expect(ok(cel('value / 2 == 1'), new Float(3))).toBe(false);
    expect(ok(cel('value / 2.0 == 1.5'), new Float(3))).toBe(true);
  });
  it('the reference network helpers', () => {
    expect(ok(cel("net_in_cidr(value, '10.0.0.0/8')"), '10.1.2.3')).toBe(true);
    expect(ok(cel("net_in_cidr(value, '10.0.0.0/8')"), '11.1.2.3')).toBe(false);
    expect(ok(cel('net_is_private(value)'), '192.168.0.1')).toBe(true);
    expect(ok(cel('net_is_private(value)'), '8.8.8.8')).toBe(false);
  });
  it("clock-reading helpers read the run's clock, and deny without one (never the machine's)", () => {
    expect(ok(cel("time_is_expired('2000-01-01T00:00:00Z')"), 1)).toBe(false);
    expect(checkConstraint(cel("time_is_expired('2000-01-01T00:00:00Z')"), 1, 't.a', 1_700_000_000)).toBeUndefined();
    expect(checkConstraint(cel("time_is_expired('2100-01-01T00:00:00Z')"), 1, 't.a', 1_700_000_000)).toMatch(/false/);
  });
});

describe('Wildcard and unknown', () => {
  it('Wildcard accepts every value', () => {
    for (const v of ['', 0, new Float(1), null, [], {}, true] as Value[]) expect(ok({ type: 'wildcard' }, v)).toBe(true);
  });
  it('an unknown constraint type always denies', () => {
    for (const v of ['', 0, null, []] as Value[]) {
      expect(checkConstraint({ type: 'unknown', typeId: 6, payload: new Uint8Array() }, v, 't.a')).toMatch(/unknown constraint type ID 6/);
    }
  });
});

describe('Subpath (lexical containment)', () => {
  it('allows paths under the root and the root itself', () => {
    expect(ok(subpath('/app/config'), '/app/config/auth.yml')).toBe(true);
    expect(ok(subpath('/app/config'), '/app/config')).toBe(true);
    expect(ok(subpath('/app/config'), '/app/config/')).toBe(true);
    expect(ok(subpath('/app/config'), '/app/config/./a/../b')).toBe(true);
    expect(ok(subpath('/app/config'), '/app//config///x')).toBe(true);
  });
  it('blocks traversal and look-alikes', () => {
    expect(checkConstraint(subpath('/app/config'), '/app/config/../../secrets', 'read_file.path')).toBe(
      "read_file.path: '/app/config/../../secrets' is outside Subpath('/app/config')",
    );
    expect(ok(subpath('/app/config'), '/app/config/../secrets/x')).toBe(false);
    expect(ok(subpath('/app/config'), '/app/configuration')).toBe(false);
    expect(ok(subpath('/app/config'), '/app/config-old/x')).toBe(false);
    expect(ok(subpath('/app/config'), '/app/config\\..\\..\\secrets')).toBe(false);
    expect(ok(subpath('/app/config'), '/../../app/config/x')).toBe(true);
  });
  it('rejects null bytes, relative paths and non-strings', () => {
    expect(ok(subpath('/app'), '/app/x\0.txt')).toBe(false);
    expect(ok(subpath('/app'), 'app/x')).toBe(false);
    expect(ok(subpath('/app'), './x')).toBe(false);
    expect(ok(subpath('/app'), '')).toBe(false);
    expect(checkConstraint(subpath('/app'), 42, 't.p')).toMatch(/expected a string, got an int/);
    expect(ok(subpath('/app'), ['/app/x'])).toBe(false);
  });
  it('allow_equal=false requires strictly below', () => {
    expect(ok(subpath('/app', true, false), '/app')).toBe(false);
    expect(ok(subpath('/app', true, false), '/app/x')).toBe(true);
  });
  it('case sensitivity', () => {
    expect(ok(subpath('/App'), '/app/x')).toBe(false);
    expect(ok(subpath('/App', false), '/APP/x')).toBe(true);
  });
  it('the root itself is normalized', () => {
    expect(ok(subpath('/app/config/'), '/app/config')).toBe(true);
    expect(ok(subpath('/app/./x/../config'), '/app/config/a')).toBe(true);
    expect(ok(subpath('/'), '/anything')).toBe(true);
    expect(ok(subpath('/'), '/')).toBe(true);
  });
  // Tenuo's answers (tenuo-oracle, which decodes through the wire path): a decoded root is matched
  // as written, with only its trailing separators trimmed.
  it.each([
    ['/data/', true, '/data', false],
    ['/data/', true, '/data/x', true],
    ['/Data', false, '/data/x', false],
    ['/Data', false, '/Data/x', false],
    ['/a/./b', true, '/a/b/c', false],
    ['/a/./b', true, '/a/./b/c', false],
    ['data', true, '/data/x', false],
    ['/', true, '/x', true],
    ['//', true, '/x', true],
    ['/data', true, '/data/x', true],
    ['/data/./x', true, '/data/x/y', false],
    ['C:\\data', true, 'C:\\data\\x', true],
  ])('a decoded root %j (case_sensitive %j) is matched as written: %j → %j', (root, cs, path, allowed) => {
    expect(ok(decodedSubpath(root, cs), path)).toBe(allowed);
  });
  it('a decoded root attenuates as Tenuo says: the parent holds its root as written, the child root is normalized', () => {
    expect(checkAttenuation(decodedSubpath('/data'), decodedSubpath('/data/./x'), 't.a')).toBeUndefined();
    expect(checkAttenuation(decodedSubpath('/data/'), decodedSubpath('/data'), 't.a')).toMatch(/t\.a: /);
    expect(checkAttenuation(decodedSubpath('/Data', false), decodedSubpath('/data/x', false), 't.a')).toMatch(/t\.a: /);
    expect(checkAttenuation(decodedSubpath('/data'), { type: 'exact', value: '/data/./x' }, 't.a')).toBeUndefined();
  });
  it('Windows drive paths', () => {
    expect(ok(subpath('C:\\data'), 'C:\\data\\x.txt')).toBe(true);
    expect(ok(subpath('C:\\data'), 'C:\\data\\..\\windows')).toBe(false);
  });
});

describe('UrlSafe (SSRF)', () => {
  const safe = (url: string, o?: Parameters<typeof urlSafe>[0]): boolean => ok(urlSafe(o), url);
  it('allows ordinary public URLs', () => {
    expect(safe('https://api.github.com/repos')).toBe(true);
    expect(safe('http://example.com:8080/x')).toBe(true);
    expect(safe('https://8.8.8.8/')).toBe(true);
  });
  it('blocks schemes, loopback, private, metadata, reserved', () => {
    for (const url of [
      'file:///etc/passwd',
      'gopher://example.com/',
      'http://localhost/',
      'http://LOCALHOST/',
      'http://127.0.0.1/',
      'http://127.1/',
      'http://[::1]/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://metadata.google.internal/',
      'http://100.100.100.200/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'not a url',
      'http://',
    ]) {
      expect(safe(url), url).toBe(false);
    }
    expect(safe('http://172.32.0.1/')).toBe(true);
    expect(safe('http://LOCALHOST./')).toBe(true); // trailing dot: not the literal name 'localhost' (as the reference)
  });
  it('normalizes IP literal encodings', () => {
    for (const url of [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://0x7f.0.0.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::127.0.0.1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[::ffff:10.0.0.1]/',
      'http://%31%32%37.0.0.1/',
    ]) {
      expect(safe(url), url).toBe(false);
    }
  });
  it('allow and deny domains with wildcard subdomains', () => {
    const o = { allowDomains: ['api.github.com', '*.googleapis.com'] };
    expect(safe('https://api.github.com/x', o)).toBe(true);
    expect(safe('https://storage.googleapis.com/x', o)).toBe(true);
    expect(safe('https://googleapis.com/x', o)).toBe(true);
    expect(safe('https://evil.com/x', o)).toBe(false);
    expect(safe('https://8.8.8.8/x', o)).toBe(true); // IPs are judged by the block flags only
    const d = { denyDomains: ['*.evil.com', '8.8.8.8'] };
    expect(safe('https://a.evil.com/', d)).toBe(false);
    expect(safe('https://evil.com/', d)).toBe(false);
    expect(safe('https://8.8.8.8/', d)).toBe(false);
    expect(safe('https://good.com/', d)).toBe(true);
    expect(safe('https://x.com/', { allowDomains: ['x.com'], denyDomains: ['x.com'] })).toBe(false);
  });
  it('ports', () => {
    expect(safe('https://example.com/', { allowPorts: [443] })).toBe(true);
    expect(safe('http://example.com/', { allowPorts: [443] })).toBe(false);
    expect(safe('https://example.com:8443/', { allowPorts: [443] })).toBe(false);
  });
  it('internal TLDs only when asked', () => {
    expect(safe('http://db.internal/')).toBe(true);
    expect(safe('http://db.internal/', { blockInternalTlds: true })).toBe(false);
    expect(safe('http://svc.default/', { blockInternalTlds: true })).toBe(false);
    expect(safe('http://printer.local/', { blockInternalTlds: true })).toBe(false);
  });
  it('flags off let the ranges through', () => {
    expect(safe('http://127.0.0.1/', { blockLoopback: false })).toBe(true);
    expect(safe('http://10.0.0.1/', { blockPrivate: false })).toBe(true);
  });
  it('non-strings deny', () => expect(ok(urlSafe(), 42)).toBe(false));
});

describe('Shlex (the conservative Rust rule)', () => {
  const sh: Constraint = { type: 'shlex', allow: ['ls', 'npm', '/usr/bin/git'] };
  it('allows listed programs with plain arguments', () => {
    expect(ok(sh, 'ls -la /tmp')).toBe(true);
    expect(ok(sh, '  npm   test ')).toBe(true);
    expect(ok(sh, '/bin/ls -l')).toBe(true);
    expect(ok(sh, '/usr/bin/git status')).toBe(true);
  });
  it('rejects metacharacters, control characters and unlisted programs', () => {
    for (const cmd of [
      'ls; rm -rf /',
      'ls && rm x',
      'ls | sh',
      'ls `id`',
      'ls $(id)',
      'ls > /etc/passwd',
      'ls\nrm x',
      'ls\0',
      'rm -rf /',
      'git status',
      '../ls',
      'bin/../ls',
      '',
      '   ',
      'ls "a;b"',
    ]) {
      expect(ok(sh, cmd), JSON.stringify(cmd)).toBe(false);
    }
    expect(ok(sh, 42)).toBe(false);
  });
});

describe('checkConstraintSet: closed world', () => {
  const set: ConstraintSet = { constraints: { path: subpath('/app'), mode: { type: 'wildcard' } }, allowUnknown: false };
  it('allows named arguments that satisfy', () => {
    expect(checkConstraintSet('read_file', set, { path: '/app/x', mode: 'r' })).toBeUndefined();
  });
  it('denies an unknown argument with unknown_argument', () => {
    const e = checkConstraintSet('read_file', set, { path: '/app/x', mode: 'r', extra: 1 });
    expect(e?.code).toBe('unknown_argument');
    expect(e?.message).toMatch(/read_file\.extra/);
  });
  it('allow_unknown opts out', () => {
    expect(checkConstraintSet('read_file', { ...set, allowUnknown: true }, { path: '/app/x', mode: 'r', extra: 1 })).toBeUndefined();
  });
  it('a missing constrained argument is constraint_not_satisfied (even under Wildcard)', () => {
    const e = checkConstraintSet('read_file', set, { path: '/app/x' });
    expect(e?.code).toBe('constraint_not_satisfied');
    expect(e?.message).toBe('read_file.mode: missing required argument');
  });
  it('a failing value is constraint_not_satisfied with the reason', () => {
    const e = checkConstraintSet('read_file', set, { path: '/etc/passwd', mode: 'r' });
    expect(e?.code).toBe('constraint_not_satisfied');
    expect(e?.message).toBe("read_file.path: '/etc/passwd' is outside Subpath('/app')");
  });
  it('an empty set is open world (reference)', () => {
    expect(checkConstraintSet('get_balance', { constraints: {}, allowUnknown: false }, { anything: 1 })).toBeUndefined();
  });
  it('prototype keys are not arguments', () => {
    const args = JSON.parse('{"__proto__": {"path": "/app/x"}, "path": "/app/y", "mode": "r"}') as Record<string, Value>;
    expect(checkConstraintSet('t', set, args)?.code).toBe('unknown_argument');
  });
});
