/**
 * Ed25519 through node:crypto (OpenSSL): the fast path.
 *
 * Public keys arrive as 32 raw bytes. Importing them is the expensive part of a verification if
 * done every time (SPKI/DER import ≈ 74 µs, as much as the verify itself), so KeyObjects are
 * imported via JWK (≈ 5 µs) and kept in a small bounded cache keyed by the key's base64url form
 * (which the JWK needs anyway). Strictness comes from strict.ts, checked before OpenSSL runs.
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { Ed25519Backend, Ed25519Signer } from './backend.js';
import { assertSeed, passesStrictEncodingChecks, SEED_LENGTH } from './strict.js';

/** Enough for every key of a run (org, planner, worker, approvers) many times over. */
const KEY_CACHE_LIMIT = 256;
const keyCache = new Map<string, KeyObject>();

/**
 * The last key handed out, with a copy of its bytes: per-call checks verify under the same holder
 * key over and over, and comparing 32 bytes is cheaper than building the base64url string and
 * hashing it. Bytes, not object identity: a caller may reuse or change its array.
 */
const lastKeyBytes = new Uint8Array(32);
let lastKey: KeyObject | undefined;

function isLastKey(publicKey: Uint8Array): boolean {
  if (lastKey === undefined || publicKey.length !== 32) return false;
  for (let i = 0; i < 32; i++) if (publicKey[i] !== lastKeyBytes[i]) return false;
  return true;
}

/** The KeyObject for 32 key bytes (the callers have checked the length). */
function publicKeyObject(publicKey: Uint8Array): KeyObject {
  if (isLastKey(publicKey)) return lastKey!;
  const key = cachedKeyObject(publicKey);
  lastKeyBytes.set(publicKey);
  lastKey = key;
  return key;
}

function cachedKeyObject(publicKey: Uint8Array): KeyObject {
  const x = Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.byteLength).toString('base64url');
  let key = keyCache.get(x);
  if (key === undefined) {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    // Bounded: evict the oldest entry (Map keeps insertion order). A flood of distinct keys costs
    // re-imports, never memory.
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.delete(keyCache.keys().next().value!);
    keyCache.set(x, key);
  }
  return key;
}

/** PKCS#8 v1 DER prefix of an Ed25519 private key (RFC 8410); the 32-byte seed follows. */
const PKCS8_PREFIX = Uint8Array.of(0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20);

class NodeSigner implements Ed25519Signer {
  readonly publicKey: Uint8Array;
  readonly #privateKey: KeyObject;

  constructor(seed: Uint8Array) {
    const der = new Uint8Array(PKCS8_PREFIX.length + SEED_LENGTH);
    der.set(PKCS8_PREFIX);
    der.set(seed, PKCS8_PREFIX.length);
    this.#privateKey = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' });
    der.fill(0);
    const jwk = createPublicKey(this.#privateKey).export({ format: 'jwk' });
    this.publicKey = new Uint8Array(Buffer.from(jwk.x!, 'base64url'));
  }

  sign(message: Uint8Array): Uint8Array {
    return new Uint8Array(sign(null, message, this.#privateKey));
  }
}

export const nodeEd25519: Ed25519Backend = {
  name: 'node:crypto',
  signerFromSeed(seed: Uint8Array): Ed25519Signer {
    assertSeed(seed);
    return new NodeSigner(seed);
  },
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
    if (!passesStrictEncodingChecks(publicKey, signature) || !(message instanceof Uint8Array)) return false;
    try {
      return verify(null, message, publicKeyObject(publicKey), signature);
    } catch {
      // A 32-byte string that is not a curve point: OpenSSL refuses the key. Not a valid signature.
      return false;
    }
  },
};

/** The raw node:crypto verdict with no screening: only for tests and the benchmark yardstick. */
export function rawNodeVerify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return verify(null, message, publicKeyObject(publicKey), signature);
  } catch {
    return false;
  }
}
