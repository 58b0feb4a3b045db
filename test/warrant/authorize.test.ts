/**
 * Authorizer.authorize: the decision for one call against a verified chain (tool, PoP, closed-world
 * constraints, expiry, approvals), and the per-envelope signature cache of the hot path.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as keys from '../../src/warrant/keys.js';
import { Authorizer } from '../../src/warrant/authorize.js';
import { grant, mint } from '../../src/warrant/builder.js';
import { signPop } from '../../src/warrant/pop.js';
import { warrantIdString } from '../../src/warrant/id.js';
import { Float, type Args } from '../../src/warrant/constraint-value.js';
import type { Constraint, ToolGrants } from '../../src/warrant/constraints/types.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import { caught, fixedClock, key, movableClock, NOW, outcome, seededRandom } from './chain-fixtures.js';

// Count signature checks without changing them: chain envelopes go through
// verifyWarrantSignature, PoPs through verifySignature.
vi.mock('../../src/warrant/keys.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/warrant/keys.js')>();
  return {
    ...real,
    verifySignature: vi.fn(real.verifySignature),
    verifyWarrantSignature: vi.fn(real.verifyWarrantSignature),
  };
});

const org = key('control_plane');
const p = key('orchestrator');
const q = key('worker');
const attacker = key('attacker');

const grants = (tools: Record<string, Record<string, Constraint>>): ToolGrants =>
  Object.fromEntries(Object.entries(tools).map(([t, c]) => [t, { constraints: c, allowUnknown: false }]));

// Issued well before NOW, so that the PoP window tests can move the clock back and forth.
const ISSUED = NOW - 600;
const root = mint({
  issuer: org,
  holder: p.publicKey,
  tools: grants({
    read_file: { path: { type: 'pattern', pattern: '/data/*' } },
    transfer_money: { to: { type: 'wildcard' }, amount: { type: 'range', min: 0, max: 1000, minInclusive: true, maxInclusive: true } },
    get_balance: {},
  }),
  ttlSeconds: 7200,
  clock: fixedClock(ISSUED),
  random: seededRandom(1),
});
const leaf = grant({
  parent: root,
  signer: p,
  holder: q.publicKey,
  tools: grants({
    read_file: { path: { type: 'pattern', pattern: '/data/reports/*' } },
    transfer_money: {
      to: { type: 'one_of', values: ['alice', 'bob'] },
      amount: { type: 'range', min: 0, max: 100, minInclusive: true, maxInclusive: true },
    },
    get_balance: {},
  }),
  ttlSeconds: 3600,
  clock: fixedClock(ISSUED),
  random: seededRandom(2),
});
const chain = [root, leaf];

function authorizer(now = NOW, extra: Partial<ConstructorParameters<typeof Authorizer>[0]> = {}): Authorizer {
  return new Authorizer({ trustedRoots: [org.publicKey], clock: fixedClock(now), ...extra });
}

function call(tool: string, args: Args, at = NOW, signer = q, w: SignedWarrant = leaf) {
  return { tool, args, pop: signPop(signer, w.payload.id, tool, args, at) };
}

function decide(tool: string, args: Args, o: { now?: number; signedAt?: number; signer?: typeof q; a?: Authorizer } = {}): string {
  const now = o.now ?? NOW;
  const a = o.a ?? authorizer(now);
  return outcome(() => a.authorize(chain, call(tool, args, o.signedAt ?? now, o.signer ?? q)));
}

describe('decisions', () => {
  it('allows a granted call within its constraints', () => {
    expect(decide('read_file', { path: '/data/reports/q3.pdf' })).toBe('valid');
    expect(decide('transfer_money', { to: 'alice', amount: 50 })).toBe('valid');
    expect(decide('transfer_money', { to: 'bob', amount: new Float(99.5) })).toBe('valid');
    expect(decide('get_balance', {})).toBe('valid');
  });

  it('denies a tool the leaf does not grant, naming it', () => {
    expect(decide('send_email', { to: 'x' })).toBe('tool_not_allowed');
    const e = caught(() => authorizer().authorize(chain, call('send_email', {})));
    expect(e.message).toContain('send_email');
    expect(e.message).toContain('read_file');
  });

  it('never takes a tool from the object prototype', () => {
    for (const tool of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(decide(tool, {})).toBe('tool_not_allowed');
    }
  });

  it('denies arguments outside the constraints', () => {
    expect(decide('read_file', { path: '/etc/passwd' })).toBe('constraint_not_satisfied');
    expect(decide('transfer_money', { to: 'mallory', amount: 5 })).toBe('constraint_not_satisfied');
    expect(decide('transfer_money', { to: 'alice', amount: 101 })).toBe('constraint_not_satisfied');
  });

  it('is closed-world: an argument the constraint set does not name is denied', () => {
    expect(decide('read_file', { path: '/data/reports/a', mode: 'rw' })).toBe('unknown_argument');
  });

  it('treats an empty constraint set as open, as the reference does (closed world starts at one constraint)', () => {
    expect(decide('get_balance', { account: 'x' })).toBe('valid');
  });

  it('denies the leaf presented alone: the worker must present the whole chain [p, q] to the org root', () => {
    const a = authorizer();
    expect(outcome(() => a.authorize([leaf], call('read_file', { path: '/data/reports/a' })))).toBe('chain_not_anchored');
  });

  it('denies when the leaf is an issuer warrant', () => {
    const issuer = mint({
      issuer: org,
      holder: q.publicKey,
      tools: {},
      issuableTools: ['read_file'],
      ttlSeconds: 600,
      clock: fixedClock(NOW),
      random: seededRandom(3),
    });
    const args = { path: '/data/x' };
    const pop = signPop(q, issuer.payload.id, 'read_file', args, NOW);
    expect(outcome(() => authorizer().authorize([issuer], { tool: 'read_file', args, pop }))).toBe('tool_not_allowed');
  });

  it("denies a call from the leaf's expires_at on, without tolerance, even with a fresh PoP", () => {
    const exp = leaf.payload.expiresAt;
    expect(decide('read_file', { path: '/data/reports/a' }, { now: exp })).toBe('warrant_expired');
    expect(decide('read_file', { path: '/data/reports/a' }, { now: exp + 31 })).toBe('warrant_expired');
    expect(decide('read_file', { path: '/data/reports/a' }, { now: exp - 1 })).toBe('valid');
  });

  it('denies a revoked leaf', () => {
    const a = authorizer(NOW, { revoked: [warrantIdString(leaf.payload.id)] });
    expect(decide('read_file', { path: '/data/reports/a' }, { a })).toBe('warrant_revoked');
  });
});

describe('proof-of-possession', () => {
  const args = { path: '/data/reports/a' };

  it('denies a PoP by another key than the holder', () => {
    expect(decide('read_file', args, { signer: attacker })).toBe('pop_failed');
    expect(decide('read_file', args, { signer: p })).toBe('pop_failed');
  });

  it('denies a PoP for other arguments, another tool or another warrant', () => {
    const a = authorizer();
    const forOther = call('read_file', { path: '/data/reports/b' });
    expect(outcome(() => a.authorize(chain, { ...forOther, args }))).toBe('pop_failed');
    const forTool = call('get_balance', {});
    expect(outcome(() => a.authorize(chain, { ...forTool, tool: 'read_file', args }))).toBe('pop_failed');
    const forRoot = call('read_file', args, NOW, q, root);
    expect(outcome(() => a.authorize(chain, forRoot))).toBe('pop_failed');
  });

  it('keeps int and float distinct in what the holder signed', () => {
    const a = authorizer();
    const signedInt = call('transfer_money', { to: 'alice', amount: 50 });
    expect(outcome(() => a.authorize(chain, { ...signedInt, args: { to: 'alice', amount: new Float(50) } }))).toBe('pop_failed');
  });

  it('denies a malformed PoP', () => {
    const a = authorizer();
    expect(outcome(() => a.authorize(chain, { tool: 'read_file', args, pop: new Uint8Array(63) }))).toBe('pop_failed');
    expect(outcome(() => a.authorize(chain, { tool: 'read_file', args, pop: new Uint8Array(64) }))).toBe('pop_failed');
  });

  it('checks PoP before the constraints: a stranger learns nothing about them', () => {
    expect(decide('read_file', { path: '/etc/passwd' }, { signer: attacker })).toBe('pop_failed');
  });

  // NOW is a window start (NOW % 30 === 0). Default 5 windows: offsets 0, −1, +1, −2, +2.
  it('accepts a PoP made at T until T+89 and from T−60, not at T+90 or T−61', () => {
    expect(NOW % 30).toBe(0);
    for (const [now, verdict] of [
      [NOW + 89, 'valid'],
      [NOW + 90, 'pop_failed'],
      [NOW - 60, 'valid'],
      [NOW - 61, 'pop_failed'],
    ] as const) {
      expect(decide('read_file', args, { now, signedAt: NOW }), `verifier at T${now - NOW >= 0 ? '+' : ''}${now - NOW}`).toBe(verdict);
    }
  });

  it('honours maxWindows: 2 windows are offsets 0 and −1 only', () => {
    const two = (now: number) => decide('read_file', args, { now, signedAt: NOW, a: authorizer(now, { maxWindows: 2 }) });
    expect(two(NOW + 59)).toBe('valid');
    expect(two(NOW + 60)).toBe('pop_failed');
    expect(two(NOW - 1)).toBe('pop_failed');
  });

  it('rejects a maxWindows outside 2–10 at construction', () => {
    for (const maxWindows of [1, 11, 2.5]) {
      expect(outcome(() => void authorizer(NOW, { maxWindows }))).toBe('malformed');
    }
  });
});

describe('signature cache', () => {
  const verifyWarrant = vi.mocked(keys.verifyWarrantSignature);
  const verifyRaw = vi.mocked(keys.verifySignature);
  beforeEach(() => {
    verifyWarrant.mockClear();
    verifyRaw.mockClear();
  });

  it('verifies each envelope once; later calls cost one PoP check', () => {
    const a = authorizer();
    a.authorize(chain, call('read_file', { path: '/data/reports/a' }));
    expect(verifyWarrant).toHaveBeenCalledTimes(2);
    expect(verifyRaw).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) a.authorize(chain, call('read_file', { path: `/data/reports/${i}` }));
    expect(verifyWarrant).toHaveBeenCalledTimes(2);
    expect(verifyRaw).toHaveBeenCalledTimes(6);
  });

  it('shares verified envelopes between chains (a new leaf under a cached root costs one check)', () => {
    const a = authorizer();
    a.verifyChain(chain);
    const other = grant({
      parent: root,
      signer: p,
      holder: attacker.publicKey,
      tools: grants({ get_balance: {} }),
      ttlSeconds: 60,
      clock: fixedClock(NOW),
      random: seededRandom(4),
    });
    verifyWarrant.mockClear();
    a.verifyChain([root, other]);
    expect(verifyWarrant).toHaveBeenCalledTimes(1);
  });

  it('still applies the clock to a cached chain', () => {
    const clock = movableClock(NOW);
    const a = new Authorizer({ trustedRoots: [org.publicKey], clock });
    a.verifyChain(chain);
    clock.set(leaf.payload.expiresAt + 31);
    expect(outcome(() => a.verifyChain(chain))).toBe('warrant_expired');
    clock.set(NOW);
    expect(outcome(() => a.verifyChain(chain))).toBe('valid');
  });

  it('does not let a tampered copy of a cached envelope pass', () => {
    const a = authorizer();
    a.verifyChain(chain);
    const tampered = { ...leaf, signature: leaf.signature.map((b, i) => (i === 63 ? b ^ 1 : b)) };
    expect(outcome(() => a.verifyChain([root, tampered]))).toBe('signature_invalid');
    const otherPayload = { ...leaf, payloadBytes: leaf.payloadBytes.map((b, i) => (i === leaf.payloadBytes.length - 1 ? b ^ 1 : b)) };
    expect(outcome(() => a.verifyChain([root, otherPayload]))).toBe('signature_invalid');
  });

  it('recognises an envelope by its bytes, not by the object: bytes changed in place are re-checked', () => {
    const a = authorizer();
    const own = grant({
      parent: root,
      signer: p,
      holder: attacker.publicKey,
      tools: grants({ get_balance: {} }),
      ttlSeconds: 60,
      clock: fixedClock(NOW),
      random: seededRandom(6),
    });
    expect(outcome(() => a.verifyChain([root, own]))).toBe('valid');
    (own.signature as Uint8Array)[0]! ^= 1;
    expect(outcome(() => a.verifyChain([root, own]))).toBe('signature_invalid');
    (own.signature as Uint8Array)[0]! ^= 1;
    expect(outcome(() => a.verifyChain([root, own]))).toBe('valid');
    // An equal copy in a new object is the same envelope: no new signature check.
    verifyWarrant.mockClear();
    const copy = { payloadBytes: Uint8Array.from(own.payloadBytes), payload: own.payload, signature: Uint8Array.from(own.signature) };
    expect(outcome(() => a.verifyChain([root, copy]))).toBe('valid');
    expect(verifyWarrant).not.toHaveBeenCalled();
  });

  it('does not cache a failure', () => {
    const a = authorizer();
    expect(outcome(() => a.verifyChain([leaf]))).toBe('chain_not_anchored');
    expect(outcome(() => a.verifyChain([leaf]))).toBe('chain_not_anchored');
    expect(outcome(() => a.verifyChain(chain))).toBe('valid');
  });
});
