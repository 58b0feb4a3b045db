/**
 * Ed25519 through @noble/ed25519 v3: the reference backend, used by tests to cross-check the
 * node:crypto fast path (pure JS, ≈ 10× slower).
 *
 * noble's strict mode (`zip215: false`) rejects non-canonical encodings and small-order public
 * keys, but it checks the cofactored equation [8](R + kA − SB) = 0, while dalek `verify_strict`
 * (and OpenSSL) check the cofactorless one, R = SB − kA, and dalek also rejects a small-order R.
 * With the cofactored check alone, a signer could add a torsion component to R and get a
 * signature that noble accepts and the reference rejects. So after the library's verdict we also
 * demand the cofactorless equation, computed with noble's own point arithmetic, and we run the
 * same byte screening as the fast path (strict.ts).
 */
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesEqual, concatBytes } from '../../lib/bytes.js';
import type { Ed25519Backend, Ed25519Signer } from './backend.js';
import { assertSeed, passesStrictEncodingChecks } from './strict.js';

// noble ships without a hash so it can stay dependency-free; the sync API needs SHA-512 wired.
ed.hashes.sha512 = sha512;

const L = 2n ** 252n + 27742317777372353535851937790883648493n;

function littleEndianToBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]!);
  return n;
}

/** dalek's equation: the canonical encoding of [S]B − [k]A must equal the R bytes. */
function cofactorlessHolds(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const r = signature.subarray(0, 32);
  const s = littleEndianToBigInt(signature.subarray(32, 64));
  const k = littleEndianToBigInt(sha512(concatBytes(r, publicKey, message))) % L;
  const a = ed.Point.fromBytes(publicKey, false);
  // multiply(.., false): variable-time and accepts 0, which is fine for public verification data.
  const check = ed.Point.BASE.multiply(s, false).subtract(a.multiply(k, false));
  return bytesEqual(check.toBytes(), r);
}

class NobleSigner implements Ed25519Signer {
  readonly publicKey: Uint8Array;
  readonly #seed: Uint8Array;

  constructor(seed: Uint8Array) {
    this.#seed = seed.slice();
    this.publicKey = ed.getPublicKey(this.#seed);
  }

  sign(message: Uint8Array): Uint8Array {
    return ed.sign(message, this.#seed);
  }
}

export const nobleEd25519: Ed25519Backend = {
  name: '@noble/ed25519',
  signerFromSeed(seed: Uint8Array): Ed25519Signer {
    assertSeed(seed);
    return new NobleSigner(seed);
  },
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
    if (!passesStrictEncodingChecks(publicKey, signature) || !(message instanceof Uint8Array)) return false;
    try {
      if (!ed.verify(signature, message, publicKey, { zip215: false })) return false;
      return cofactorlessHolds(publicKey, message, signature);
    } catch {
      return false;
    }
  },
};

/** noble's own strict verdict with no screening and no cofactorless check: only for tests. */
export function rawNobleVerify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return ed.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
}
