/**
 * Network text as the reference's `ipnetwork` 0.21 (`IpNetwork::from_str`) reads it, through the
 * Cidr constraint, its attenuation and the CEL `net_in_cidr` helper: an IPv4 network may carry a
 * dotted netmask (contiguous ones only), a prefix length is Rust's `u8::from_str` (`+8`, `0008`),
 * and an IPv6 network takes a prefix length only. Every expectation below is what the reference
 * answered for the same request.
 */
import { describe, expect, it } from 'vitest';
import { checkAttenuation } from '../../../src/warrant/constraints/attenuate.js';
import { parseNetwork } from '../../../src/lib/ip.js';
import { checkConstraint } from '../../../src/warrant/constraints/satisfy.js';
import type { Constraint } from '../../../src/warrant/constraints/types.js';

const cidr = (network: string): Constraint => ({ type: 'cidr', network });
const netInCidr = (network: string): Constraint => ({ type: 'cel', expression: `net_in_cidr(value, '${network}')` });
const ok = (c: Constraint, v: string): boolean => checkConstraint(c, v, 't.ip') === undefined;

/** [network, does 10.1.2.3 lie in it]; `invalid` = the reference refuses the network text. */
const V4_VECTORS: readonly [string, boolean | 'invalid'][] = [
  ['10.0.0.0/255.0.0.0', true],
  ['10.0.0.0/255.255.0.0', false],
  ['10.0.0.0/255.254.0.0', true],
  ['10.0.0.0/128.0.0.0', true],
  ['10.0.0.0/0.0.0.0', true],
  ['10.0.0.0/255.255.255.255', false],
  ['10.0.0.0/255.255.255.254', false],
  ['10.1.2.3/255.255.255.0', true],
  ['10.0.0.0/+8', true],
  ['10.0.0.0/+08', true],
  ['10.0.0.0/008', true],
  ['10.0.0.0/0000000008', true],
  // Non-contiguous masks are refused, and never retried as a prefix length.
  ['10.0.0.0/255.0.255.0', 'invalid'],
  ['10.0.0.0/0.255.255.255', 'invalid'],
  // A mask must itself be a valid address: no leading zeros, four octets.
  ['10.0.0.0/255.0.0.00', 'invalid'],
  ['10.0.0.0/255.0.0', 'invalid'],
  ['10.0.0.0/-8', 'invalid'],
  ['10.0.0.0/+', 'invalid'],
  ['10.0.0.0/ 8', 'invalid'],
  ['10.0.0.0/0x8', 'invalid'],
  ['10.0.0.0/', 'invalid'],
  ['10.0.0.0/33', 'invalid'],
  ['10.0.0.0/8/8', 'invalid'],
];

/** [network, does ::1 lie in it]. */
const V6_VECTORS: readonly [string, boolean | 'invalid'][] = [
  ['::/+0', true],
  ['::/0128', false],
  ['::1/0128', true],
  ['::/129', 'invalid'],
  ['::/ffff::', 'invalid'],
  ['::/255.0.0.0', 'invalid'],
  ['::ffff:10.0.0.0/255.0.0.0', 'invalid'],
];

describe('Cidr network text as ipnetwork 0.21 reads it', () => {
  const cases = [...V4_VECTORS.map(([n, e]) => [n, '10.1.2.3', e] as const), ...V6_VECTORS.map(([n, e]) => [n, '::1', e] as const)];
  it.each(cases)('Cidr(%s) against %s: %s', (network, value, expected) => {
    const why = checkConstraint(cidr(network), value, 't.ip');
    if (expected === 'invalid') {
      expect(parseNetwork(network)).toBeUndefined();
      expect(why).toMatch(/not valid CIDR notation/);
    } else {
      expect(why === undefined).toBe(expected);
    }
  });
  it.each(cases)("CEL net_in_cidr(value, '%s') with value %s: %s", (network, value, expected) => {
    // The CEL helper answers false for a network it cannot read (no error).
    expect(ok(netInCidr(network), value)).toBe(expected === true);
  });
  it('a dotted mask gives the prefix length it spells', () => {
    expect(parseNetwork('10.0.0.0/255.0.0.0')?.prefix).toBe(8);
    expect(parseNetwork('10.0.0.0/255.255.252.0')?.prefix).toBe(22);
    expect(parseNetwork('10.0.0.0/0.0.0.0')?.prefix).toBe(0);
    expect(parseNetwork('10.0.0.0/255.255.255.255')?.prefix).toBe(32);
  });
  it('an IPv4 network never matches an IPv6 value', () => {
    expect(ok(cidr('10.0.0.0/0.0.0.0'), '::1')).toBe(false);
    expect(ok(netInCidr('10.0.0.0/0.0.0.0'), '::1')).toBe(false);
  });
});

describe('Cidr attenuation with dotted masks', () => {
  const okAtt = (p: Constraint, c: Constraint): boolean => checkAttenuation(p, c, 't.ip') === undefined;
  it('compares the networks the masks spell', () => {
    expect(okAtt(cidr('10.0.0.0/255.0.0.0'), cidr('10.1.0.0/16'))).toBe(true);
    expect(okAtt(cidr('10.0.0.0/8'), cidr('10.1.0.0/255.255.0.0'))).toBe(true);
    expect(okAtt(cidr('10.0.0.0/255.255.0.0'), cidr('10.0.0.0/255.0.0.0'))).toBe(false);
    expect(okAtt(cidr('10.0.0.0/+8'), { type: 'exact', value: '10.2.3.4' })).toBe(true);
  });
});
