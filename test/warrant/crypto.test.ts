/**
 * Keys and signatures: both Ed25519 backends (node:crypto fast path, @noble/ed25519 reference)
 * must give the same verdict on every official vector and on hand-built edge cases, and both must
 * be as strict as the reference's dalek `verify_strict`.
 */
import { describe, expect, it } from 'vitest';
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { createHash } from 'node:crypto';
import vectors from '../fixtures/tenuo-test-vectors.json' with { type: 'json' };
import { decode, type CborValue } from '../../src/warrant/cbor/index.js';
import { concatBytes, fromHex, toHex, utf8 } from '../../src/lib/bytes.js';
import { nodeEd25519, rawNodeVerify } from '../../src/warrant/crypto/ed25519-node.js';
import { nobleEd25519, rawNobleVerify } from '../../src/warrant/crypto/ed25519-noble.js';
import type { Ed25519Backend } from '../../src/warrant/crypto/backend.js';
import { warrantSigningMessage } from '../../src/warrant/crypto/domain.js';
import { decodePayload, decodeWarrant } from '../../src/warrant/envelope.js';
import { sha256 } from '../../src/warrant/crypto/sha256.js';
import {
  isCanonicalPointEncoding,
  isCanonicalScalar,
  isSmallOrderEncoding,
  SMALL_ORDER_ENCODINGS,
  WEAK_POINT_ENCODINGS,
} from '../../src/warrant/crypto/small-order.js';
import { SigningKey, signWarrantPayload, verifySignature, verifyWarrantSignature } from '../../src/warrant/keys.js';

ed.hashes.sha512 = sha512;

const BACKENDS: readonly Ed25519Backend[] = [nodeEd25519, nobleEd25519];
const hex = (s: string): Uint8Array => {
  const b = fromHex(s);
  if (!b) throw new Error(`bad hex in fixture: ${s.slice(0, 16)}…`);
  return b;
};
const keys = vectors.keys as Record<string, { seed: string; public_key: string }>;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const leToBig = (b: Uint8Array): bigint => b.reduceRight((n, x) => (n << 8n) | BigInt(x), 0n);
const bigToLe = (n: bigint): Uint8Array => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++, n >>= 8n) out[i] = Number(n & 0xffn);
  return out;
};
/** k = SHA-512(R ‖ A ‖ M) mod L, the RFC 8032 challenge scalar. */
const challengeScalar = (r: Uint8Array, a: Uint8Array, m: Uint8Array): bigint => leToBig(sha512(concatBytes(r, a, m))) % L;

/** Verdict of every backend; the test then demands they agree. */
const verdicts = (pub: Uint8Array, msg: Uint8Array, sig: Uint8Array): boolean[] => BACKENDS.map((b) => b.verify(pub, msg, sig));

interface SignedCase {
  label: string;
  payload: Uint8Array;
  signature: Uint8Array;
  issuer: Uint8Array; // the key the warrant names as issuer
  signerSeed: Uint8Array; // the seed that really signed it
  expectValid: boolean;
}

/** The envelope codec (envelope.ts) gives the signed payload bytes, the signature and the issuer. */
function readEnvelope(bytes: Uint8Array): { payload: Uint8Array; signature: Uint8Array; issuer: Uint8Array } {
  const w = decodeWarrant(bytes);
  // Cross-check the codec against a plain CBOR read of [1, bstr payload, [1, bstr sig]].
  const env = decode(bytes) as CborValue[];
  expect(toHex(env[1] as Uint8Array)).toBe(toHex(w.payloadBytes));
  expect(toHex((env[2] as CborValue[])[1] as Uint8Array)).toBe(toHex(w.signature));
  return { payload: w.payloadBytes, signature: w.signature, issuer: w.payload.issuer };
}

function signedCases(): SignedCase[] {
  const out: SignedCase[] = [];
  for (const v of vectors.vectors) {
    const ws = (v as { warrants?: Record<string, unknown>[] }).warrants ?? [];
    for (const w of ws) {
      const issuerRole = w['issuer_role'] as string;
      const signerRole = w['signer_role'] as string;
      out.push({
        label: `${v.id} ${w['label'] as string}`,
        payload: hex(w['payload_cbor'] as string),
        signature: hex(w['signature'] as string),
        issuer: hex(w['issuer'] as string),
        signerSeed: hex(keys[signerRole]!.seed),
        // Valid exactly when the role that signed is the role named as issuer (A.14's forgery
        // is signed by the attacker while naming the control plane).
        expectValid: signerRole === issuerRole,
      });
      expect(w['signature_valid_under_issuer']).toBe(signerRole === issuerRole);
      // The issuer the vector names is the one the payload itself carries (wire key 5).
      expect(toHex(decodePayload(hex(w['payload_cbor'] as string)).issuer)).toBe(w['issuer']);
    }
  }
  const pop = vectors.pop_canonical_fixture;
  for (const c of pop.cases) {
    const env = readEnvelope(hex(c.warrant_envelope_cbor));
    expect(toHex(env.issuer)).toBe(pop.issuer_public_key);
    out.push({
      label: `pop_canonical ${c.name}`,
      ...env,
      signerSeed: hex(pop.issuer_seed),
      expectValid: true,
    });
  }
  return out;
}

describe('official vectors through both backends', () => {
  const cases = signedCases();

  it('covers 44 signed warrants and 11 pop_canonical envelopes', () => {
    expect(cases.filter((c) => !c.label.startsWith('pop_canonical'))).toHaveLength(44);
    expect(cases.filter((c) => c.label.startsWith('pop_canonical'))).toHaveLength(11);
    expect(cases.filter((c) => !c.expectValid).map((c) => c.label)).toEqual(['A.14 A.14 Forged (Invalid Signature)']);
  });

  it.each(cases.map((c) => [c.label, c] as const))('%s: verdict under the issuer, both backends agree', (_label, c) => {
    const message = warrantSigningMessage(c.payload);
    expect(toHex(message.subarray(0, 17))).toBe(toHex(concatBytes(utf8('tenuo-warrant-v1'), Uint8Array.of(1))));
    expect(verdicts(c.issuer, message, c.signature)).toEqual([c.expectValid, c.expectValid]);
    expect(verifyWarrantSignature(c.issuer, c.payload, c.signature)).toBe(c.expectValid);
    // The raw payload alone (no domain prefix) never verifies: the prefix is part of the message.
    expect(verdicts(c.issuer, c.payload, c.signature)).toEqual([false, false]);
  });

  it.each(cases.map((c) => [c.label, c] as const))('%s: re-signing from the signer seed reproduces the bytes', (_label, c) => {
    const message = warrantSigningMessage(c.payload);
    for (const backend of BACKENDS) {
      const signer = backend.signerFromSeed(c.signerSeed);
      expect(toHex(signer.sign(message))).toBe(toHex(c.signature));
      expect(backend.verify(signer.publicKey, message, c.signature)).toBe(true);
    }
    expect(toHex(signWarrantPayload(SigningKey.fromSeed(c.signerSeed), c.payload))).toBe(toHex(c.signature));
  });

  it('derives every role public key from its seed, identically in both backends', () => {
    for (const [role, k] of Object.entries(keys)) {
      for (const backend of BACKENDS) {
        expect(toHex(backend.signerFromSeed(hex(k.seed)).publicKey), `${role} via ${backend.name}`).toBe(k.public_key);
      }
      expect(toHex(SigningKey.fromSeed(hex(k.seed)).publicKey)).toBe(k.public_key);
    }
  });
});

describe('strictness (dalek verify_strict parity)', () => {
  const identity = hex('0100000000000000000000000000000000000000000000000000000000000000');

  it('rejects the identity key with R = identity and S = 0, which raw node:crypto accepts', () => {
    const sig = concatBytes(identity, new Uint8Array(32));
    for (const msg of [utf8('any message'), utf8('transfer 1000000 to the attacker'), new Uint8Array(0)]) {
      // Without the blocklist, node:crypto (OpenSSL) would take this for a valid signature of
      // every message: the blocklist is what makes the fast path strict.
      expect(rawNodeVerify(identity, msg, sig)).toBe(true);
      expect(verdicts(identity, msg, sig)).toEqual([false, false]);
      expect(verifySignature(identity, msg, sig)).toBe(false);
    }
  });

  it('lists exactly the 8 small-order points, each of order dividing 8, and 14 weak encodings', () => {
    expect(SMALL_ORDER_ENCODINGS).toHaveLength(8);
    expect(new Set(SMALL_ORDER_ENCODINGS.map(toHex)).size).toBe(8);
    for (const e of SMALL_ORDER_ENCODINGS) {
      const p = ed.Point.fromBytes(e, false); // canonical: strict decoding accepts it
      expect(p.multiply(8n, false).is0(), toHex(e)).toBe(true);
    }
    // Orders 1, 2, 4, 4, 8, 8, 8, 8: the full torsion subgroup.
    const orders = SMALL_ORDER_ENCODINGS.map((e) => {
      const p = ed.Point.fromBytes(e, false);
      return [1n, 2n, 4n, 8n].find((n) => p.multiply(n, false).is0());
    });
    expect(orders.sort()).toEqual([1n, 2n, 4n, 4n, 8n, 8n, 8n, 8n]);
    expect(WEAK_POINT_ENCODINGS).toHaveLength(14);
    for (const e of WEAK_POINT_ENCODINGS) {
      expect(isSmallOrderEncoding(e)).toBe(true);
      // Every weak encoding decodes (permissively, as dalek and OpenSSL do) to a small-order point.
      expect(ed.Point.fromBytes(e, true).isSmallOrder(), toHex(e)).toBe(true);
    }
    // 6 of the 14 are non-canonical: y ≥ p, or x = 0 with the sign bit set.
    const nonCanonical = WEAK_POINT_ENCODINGS.filter((e) => {
      try {
        ed.Point.fromBytes(e, false);
        return false;
      } catch {
        return true;
      }
    });
    expect(nonCanonical).toHaveLength(6);
  });

  it('rejects all 14 weak public-key encodings with signatures raw node:crypto accepts', () => {
    // R = [s]B and a message chosen so that k ≡ 0 (mod 8): then [k]A is the identity for any
    // small-order A, and [s]B = R + [k]A holds cofactorless.
    const s = 0x1234567n;
    const r = ed.Point.BASE.multiply(s).toBytes();
    const sig = concatBytes(r, bigToLe(s));
    for (const a of WEAK_POINT_ENCODINGS) {
      let msg: Uint8Array | undefined;
      for (let i = 0; i < 512 && !msg; i++) {
        const m = utf8(`weak key probe ${i}`);
        if (challengeScalar(r, a, m) % 8n === 0n) msg = m;
      }
      expect(msg).toBeDefined();
      expect(rawNodeVerify(a, msg!, sig), toHex(a)).toBe(true);
      expect(verdicts(a, msg!, sig), toHex(a)).toEqual([false, false]);
    }
  });

  it('rejects R = identity under an honest key (raw node:crypto accepts it)', () => {
    const seed = hex(keys['worker']!.seed);
    const { scalar, pointBytes: a } = ed.utils.getExtendedPublicKey(seed);
    const msg = utf8('small-order R');
    // S = k·a makes [S]B = [k]A = R + [k]A with R the identity.
    const sig = concatBytes(identity, bigToLe((challengeScalar(identity, a, msg) * scalar) % L));
    expect(rawNodeVerify(a, msg, sig)).toBe(true);
    expect(rawNobleVerify(a, msg, sig)).toBe(true);
    expect(verdicts(a, msg, sig)).toEqual([false, false]);
  });

  it('rejects a mixed-order R (torsion added), which noble strict mode alone accepts', () => {
    const seed = hex(keys['orchestrator']!.seed);
    const { scalar, pointBytes: a } = ed.utils.getExtendedPublicKey(seed);
    const r = 0x5eedn;
    const torsion = ed.Point.fromBytes(
      SMALL_ORDER_ENCODINGS.find((e) => toHex(e).startsWith('c717'))!,
      false,
    );
    const rMixed = ed.Point.BASE.multiply(r).add(torsion).toBytes();
    const msg = utf8('mixed R');
    const sig = concatBytes(rMixed, bigToLe((r + challengeScalar(rMixed, a, msg) * scalar) % L));
    expect(rawNobleVerify(a, msg, sig)).toBe(true); // cofactored equation holds
    expect(rawNodeVerify(a, msg, sig)).toBe(false); // cofactorless fails, as in dalek
    expect(verdicts(a, msg, sig)).toEqual([false, false]);
  });

  it('accepts a mixed-order public key when the cofactorless equation holds (dalek does too)', () => {
    const seed = hex(keys['worker2']!.seed);
    const { scalar } = ed.utils.getExtendedPublicKey(seed);
    const torsion = ed.Point.fromBytes(
      SMALL_ORDER_ENCODINGS.find((e) => toHex(e).startsWith('26e8'))!,
      false,
    );
    const aMixed = ed.Point.BASE.multiply(scalar).add(torsion).toBytes();
    expect(isSmallOrderEncoding(aMixed)).toBe(false);
    const r = 0xabcdefn;
    const rb = ed.Point.BASE.multiply(r).toBytes();
    let msg: Uint8Array | undefined;
    for (let i = 0; i < 512 && !msg; i++) {
      const m = utf8(`mixed key ${i}`);
      if (challengeScalar(rb, aMixed, m) % 8n === 0n) msg = m; // [k]T vanishes
    }
    const sig = concatBytes(rb, bigToLe((r + challengeScalar(rb, aMixed, msg!) * scalar) % L));
    expect(rawNodeVerify(aMixed, msg!, sig)).toBe(true);
    expect(verdicts(aMixed, msg!, sig)).toEqual([true, true]);
  });

  it('rejects S ≥ L (the malleated twin S + L of a valid signature)', () => {
    const key = SigningKey.fromSeed(hex(keys['worker']!.seed));
    const msg = utf8('malleability');
    const sig = key.sign(msg);
    expect(verdicts(key.publicKey, msg, sig)).toEqual([true, true]);
    const twin = concatBytes(sig.subarray(0, 32), bigToLe(leToBig(sig.subarray(32)) + L));
    expect(isCanonicalScalar(twin.subarray(32))).toBe(false);
    expect(verdicts(key.publicKey, msg, twin)).toEqual([false, false]);
    expect(isCanonicalScalar(bigToLe(L - 1n))).toBe(true);
    expect(isCanonicalScalar(bigToLe(L))).toBe(false);
  });

  it('rejects non-canonical point encodings (y ≥ p) as key or R', () => {
    const p = 2n ** 255n - 19n;
    for (let y = p; y < 2n ** 255n; y++) {
      const enc = bigToLe(y);
      expect(isCanonicalPointEncoding(enc)).toBe(false);
      const sig = concatBytes(enc, new Uint8Array(32));
      expect(verdicts(enc, utf8('x'), sig)).toEqual([false, false]);
    }
    expect(isCanonicalPointEncoding(bigToLe(p - 1n))).toBe(true);
  });

  it('returns false, never throws, on wrong lengths and junk', () => {
    const key = SigningKey.fromSeed(hex(keys['worker']!.seed));
    const msg = utf8('length');
    const sig = key.sign(msg);
    const cases: [Uint8Array, Uint8Array][] = [
      [key.publicKey.subarray(0, 31), sig],
      [concatBytes(key.publicKey, Uint8Array.of(0)), sig],
      [key.publicKey, sig.subarray(0, 63)],
      [key.publicKey, concatBytes(sig, Uint8Array.of(0))],
      [new Uint8Array(0), new Uint8Array(0)],
      [new Uint8Array(32).fill(0xaa), sig], // not a curve point
    ];
    for (const [pub, s] of cases) expect(verdicts(pub, msg, s)).toEqual([false, false]);
    const junk = [undefined, null, 'abc', 42, [1, 2]] as unknown as Uint8Array[];
    for (const j of junk) {
      expect(verdicts(j, msg, sig)).toEqual([false, false]);
      expect(verdicts(key.publicKey, msg, j)).toEqual([false, false]);
    }
    expect(() => SigningKey.fromSeed(new Uint8Array(31))).toThrow(expect.objectContaining({ code: 'malformed' }));
    expect(() => nobleEd25519.signerFromSeed(new Uint8Array(64))).toThrow(expect.objectContaining({ code: 'malformed' }));
  });

  it('agrees across backends on honest and tampered signatures (deterministic sample)', () => {
    for (let i = 0; i < 16; i++) {
      const seed = sha256(utf8(`seed ${i}`));
      const msg = sha512(utf8(`message ${i}`)).subarray(0, i * 4);
      const key = SigningKey.fromSeed(seed);
      const sig = key.sign(msg);
      expect(toHex(nobleEd25519.signerFromSeed(seed).sign(msg))).toBe(toHex(sig));
      expect(verdicts(key.publicKey, msg, sig)).toEqual([true, true]);
      const flipped = sig.slice();
      flipped[i % 64] = flipped[i % 64]! ^ (1 << (i % 8));
      expect(new Set(verdicts(key.publicKey, msg, flipped)).size).toBe(1);
      expect(verdicts(key.publicKey, msg, flipped)[0]).toBe(false);
      const other = concatBytes(msg, Uint8Array.of(i));
      expect(verdicts(key.publicKey, other, sig)).toEqual([false, false]);
    }
  });
});

describe('sha256', () => {
  it('matches node:crypto on the vectors (payload_sha256)', () => {
    let n = 0;
    for (const v of vectors.vectors) {
      for (const w of (v as { warrants?: { payload_cbor: string; payload_sha256: string }[] }).warrants ?? []) {
        expect(toHex(sha256(hex(w.payload_cbor)))).toBe(w.payload_sha256);
        n++;
      }
    }
    expect(n).toBe(44);
    expect(toHex(sha256(new Uint8Array(0)))).toBe(createHash('sha256').digest('hex'));
  });
});
