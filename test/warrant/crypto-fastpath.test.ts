/**
 * The strict screen (strict.ts) reads R and S in place inside the signature and exits early on
 * byte 1 of a point. These tests hold it to the plain 32-byte definitions (small-order.ts's
 * exported checks on cut-out copies), for every weak encoding in each position and for random and
 * near-miss bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/lib/bytes.js';
import {
  isCanonicalPointEncoding,
  isCanonicalScalar,
  isSmallOrderEncoding,
  WEAK_POINT_ENCODINGS,
} from '../../src/warrant/crypto/small-order.js';
import { passesStrictEncodingChecks } from '../../src/warrant/crypto/strict.js';
import { nodeEd25519 } from '../../src/warrant/crypto/ed25519-node.js';
import { nobleEd25519 } from '../../src/warrant/crypto/ed25519-noble.js';
import { utf8 } from '../../src/lib/bytes.js';

/** The screen's definition, on copies. */
function expected(publicKey: Uint8Array, signature: Uint8Array): boolean {
  const r = signature.slice(0, 32);
  const s = signature.slice(32, 64);
  return (
    isCanonicalScalar(s) &&
    isCanonicalPointEncoding(publicKey) &&
    isCanonicalPointEncoding(r) &&
    !isSmallOrderEncoding(publicKey) &&
    !isSmallOrderEncoding(r)
  );
}

const signer = nodeEd25519.signerFromSeed(new Uint8Array(32).fill(42));
const message = utf8('strict screen');
const good = signer.sign(message);

const withR = (r: Uint8Array): Uint8Array => {
  const sig = good.slice();
  sig.set(r, 0);
  return sig;
};

/** Points one byte away from a weak encoding: must not be flagged small-order. */
const nearMisses = WEAK_POINT_ENCODINGS.flatMap((e) =>
  [0, 1, 15, 31].map((i) => {
    const m = e.slice();
    m[i] = m[i]! ^ (i === 31 ? 0x01 : 0x80);
    return m;
  }),
);

describe('strict screen in place = the 32-byte definitions', () => {
  it('a real key and signature pass, and verify on both backends', () => {
    expect(passesStrictEncodingChecks(signer.publicKey, good)).toBe(true);
    expect(nodeEd25519.verify(signer.publicKey, message, good)).toBe(true);
    expect(nobleEd25519.verify(signer.publicKey, message, good)).toBe(true);
  });

  it.each(WEAK_POINT_ENCODINGS.map((e) => [toHex(e), e] as const))('weak encoding %s is refused as R and as key', (_h, e) => {
    expect(passesStrictEncodingChecks(signer.publicKey, withR(e))).toBe(false);
    expect(passesStrictEncodingChecks(e, good)).toBe(false);
    expect(nodeEd25519.verify(e, message, withR(e))).toBe(false);
  });

  it('near misses of weak encodings are judged as the definition judges them', () => {
    for (const m of nearMisses) {
      expect(passesStrictEncodingChecks(signer.publicKey, withR(m)), toHex(m)).toBe(expected(signer.publicKey, withR(m)));
      expect(passesStrictEncodingChecks(m, good), toHex(m)).toBe(expected(m, good));
      expect(isSmallOrderEncoding(m), toHex(m)).toBe(false);
    }
  });

  it('S at, just under and over L; y at and around p', () => {
    const L = 2n ** 252n + 27742317777372353535851937790883648493n;
    const le = (n: bigint): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
    for (const [s, ok] of [
      [L - 1n, true],
      [L, false],
      [L + 1n, false],
      [2n ** 256n - 1n, false],
      [0n, true],
    ] as const) {
      const sig = good.slice();
      sig.set(le(s), 32);
      expect(passesStrictEncodingChecks(signer.publicKey, sig), `S = ${s}`).toBe(ok);
    }
    const p = 2n ** 255n - 19n;
    for (const y of [p - 2n, p - 1n, p, p + 1n, p + 18n, 2n ** 255n - 1n]) {
      for (const sign of [0, 0x80]) {
        const enc = le(y);
        enc[31] = enc[31]! | sign;
        expect(passesStrictEncodingChecks(signer.publicKey, withR(enc)), `R y = ${y}`).toBe(expected(signer.publicKey, withR(enc)));
        expect(passesStrictEncodingChecks(enc, good), `A y = ${y}`).toBe(expected(enc, good));
      }
    }
  });

  it('random keys and signatures', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 64, maxLength: 64 }), (k, sig) => {
        expect(passesStrictEncodingChecks(k, sig)).toBe(expected(k, sig));
      }),
      { numRuns: 2000 },
    );
  });

  it('wrong lengths and non-byte inputs fail', () => {
    expect(passesStrictEncodingChecks(signer.publicKey.subarray(0, 31), good)).toBe(false);
    expect(passesStrictEncodingChecks(signer.publicKey, good.subarray(0, 63))).toBe(false);
    expect(passesStrictEncodingChecks([...signer.publicKey] as unknown as Uint8Array, good)).toBe(false);
  });
});

describe('node backend key cache (the last key is matched by its bytes)', () => {
  const a = nodeEd25519.signerFromSeed(new Uint8Array(32).fill(1));
  const b = nodeEd25519.signerFromSeed(new Uint8Array(32).fill(2));
  const msg = utf8('key cache');
  const sigA = a.sign(msg);
  const sigB = b.sign(msg);

  it('alternating keys each verify only their own signatures', () => {
    for (let i = 0; i < 3; i++) {
      expect(nodeEd25519.verify(a.publicKey, msg, sigA)).toBe(true);
      expect(nodeEd25519.verify(a.publicKey, msg, sigB)).toBe(false);
      expect(nodeEd25519.verify(b.publicKey, msg, sigB)).toBe(true);
      expect(nodeEd25519.verify(b.publicKey, msg, sigA)).toBe(false);
    }
  });

  it('an array changed in place after a verification is read afresh', () => {
    const key = a.publicKey.slice();
    expect(nodeEd25519.verify(key, msg, sigA)).toBe(true);
    key.set(b.publicKey);
    expect(nodeEd25519.verify(key, msg, sigA)).toBe(false);
    expect(nodeEd25519.verify(key, msg, sigB)).toBe(true);
    // One bit off anywhere (first, middle, last byte) is some other key or none: never b's.
    for (const i of [0, 15, 31]) {
      expect(nodeEd25519.verify(b.publicKey, msg, sigB)).toBe(true); // b is the last key again
      key.set(b.publicKey);
      key[i] = key[i]! ^ 1;
      expect(nodeEd25519.verify(key, msg, sigB), `byte ${i}`).toBe(false);
    }
  });

  it('a key view inside a larger buffer is compared on its own 32 bytes', () => {
    const big = new Uint8Array(96);
    big.set(b.publicKey, 0);
    big.set(a.publicKey, 32);
    big.set(b.publicKey, 64);
    expect(nodeEd25519.verify(big.subarray(32, 64), msg, sigA)).toBe(true);
    expect(nodeEd25519.verify(big.subarray(0, 32), msg, sigA)).toBe(false);
    expect(nodeEd25519.verify(big.subarray(64, 96), msg, sigB)).toBe(true);
  });
});
