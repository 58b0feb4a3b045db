/**
 * The byte-level screening both Ed25519 backends run before the curve arithmetic, so that each
 * verifies as strictly as ed25519-dalek `verify_strict` (see small-order.ts for the reasons).
 */
import { isCanonicalPointEncodingAt, isCanonicalScalarAt, isSmallOrderEncodingAt } from './small-order.js';
import { malformed } from '../errors.js';

export const PUBLIC_KEY_LENGTH = 32;
export const SIGNATURE_LENGTH = 64;
export const SEED_LENGTH = 32;

/** Throws WarrantError('malformed') unless `seed` is a 32-byte RFC 8032 secret key. */
export function assertSeed(seed: Uint8Array): void {
  if (!(seed instanceof Uint8Array) || seed.length !== SEED_LENGTH) {
    throw malformed(`an Ed25519 seed is ${SEED_LENGTH} bytes, got ${seed instanceof Uint8Array ? seed.length : typeof seed}`);
  }
}

/** False when the key or signature can never verify under verify_strict rules. Never throws. */
export function passesStrictEncodingChecks(publicKey: Uint8Array, signature: Uint8Array): boolean {
  if (!(publicKey instanceof Uint8Array) || !(signature instanceof Uint8Array)) return false;
  if (publicKey.length !== PUBLIC_KEY_LENGTH || signature.length !== SIGNATURE_LENGTH) return false;
  // R is signature[0..32), S is signature[32..64): read in place, no views (this runs per call).
  return (
    isCanonicalScalarAt(signature, 32) &&
    isCanonicalPointEncodingAt(publicKey, 0) &&
    isCanonicalPointEncodingAt(signature, 0) &&
    !isSmallOrderEncodingAt(publicKey, 0) &&
    !isSmallOrderEncodingAt(signature, 0)
  );
}
