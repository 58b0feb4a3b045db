/**
 * Verify before deserialize (spec wire-format-v1): a payload is not decoded until its signature
 * has verified over its raw bytes; before that only the issuer key is read. Shown two ways: by
 * behaviour (a payload that cannot decode is reported for its signature or anchor when not signed
 * by the right key, and as malformed / unknown_field only when it is), and by counting the calls
 * into the full decoder and the skim (instrumented through module mocks).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as payloadModule from '../../src/warrant/payload.js';
import * as payloadKeyModule from '../../src/warrant/payload-key.js';
import * as keys from '../../src/warrant/keys.js';
import { Authorizer } from '../../src/warrant/authorize.js';
import { grant, mint } from '../../src/warrant/builder.js';
import { decode, encode, type CborValue } from '../../src/warrant/cbor/index.js';
import { decodeWarrant, encodeWarrant } from '../../src/warrant/envelope.js';
import { decodeStack, encodeStack } from '../../src/warrant/stack.js';
import { parseTokens, toBase64UrlToken } from '../../src/warrant/text.js';
import { signPop } from '../../src/warrant/pop.js';
import { warrantIdString } from '../../src/warrant/id.js';
import type { Constraint, ToolGrants } from '../../src/warrant/constraints/types.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import { caught, fixedClock, forge, key, NOW, outcome, seededRandom } from './chain-fixtures.js';

vi.mock('../../src/warrant/payload.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/warrant/payload.js')>();
  return { ...real, decodePayload: vi.fn(real.decodePayload) };
});
vi.mock('../../src/warrant/payload-key.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/warrant/payload-key.js')>();
  return { payloadIssuer: vi.fn(real.payloadIssuer), payloadHolder: vi.fn(real.payloadHolder) };
});
vi.mock('../../src/warrant/keys.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/warrant/keys.js')>();
  return { ...real, verifyWarrantSignature: vi.fn(real.verifyWarrantSignature) };
});

const decodes = vi.mocked(payloadModule.decodePayload);
const issuerSkims = vi.mocked(payloadKeyModule.payloadIssuer);
const holderSkims = vi.mocked(payloadKeyModule.payloadHolder);
const signatureChecks = vi.mocked(keys.verifyWarrantSignature);

const org = key('control_plane');
const p = key('orchestrator');
const q = key('worker');
const stranger = key('attacker');

const range = (min: number): Constraint => ({ type: 'range', min, max: null, minInclusive: true, maxInclusive: true });
const grants = (tools: Record<string, Record<string, Constraint>>): ToolGrants =>
  Object.fromEntries(Object.entries(tools).map(([t, c]) => [t, { constraints: c, allowUnknown: false }]));
const TOOLS = grants({ transfer: { amount: range(1.5) } });

const root = mint({ issuer: org, holder: p.publicKey, tools: TOOLS, ttlSeconds: 3600, clock: fixedClock(NOW), random: seededRandom(21) });
const child = grant({
  parent: root,
  signer: p,
  holder: q.publicKey,
  tools: TOOLS,
  ttlSeconds: 600,
  clock: fixedClock(NOW),
  random: seededRandom(22),
});

/** Wire round trip: what a verifier receives (payloads not yet decoded). */
const received = (w: SignedWarrant): SignedWarrant => decodeWarrant(encodeWarrant(w));

function authorizer(o: { roots?: Uint8Array[]; revoked?: string[] } = {}): Authorizer {
  return new Authorizer({ trustedRoots: o.roots ?? [org.publicKey], clock: fixedClock(NOW), revoked: o.revoked ?? [] });
}

const verdict = (chain: readonly SignedWarrant[], o: { roots?: Uint8Array[]; revoked?: string[] } = {}) =>
  outcome(() => authorizer(o).verifyChain(chain));

/** Payload bytes with key 12 (the removed trust_ceiling) inserted: they do not decode (unknown_field). */
function withKey12(bytes: Uint8Array): Uint8Array {
  const m = decode(bytes) as Map<CborValue, CborValue>;
  const out = new Map<CborValue, CborValue>();
  for (const [k, v] of m) {
    if ((k as number) > 12 && !out.has(12)) out.set(12, 1);
    out.set(k, v);
  }
  return encode(out);
}

/** The same payload with the range's 1.5 written as a float32 instead of the shortest float16. */
function nonCanonical(bytes: Uint8Array): Uint8Array {
  const at = Buffer.from(bytes).indexOf(Buffer.from([0xf9, 0x3e, 0x00]));
  expect(at).toBeGreaterThan(0);
  return Uint8Array.from([...bytes.subarray(0, at), 0xfa, 0x3f, 0xc0, 0x00, 0x00, ...bytes.subarray(at + 3)]);
}

/** An envelope around `payloadBytes`, signed by `signer`, as received from the wire. */
function signed(payloadBytes: Uint8Array, signer: keys.SigningKey): SignedWarrant {
  return decodeWarrant(encode([1, payloadBytes, [1, keys.signWarrantPayload(signer, payloadBytes)]]));
}

beforeEach(() => {
  decodes.mockClear();
  issuerSkims.mockClear();
  holderSkims.mockClear();
  signatureChecks.mockClear();
});

describe('decoding an envelope leaves the payload undecoded', () => {
  it('decodeWarrant, decodeStack and parseTokens check the envelope only; payload decodes on first read, once', () => {
    const ws = [decodeWarrant(encodeWarrant(root)), ...decodeStack(encodeStack([root, child])), ...parseTokens(toBase64UrlToken(child))];
    expect(decodes).not.toHaveBeenCalled();
    const first = ws[0]!.payload;
    expect(decodes).toHaveBeenCalledTimes(1);
    expect(ws[0]!.payload).toBe(first); // remembered
    expect(decodes).toHaveBeenCalledTimes(1);
    expect(first).toEqual(root.payload);
    expect(ws.map((w) => warrantIdString(w.payload.id))).toEqual([root, root, child, child].map((w) => warrantIdString(w.payload.id)));
  });

  it('a payload that does not decode throws its WarrantError at each read, decoding it once', () => {
    const twelve = decodeWarrant(encode([1, withKey12(root.payloadBytes), [1, root.signature]]));
    const f = caught(() => twelve.payload);
    expect(f.code).toBe('unknown_field');
    expect(f.message).toMatch(/^envelope: payload: unknown field key 12/);
    expect(caught(() => twelve.payload)).toBe(f);
    expect(decodes).toHaveBeenCalledTimes(1);

    const [, second] = decodeStack(
      encode([
        [1, root.payloadBytes, [1, root.signature]],
        [1, nonCanonical(child.payloadBytes), [1, child.signature]],
      ]),
    );
    const g = caught(() => second!.payload);
    expect(g.code).toBe('malformed');
    expect(g.message).toMatch(/^stack\[1\]: payload is not in canonical form/);
  });
});

describe('the chain verifier reads nothing but the issuer key before the signatures', () => {
  it('a bad signature is found with one skim of the root issuer and no decode at all', () => {
    const bad = received({ ...child, signature: child.signature.map((b, i) => (i === 0 ? b ^ 1 : b)) });
    const chain = [received(root), bad];
    expect(verdict(chain)).toBe('signature_invalid');
    expect(decodes).not.toHaveBeenCalled();
    expect(issuerSkims).toHaveBeenCalledTimes(2); // the root's, and the failing child's claimed issuer
    expect(holderSkims).toHaveBeenCalledTimes(1); // the verified root's holder: who must sign link 1
  });

  it('an untrusted root is refused with one skim and no signature check or decode', () => {
    expect(verdict([received(root), received(child)], { roots: [stranger.publicKey] })).toBe('chain_not_anchored');
    expect(issuerSkims).toHaveBeenCalledTimes(1);
    expect(signatureChecks).not.toHaveBeenCalled();
    expect(decodes).not.toHaveBeenCalled();
  });

  it('a valid chain: every signature, then each payload decoded once; a repeated call decodes and skims nothing', () => {
    const chain = [received(root), received(child)];
    const a = authorizer();
    const call = (amount: number) => {
      const pop = signPop(q, child.payload.id, 'transfer', { amount }, NOW);
      a.authorize(chain, { tool: 'transfer', args: { amount }, pop });
    };
    call(2);
    expect(signatureChecks).toHaveBeenCalledTimes(2);
    expect(decodes).toHaveBeenCalledTimes(2);
    expect(issuerSkims).toHaveBeenCalledTimes(1);
    expect(holderSkims).toHaveBeenCalledTimes(1);
    // The signatures were all checked before the first decode.
    expect(Math.max(...signatureChecks.mock.invocationCallOrder)).toBeLessThan(Math.min(...decodes.mock.invocationCallOrder));
    for (let i = 0; i < 5; i++) call(3 + i);
    expect(signatureChecks).toHaveBeenCalledTimes(2);
    expect(decodes).toHaveBeenCalledTimes(2);
    expect(issuerSkims).toHaveBeenCalledTimes(1);
    expect(holderSkims).toHaveBeenCalledTimes(1);
  });
});

describe('a payload that would not decode: its signature decides first', () => {
  for (const [name, corrupt, code] of [
    ['unknown key 12', withKey12, 'unknown_field'],
    ['non-canonical float', nonCanonical, 'malformed'],
  ] as const) {
    it(`root with ${name}: chain_not_anchored / signature_invalid unless signed by the trusted root, then ${code}`, () => {
      const bytes = corrupt(root.payloadBytes);
      // Names org as issuer but signed by a stranger: the signature fails, nothing is decoded.
      expect(verdict([signed(bytes, stranger)])).toBe('signature_invalid');
      // The stranger is trusted, but the payload names org: not anchored.
      expect(verdict([signed(bytes, stranger)], { roots: [stranger.publicKey] })).toBe('chain_not_anchored');
      expect(decodes).not.toHaveBeenCalled();
      // Properly signed: the decode runs, after the signature, and refuses the payload.
      const e = caught(() => authorizer().verifyChain([signed(bytes, org)]));
      expect(e.code).toBe(code);
      expect(e.message).toMatch(/^link 0: envelope: payload/);
      expect(decodes).toHaveBeenCalledTimes(1);
    });

    it(`child with ${name}: signature_invalid unless signed by the parent's holder, then ${code}`, () => {
      const bytes = corrupt(child.payloadBytes);
      expect(verdict([received(root), signed(bytes, q)])).toBe('signature_invalid');
      expect(verdict([received(root), signed(bytes, org)])).toBe('signature_invalid');
      expect(decodes).not.toHaveBeenCalled();
      const e = caught(() => authorizer().verifyChain([received(root), signed(bytes, p)]));
      expect(e.code).toBe(code);
      expect(e.message).toMatch(/^link 1: envelope: payload/);
    });
  }

  it('a root whose issuer cannot be read is malformed, naming the link and field', () => {
    const m = decode(root.payloadBytes) as Map<CborValue, CborValue>;
    m.delete(5);
    const e = caught(() => authorizer().verifyChain([signed(encode(m), org)]));
    expect(e.code).toBe('malformed');
    expect(e.message).toBe('link 0: payload: missing field 5 (issuer)');
    // A verified parent without a holder cannot say who signs the next link.
    const noHolder = decode(root.payloadBytes) as Map<CborValue, CborValue>;
    noHolder.delete(4);
    expect(caught(() => authorizer().verifyChain([signed(encode(noHolder), org), received(child)])).message).toBe(
      'link 0: payload: missing field 4 (holder)',
    );
  });
});

describe('order between defects under verify before deserialize', () => {
  it('signatures before revocation, cycles, structure and every link rule', () => {
    const revoked = [warrantIdString(child.payload.id)];
    const lateUnsigned = { ...forge(child.payload, { expiresAt: root.payload.expiresAt + 1, depth: 9 }, p), signature: new Uint8Array(64) };
    expect(verdict([root, lateUnsigned], { revoked: [warrantIdString(lateUnsigned.payload.id)] })).toBe('signature_invalid');
    expect(verdict([root, child], { revoked, roots: [stranger.publicKey] })).toBe('chain_not_anchored');
    expect(verdict([root, child], { revoked })).toBe('warrant_revoked');
  });

  it('a failing child is classified by its claimed issuer: a forged link if that key signed it, else a bad signature', () => {
    // Names q and is signed by q: a valid signature by a key that is not the parent's holder (A.4).
    const forged = forge(child.payload, { issuer: q.publicKey }, q);
    const e = caught(() => authorizer().verifyChain([root, forged]));
    expect(e.code).toBe('delegation_authority_violated');
    expect(e.message).toBe(
      `link 1: issuer ${Buffer.from(q.publicKey).toString('hex')} is not the parent's holder ${Buffer.from(p.publicKey).toString('hex')} (the link is signed by ${Buffer.from(q.publicKey).toString('hex')})`,
    );
    // Names q but signed by the stranger: no key vouches for it, so it is just a bad signature.
    expect(verdict([root, forge(child.payload, { issuer: q.publicKey }, stranger)])).toBe('signature_invalid');
    // Signed by the parent's holder but naming another issuer: verified, then I1 names the id.
    const misnamed = forge(child.payload, { issuer: q.publicKey }, p);
    expect(caught(() => authorizer().verifyChain([root, misnamed])).message).toMatch(
      /^link 1 \(tnu_wrt_[0-9a-f]{32}\): issuer [0-9a-f]{64} is not the parent's holder /,
    );
  });

  it('the signature cache is keyed by the key too: a cached envelope under another parent is checked again', () => {
    const a = authorizer();
    a.verifyChain([root, child]);
    // Another root from org whose holder is q: child (signed by p) must now verify under q.
    const otherRoot = mint({
      issuer: org,
      holder: q.publicKey,
      tools: TOOLS,
      ttlSeconds: 3600,
      clock: fixedClock(NOW),
      random: seededRandom(23),
    });
    signatureChecks.mockClear();
    expect(outcome(() => a.verifyChain([otherRoot, child]))).toBe('delegation_authority_violated');
    expect(signatureChecks.mock.calls.map(([k]) => Buffer.from(k).toString('hex'))).toEqual(
      [org.publicKey, q.publicKey].map((k) => Buffer.from(k).toString('hex')),
    );
    // Back under its own parent: cached, no check.
    signatureChecks.mockClear();
    expect(outcome(() => a.verifyChain([root, child]))).toBe('valid');
    expect(signatureChecks).not.toHaveBeenCalled();
  });
});
