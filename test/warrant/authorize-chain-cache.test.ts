/**
 * The Authorizer's chain cache (chains keyed by the ids of their envelopes' bytes) under a mix of
 * chains: switching between chains of different lengths and contents must give the verdict a
 * fresh Authorizer gives, with no valid signature checked twice, no failure remembered, and a
 * chain that extends a cached one checked in full; authorizers sharing their checks keep their own
 * trusted roots, revocations and clocks.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as keys from '../../src/warrant/keys.js';
import { Authorizer, VerificationCache } from '../../src/warrant/authorize.js';
import { grant, mint } from '../../src/warrant/builder.js';
import { signPop } from '../../src/warrant/pop.js';
import { warrantIdString } from '../../src/warrant/id.js';
import type { ToolGrants } from '../../src/warrant/constraints/types.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import { fixedClock, key, movableClock, NOW, outcome, seededRandom } from './chain-fixtures.js';

vi.mock('../../src/warrant/keys.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/warrant/keys.js')>();
  return { ...real, verifyWarrantSignature: vi.fn(real.verifyWarrantSignature) };
});
const verifyWarrant = vi.mocked(keys.verifyWarrantSignature);

const org = key('control_plane');
const p = key('orchestrator');
const q = key('worker');
const r = key('attacker');
const tools: ToolGrants = { read_file: { constraints: { path: { type: 'pattern', pattern: '/data/*' } }, allowUnknown: false } };
const root = mint({ issuer: org, holder: p.publicKey, tools, ttlSeconds: 3600, clock: fixedClock(NOW), random: seededRandom(11) });
const leafQ = grant({
  parent: root,
  signer: p,
  holder: q.publicKey,
  tools,
  ttlSeconds: 600,
  clock: fixedClock(NOW),
  random: seededRandom(12),
});
const leafR = grant({
  parent: root,
  signer: p,
  holder: r.publicKey,
  tools,
  ttlSeconds: 60,
  clock: fixedClock(NOW),
  random: seededRandom(13),
});
const deeper = grant({
  parent: leafQ,
  signer: q,
  holder: r.publicKey,
  tools,
  ttlSeconds: 60,
  clock: fixedClock(NOW),
  random: seededRandom(14),
});
const stray = mint({ issuer: r, holder: q.publicKey, tools, ttlSeconds: 60, clock: fixedClock(NOW), random: seededRandom(15) });
const tampered: SignedWarrant = { ...leafQ, signature: leafQ.signature.map((b, i) => (i === 0 ? b ^ 1 : b)) };

const chains: Record<string, SignedWarrant[]> = {
  root: [root],
  q: [root, leafQ],
  r: [root, leafR],
  deep: [root, leafQ, deeper],
  stray: [stray],
  tampered: [root, tampered],
  orphan: [leafQ],
};
const fresh = (name: string) =>
  outcome(() => new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(NOW) }).verifyChain(chains[name]!));

describe('chain cache across many chains', () => {
  beforeEach(() => {
    verifyWarrant.mockClear();
  });

  it('switching between chains gives a fresh verdict each time, each signature checked once', () => {
    const a = new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(NOW) });
    const order = ['q', 'q', 'root', 'q', 'deep', 'deep', 'q', 'stray', 'q', 'tampered', 'q', 'orphan', 'q', 'r', 'root', 'r', 'deep'];
    const expected = Object.fromEntries(Object.keys(chains).map((n) => [n, fresh(n)]));
    expect(expected).toMatchObject({ root: 'valid', q: 'valid', r: 'valid', deep: 'valid' });
    expect(expected['stray']).not.toBe('valid');
    expect(expected['tampered']).toBe('signature_invalid');
    expect(expected['orphan']).not.toBe('valid');
    verifyWarrant.mockClear();
    for (const name of order)
      expect(
        outcome(() => a.verifyChain(chains[name]!)),
        name,
      ).toBe(expected[name]);
    // Valid envelopes: root, leafQ, leafR, deeper, once each. Failures are never cached, so the
    // stray root (not trusted: refused before its signature), the tampered leaf (checked each
    // time it appears) and the orphan (refused before signatures) add what they add.
    const checks = verifyWarrant.mock.calls.length;
    const uncachedFailures = order.filter((n) => n === 'tampered').length;
    expect(checks).toBe(4 + uncachedFailures);
  });

  it('a failed chain does not replace the remembered one, and the clock still applies to it', () => {
    const clock = movableClock(NOW);
    const a = new Authorizer({ trustedRoots: [org.publicKey], clock });
    expect(outcome(() => a.verifyChain(chains['q']!))).toBe('valid');
    expect(outcome(() => a.verifyChain(chains['tampered']!))).toBe('signature_invalid');
    verifyWarrant.mockClear();
    expect(outcome(() => a.verifyChain(chains['q']!))).toBe('valid');
    expect(verifyWarrant).not.toHaveBeenCalled();
    clock.set(leafQ.payload.expiresAt + 31);
    expect(outcome(() => a.verifyChain(chains['q']!))).toBe('warrant_expired');
    clock.set(NOW);
    expect(outcome(() => a.verifyChain(chains['q']!))).toBe('valid');
  });

  it('a shorter or longer chain sharing the remembered prefix is its own chain', () => {
    const a = new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(NOW) });
    a.verifyChain(chains['deep']!);
    // The leaf of [root] is the root: a call by q's key is a PoP by the wrong holder there.
    const args = { path: '/data/x' };
    const popQ = signPop(q, leafQ.payload.id, 'read_file', args, NOW);
    expect(outcome(() => a.authorize([root], { tool: 'read_file', args, pop: popQ }))).toBe('pop_failed');
    expect(outcome(() => a.authorize([root, leafQ], { tool: 'read_file', args, pop: popQ }))).toBe('valid');
    expect(outcome(() => a.authorize([root, leafQ, deeper], { tool: 'read_file', args, pop: popQ }))).toBe('pop_failed');
  });

  it('a longer chain extending the remembered one is checked in full (a revoked extra link is caught)', () => {
    const a = new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(NOW), revoked: [warrantIdString(deeper.payload.id)] });
    expect(outcome(() => a.verifyChain(chains['q']!))).toBe('valid');
    expect(outcome(() => a.verifyChain(chains['deep']!))).toBe('warrant_revoked');
    expect(outcome(() => a.verifyChain(chains['q']!))).toBe('valid');
    expect(outcome(() => a.verifyChain(chains['deep']!))).toBe('warrant_revoked');
  });
});

describe('chain checks shared between authorizers', () => {
  beforeEach(() => {
    verifyWarrant.mockClear();
  });

  it('a chain verified by one authorizer is not re-checked by another with the same roots', () => {
    const shared = new VerificationCache();
    const first = new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(NOW), verified: shared });
    expect(outcome(() => first.verifyChain(chains['q']!))).toBe('valid');
    const checks = verifyWarrant.mock.calls.length;
    const second = new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(NOW), verified: shared });
    expect(outcome(() => second.verifyChain(chains['q']!))).toBe('valid');
    expect(verifyWarrant.mock.calls.length).toBe(checks);
  });

  it('each authorizer still applies its own trusted roots, revocations and clock', () => {
    const shared = new VerificationCache();
    const clock = movableClock(NOW);
    const make = (o: { roots?: Uint8Array[]; revoked?: string[] } = {}) =>
      new Authorizer({ trustedRoots: o.roots ?? [org.publicKey], clock, verified: shared, revoked: o.revoked ?? [] });
    expect(outcome(() => make().verifyChain(chains['q']!))).toBe('valid');
    expect(outcome(() => make({ roots: [r.publicKey] }).verifyChain(chains['q']!))).toBe('chain_not_anchored');
    expect(outcome(() => make({ roots: [r.publicKey, org.publicKey] }).verifyChain(chains['q']!))).toBe('valid');
    expect(outcome(() => make({ revoked: [warrantIdString(leafQ.payload.id)] }).verifyChain(chains['q']!))).toBe('warrant_revoked');
    clock.set(leafQ.payload.expiresAt + 31);
    expect(outcome(() => make().verifyChain(chains['q']!))).toBe('warrant_expired');
    clock.set(NOW);
    expect(outcome(() => make().verifyChain(chains['q']!))).toBe('valid');
  });
});
