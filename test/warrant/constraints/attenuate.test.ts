/**
 * The attenuation lattice of the reference's `validate_attenuation`: which child may replace which
 * parent, each same-type rule, and the tool-map and constraint-set rules (closed world, keyset
 * identity, allow_unknown never widened).
 */
import { describe, expect, it } from 'vitest';
import { rangeOf, subpathAsWritten, urlSafeOf } from './helpers.js';
import { checkAttenuation, checkToolAttenuation } from '../../../src/warrant/constraints/attenuate.js';
import type { Constraint, ConstraintSet, ToolGrants } from '../../../src/warrant/constraints/types.js';
import { Float } from '../../../src/warrant/constraint-value.js';
import type { Value } from '../../../src/warrant/constraint-value.js';

const okAtt = (p: Constraint, c: Constraint): boolean => checkAttenuation(p, c, 't.a') === undefined;

const W: Constraint = { type: 'wildcard' };
const exact = (value: Value): Constraint => ({ type: 'exact', value });
const pat = (pattern: string): Constraint => ({ type: 'pattern', pattern });
const range = rangeOf;
const sub = subpathAsWritten;
const cel = (expression: string): Constraint => ({ type: 'cel', expression });
const urlSafe = urlSafeOf;

describe('Wildcard', () => {
  it('accepts any child; no parent but Wildcard accepts Wildcard', () => {
    for (const c of [W, exact(1), pat('*'), range(0, 1), sub('/'), cel('true'), urlSafe()]) expect(okAtt(W, c)).toBe(true);
    for (const p of [
      exact(1),
      pat('*'),
      range(null, null),
      sub('/'),
      cel('true'),
      urlSafe(),
      { type: 'any', constraints: [W] } as Constraint,
    ]) {
      expect(checkAttenuation(p, W, 'x.y')).toMatch(/^x\.y: cannot widen .* to Wildcard$/);
    }
  });
});

describe('Pattern', () => {
  it('prefix and suffix patterns narrow; complex ones need equality', () => {
    expect(okAtt(pat('staging-*'), pat('staging-web-*'))).toBe(true);
    expect(okAtt(pat('staging-*'), pat('staging-web'))).toBe(true);
    expect(okAtt(pat('staging-*'), pat('prod-*'))).toBe(false);
    expect(okAtt(pat('staging-*'), pat('*'))).toBe(false);
    expect(okAtt(pat('*-safe'), pat('*-extra-safe'))).toBe(true);
    expect(okAtt(pat('*-safe'), pat('image-safe'))).toBe(true);
    expect(okAtt(pat('*-safe'), pat('*'))).toBe(false);
    expect(okAtt(pat('*-safe'), pat('staging-*'))).toBe(false);
    expect(okAtt(pat('a*b'), pat('a*b'))).toBe(true);
    expect(okAtt(pat('a*b'), pat('axb'))).toBe(false);
    expect(okAtt(pat('exact'), pat('exact*'))).toBe(false);
  });
  it('Exact under Pattern when the value matches', () => {
    expect(okAtt(pat('/data/*'), exact('/data/x'))).toBe(true);
    expect(okAtt(pat('a*b'), exact('axxb'))).toBe(true);
    expect(okAtt(pat('/data/*'), exact('/etc/x'))).toBe(false);
    expect(okAtt(pat('*'), exact(1))).toBe(false);
  });
});

describe('Regex', () => {
  it('only the same pattern, or an Exact that matches', () => {
    expect(okAtt({ type: 'regex', pattern: '^a+$' }, { type: 'regex', pattern: '^a+$' })).toBe(true);
    expect(okAtt({ type: 'regex', pattern: '^a+$' }, { type: 'regex', pattern: '^aa$' })).toBe(false);
    expect(okAtt({ type: 'regex', pattern: '^a+$' }, exact('aaa'))).toBe(true);
    expect(okAtt({ type: 'regex', pattern: '^a+$' }, exact('b'))).toBe(false);
  });
});

describe('Exact', () => {
  it('only the same value (int ≠ float)', () => {
    expect(okAtt(exact('a'), exact('a'))).toBe(true);
    expect(okAtt(exact('a'), exact('b'))).toBe(false);
    expect(okAtt(exact(1), exact(new Float(1)))).toBe(false);
    expect(okAtt(exact('a'), { type: 'one_of', values: ['a'] })).toBe(false);
  });
});

describe('OneOf / NotOneOf', () => {
  it('OneOf narrows to a subset or an Exact member; never to NotOneOf', () => {
    const p: Constraint = { type: 'one_of', values: ['a', 'b', 'c'] };
    expect(okAtt(p, { type: 'one_of', values: ['a', 'c'] })).toBe(true);
    expect(okAtt(p, { type: 'one_of', values: [] })).toBe(true);
    expect(okAtt(p, { type: 'one_of', values: ['a', 'd'] })).toBe(false);
    expect(okAtt(p, exact('b'))).toBe(true);
    expect(okAtt(p, exact('d'))).toBe(false);
    expect(okAtt(p, { type: 'not_one_of', excluded: ['a'] })).toBe(false);
  });
  it('NotOneOf may only exclude more', () => {
    const p: Constraint = { type: 'not_one_of', excluded: ['prod'] };
    expect(okAtt(p, { type: 'not_one_of', excluded: ['prod', 'staging'] })).toBe(true);
    expect(okAtt(p, { type: 'not_one_of', excluded: ['staging'] })).toBe(false);
    expect(okAtt(p, exact('dev'))).toBe(false); // not in the reference's lattice
  });
});

describe('Range', () => {
  it('narrowing, inclusivity, unbounded sides', () => {
    expect(okAtt(range(0, 100), range(10, 90))).toBe(true);
    expect(okAtt(range(0, 100), range(0, 100))).toBe(true);
    expect(okAtt(range(0, 100), range(-1, 90))).toBe(false);
    expect(okAtt(range(0, 100), range(10, 101))).toBe(false);
    expect(okAtt(range(0, 100), range(null, 100))).toBe(false);
    expect(okAtt(range(0, 100), range(0, null))).toBe(false);
    expect(okAtt(range(null, null), range(null, 5))).toBe(true);
    expect(okAtt(range(0, 100, false, false), range(0, 100, true, false))).toBe(false);
    expect(okAtt(range(0, 100, false, false), range(0, 100, false, true))).toBe(false);
    expect(okAtt(range(0, 100, true, true), range(0, 100, false, false))).toBe(true);
  });
  it('Exact under Range when the number is inside', () => {
    expect(okAtt(range(0, 100), exact(50))).toBe(true);
    expect(okAtt(range(0, 100), exact(new Float(100)))).toBe(true);
    expect(okAtt(range(0, 100, true, false), exact(100))).toBe(false);
    expect(okAtt(range(0, 100), exact('50'))).toBe(false);
    expect(okAtt(range(0, 100), exact(new Float(NaN)))).toBe(false);
  });
});

describe('Cidr', () => {
  const c = (network: string): Constraint => ({ type: 'cidr', network });
  it('a subnet or an address inside', () => {
    expect(okAtt(c('10.0.0.0/8'), c('10.1.0.0/16'))).toBe(true);
    expect(okAtt(c('10.0.0.0/8'), c('10.0.0.0/8'))).toBe(true);
    expect(okAtt(c('10.0.0.0/8'), c('0.0.0.0/0'))).toBe(false);
    expect(okAtt(c('10.0.0.0/8'), c('11.0.0.0/16'))).toBe(false);
    expect(okAtt(c('10.0.0.0/8'), c('2001:db8::/32'))).toBe(false);
    expect(okAtt(c('2001:db8::/32'), c('2001:db8:1::/48'))).toBe(true);
    expect(okAtt(c('10.0.0.0/8'), exact('10.2.3.4'))).toBe(true);
    expect(okAtt(c('10.0.0.0/8'), exact('11.2.3.4'))).toBe(false);
    expect(okAtt(c('10.0.0.0/8'), exact('x'))).toBe(false);
  });
});

describe('UrlPattern', () => {
  const u = (pattern: string): Constraint => ({ type: 'url_pattern', pattern });
  it('scheme, host, port and path may only narrow', () => {
    expect(okAtt(u('https://*.example.com/*'), u('https://api.example.com/v1/*'))).toBe(true);
    expect(okAtt(u('*://example.com/*'), u('https://example.com/*'))).toBe(true);
    expect(okAtt(u('https://example.com/*'), u('*://example.com/*'))).toBe(false);
    expect(okAtt(u('https://example.com/*'), u('http://example.com/*'))).toBe(false);
    expect(okAtt(u('https://api.example.com/*'), u('https://*.example.com/*'))).toBe(false);
    expect(okAtt(u('https://example.com:8443/*'), u('https://example.com/*'))).toBe(false);
    expect(okAtt(u('https://example.com/api/*'), u('https://example.com/api/v1/*'))).toBe(true);
    expect(okAtt(u('https://example.com/api/*'), u('https://example.com/'))).toBe(false);
    expect(okAtt(u('https://example.com/api/*'), u('https://example.com/other/*'))).toBe(false);
    expect(okAtt(u('https://example.com/api/*'), exact('https://example.com/api/x'))).toBe(true);
    expect(okAtt(u('https://example.com/api/*'), exact('https://example.com/admin'))).toBe(false);
  });
});

describe('Contains / Subset', () => {
  it('Contains may require more; Subset may allow less', () => {
    expect(okAtt({ type: 'contains', required: ['a'] }, { type: 'contains', required: ['a', 'b'] })).toBe(true);
    expect(okAtt({ type: 'contains', required: ['a', 'b'] }, { type: 'contains', required: ['a'] })).toBe(false);
    expect(okAtt({ type: 'subset', allowed: ['a', 'b'] }, { type: 'subset', allowed: ['a'] })).toBe(true);
    expect(okAtt({ type: 'subset', allowed: ['a'] }, { type: 'subset', allowed: ['a', 'b'] })).toBe(false);
    expect(okAtt({ type: 'subset', allowed: ['a'] }, exact(['a']))).toBe(false);
  });
});

describe('All / Any / Not', () => {
  it('All keeps every parent constraint (attenuated), may add', () => {
    const p: Constraint = { type: 'all', constraints: [pat('/data/*'), range(0, 10)] };
    expect(okAtt(p, { type: 'all', constraints: [pat('/data/x/*'), range(1, 5), exact('/data/x/y')] })).toBe(true);
    expect(okAtt(p, { type: 'all', constraints: [pat('/data/*')] })).toBe(false);
    expect(okAtt(p, pat('/data/*'))).toBe(false);
  });
  it('Any: every child branch within some parent branch', () => {
    const p: Constraint = { type: 'any', constraints: [pat('/public/*'), pat('/shared/*')] };
    expect(okAtt(p, { type: 'any', constraints: [pat('/public/docs/*')] })).toBe(true);
    expect(okAtt(p, { type: 'any', constraints: [pat('/public/*'), pat('/private/*')] })).toBe(false);
    expect(okAtt(p, pat('/public/*'))).toBe(false);
  });
  it('Not flips the direction', () => {
    const notAdmin: Constraint = { type: 'not', constraint: exact('admin') };
    expect(okAtt(notAdmin, notAdmin)).toBe(true);
    // Excluding more is narrower: Not(admin) → Not(OneOf(admin, root)) is valid, the reverse is not.
    expect(okAtt(notAdmin, { type: 'not', constraint: { type: 'one_of', values: ['admin', 'root'] } })).toBe(true);
    expect(okAtt({ type: 'not', constraint: { type: 'one_of', values: ['admin', 'root'] } }, notAdmin)).toBe(false);
  });
});

describe('Cel: the conjunction rule', () => {
  it('same expression (modulo whitespace) or (parent) && (extra)', () => {
    expect(okAtt(cel('value < 100'), cel('value<100'))).toBe(true);
    expect(okAtt(cel('value < 100'), cel('(value < 100) && (value > 0)'))).toBe(true);
    expect(okAtt(cel('value < 100'), cel('( value < 100 )&&( value % 2 == 0 )'))).toBe(true);
  });
  it('rejects anything else, including precedence bypasses', () => {
    expect(okAtt(cel('value < 100'), cel('value < 50'))).toBe(false);
    expect(okAtt(cel('value < 100'), cel('(value < 100) && value > 0 || true'))).toBe(false);
    expect(okAtt(cel('value < 100'), cel('(value < 100) && (value > 0) || (true)'))).toBe(false);
    expect(okAtt(cel('value < 100'), cel('(value < 100) || (true)'))).toBe(false);
    expect(okAtt(cel('value < 100'), cel('true && (value < 100) && (x)'))).toBe(false);
    expect(checkAttenuation(cel('value < 100'), cel('(value < 100) && (value >)'), 't.a')).toMatch(/child CEL does not compile/);
  });
});

describe('Subpath', () => {
  it('child root inside the parent root; flags may only tighten', () => {
    expect(okAtt(sub('/app'), sub('/app/config'))).toBe(true);
    expect(okAtt(sub('/app'), sub('/app'))).toBe(true);
    expect(okAtt(sub('/app', true, false), sub('/app', true, false))).toBe(false); // root itself excluded
    expect(okAtt(sub('/app', true, false), sub('/app/x', true, false))).toBe(true);
    expect(okAtt(sub('/app', true, false), sub('/app/x', true, true))).toBe(false);
    expect(okAtt(sub('/app/config'), sub('/app'))).toBe(false);
    expect(okAtt(sub('/app/config'), sub('/app/config/../secrets'))).toBe(false);
    expect(okAtt(sub('/app'), sub('/app/x', false))).toBe(false);
    expect(okAtt(sub('/app', false), sub('/APP/x', true))).toBe(true);
    expect(okAtt(sub('/app'), exact('/app/x.txt'))).toBe(true);
    expect(okAtt(sub('/app'), exact('/app/../etc/passwd'))).toBe(false);
    expect(okAtt(sub('/app'), exact(1))).toBe(false);
  });
});

describe('UrlSafe', () => {
  it('tighter in every field', () => {
    expect(okAtt(urlSafe(), urlSafe({ schemes: ['https'] }))).toBe(true);
    expect(okAtt(urlSafe({ schemes: ['https'] }), urlSafe())).toBe(false);
    expect(okAtt(urlSafe(), urlSafe({ blockPrivate: false }))).toBe(false);
    expect(okAtt(urlSafe(), urlSafe({ blockInternalTlds: true }))).toBe(true);
    expect(okAtt(urlSafe({ blockInternalTlds: true }), urlSafe())).toBe(false);
    expect(okAtt(urlSafe({ allowPorts: [443, 8443] }), urlSafe({ allowPorts: [443] }))).toBe(true);
    expect(okAtt(urlSafe({ allowPorts: [443] }), urlSafe())).toBe(false);
    expect(okAtt(urlSafe({ allowPorts: [443] }), urlSafe({ allowPorts: [80] }))).toBe(false);
    expect(okAtt(urlSafe({ allowDomains: ['*.example.com'] }), urlSafe({ allowDomains: ['api.example.com'] }))).toBe(true);
    expect(okAtt(urlSafe({ allowDomains: ['api.example.com'] }), urlSafe({ allowDomains: ['*.example.com'] }))).toBe(false);
    expect(okAtt(urlSafe({ allowDomains: ['api.example.com'] }), urlSafe())).toBe(false);
    expect(okAtt(urlSafe({ denyDomains: ['evil.com'] }), urlSafe({ denyDomains: ['EVIL.com', 'bad.com'] }))).toBe(true);
    expect(okAtt(urlSafe({ denyDomains: ['evil.com'] }), urlSafe({ denyDomains: [] }))).toBe(false);
    expect(okAtt(urlSafe(), exact('https://example.com/'))).toBe(true);
    expect(okAtt(urlSafe(), exact('http://127.0.0.1/'))).toBe(false);
  });
});

describe('Shlex', () => {
  it('fewer programs, or an Exact command it allows', () => {
    expect(okAtt({ type: 'shlex', allow: ['ls', 'npm'] }, { type: 'shlex', allow: ['ls'] })).toBe(true);
    expect(okAtt({ type: 'shlex', allow: ['ls'] }, { type: 'shlex', allow: ['ls', 'rm'] })).toBe(false);
    expect(okAtt({ type: 'shlex', allow: ['ls'] }, exact('ls -la'))).toBe(true);
    expect(okAtt({ type: 'shlex', allow: ['ls'] }, exact('ls; rm -rf /'))).toBe(false);
  });
});

describe('everything else fails closed', () => {
  it('cross-type pairs outside the lattice', () => {
    expect(okAtt(pat('*'), { type: 'regex', pattern: '.*' })).toBe(false);
    expect(okAtt(range(0, 1), { type: 'one_of', values: [0, 1] })).toBe(false);
    expect(okAtt(sub('/app'), pat('/app/*'))).toBe(false);
    expect(okAtt({ type: 'one_of', values: ['a'] }, pat('a'))).toBe(false);
    expect(okAtt(cel('true'), exact(1))).toBe(false);
    expect(okAtt(exact('a'), { type: 'all', constraints: [exact('a')] })).toBe(false);
    const unknown: Constraint = { type: 'unknown', typeId: 99, payload: new Uint8Array() };
    expect(okAtt(unknown, unknown)).toBe(false);
    expect(okAtt(pat('*'), unknown)).toBe(false);
  });
});

describe('checkToolAttenuation', () => {
  const set = (constraints: Record<string, Constraint>, allowUnknown = false): ConstraintSet => ({ constraints, allowUnknown });
  const parent: ToolGrants = {
    read_file: set({ path: sub('/app') }),
    get_balance: set({}),
  };
  it('child tools must be granted by the parent', () => {
    expect(checkToolAttenuation(parent, { read_file: set({ path: sub('/app/config') }) })).toBeUndefined();
    expect(checkToolAttenuation(parent, { send_email: set({ to: W }) })).toMatch(/send_email: tool not granted/);
  });
  it('a parent * tool covers any name', () => {
    expect(checkToolAttenuation({ '*': set({}) }, { anything: set({ x: W }) })).toBeUndefined();
  });
  it('every parent constraint must be kept and attenuated', () => {
    expect(checkToolAttenuation(parent, { read_file: set({}) })).toMatch(/read_file\.path: the child drops/);
    expect(checkToolAttenuation(parent, { read_file: set({ path: sub('/') }) })).toMatch(/read_file\.path:/);
  });
  it('keyset identity: a non-empty parent fixes the argument names; an empty one is open', () => {
    expect(checkToolAttenuation(parent, { read_file: set({ path: sub('/app'), mode: W }) })).toMatch(
      /read_file\.mode: the child adds an argument/,
    );
    expect(checkToolAttenuation(parent, { get_balance: set({ account: exact('main') }) })).toBeUndefined();
  });
  it('allow_unknown is never widened', () => {
    expect(checkToolAttenuation(parent, { read_file: set({ path: sub('/app') }, true) })).toMatch(/allow_unknown/);
    expect(checkToolAttenuation(parent, { get_balance: set({}, true) })).toMatch(/allow_unknown/);
    expect(checkToolAttenuation({ t: set({ a: W }, true) }, { t: set({ a: W }, false) })).toBeUndefined();
    expect(checkToolAttenuation({ t: set({ a: W }, true) }, { t: set({ a: W }, true) })).toBeUndefined();
  });
});
