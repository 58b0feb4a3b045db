/**
 * The byte-level screening both Ed25519 backends run before the curve arithmetic, so that each
 * verifies as strictly as ed25519-dalek `verify_strict` (see small-order.ts for the reasons).
 */
import { isCanonicalPointEncoding, isCanonicalScalar, isSmallOrderEncoding } from './small-order.js';

export const PUBLIC_KEY_LENGTH = 32;
export const SIGNATURE_LENGTH = 64;
export const SEED_LENGTH = 32;

/** False when the key or signature can never verify under verify_strict rules. Never throws. */
export function passesStrictEncodingChecks(publicKey: Uint8Array, signature: Uint8Array): boolean {
  if (!(publicKey instanceof Uint8Array) || !(signature instanceof Uint8Array)) return false;
  if (publicKey.length !== PUBLIC_KEY_LENGTH || signature.length !== SIGNATURE_LENGTH) return false;
  const r = signature.subarray(0, 32);
  const s = signature.subarray(32, 64);
  return (
    isCanonicalScalar(s) &&
    isCanonicalPointEncoding(publicKey) &&
    isCanonicalPointEncoding(r) &&
    !isSmallOrderEncoding(publicKey) &&
    !isSmallOrderEncoding(r)
  );
}
