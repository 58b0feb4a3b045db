/**
 * The signed envelope (reference `warrant.rs` `impl Serialize for Warrant`):
 * `SignedWarrant = [envelope_version = 1, bstr payload, [1, bstr(64) signature]]`.
 *
 * The payload stays as the exact bytes that were signed (`payloadBytes`); the decoded `payload` is a
 * view of them. Decoding does not verify the signature: the chain verifier does, over
 * `payloadBytes`, before it trusts any field (verify-before-deserialize).
 */
import { decode, encode, type CborValue } from './cbor/index.js';
import { readArray, readBytes } from './constraints/wire.js';
import { isWarrantError, malformed } from './errors.js';
import {
  ED25519_ALG,
  MAX_CBOR_DEPTH,
  MAX_WARRANT_BYTES,
  decodePayload,
  encodePayload,
} from './payload.js';
import type { SignedWarrant } from './types.js';

export { decodePayload, encodePayload, MAX_WARRANT_BYTES };

export const ENVELOPE_VERSION = 1;
export const SIGNATURE_BYTES = 64;

/** The envelope (already CBOR-decoded) → SignedWarrant. `path` names it in errors (e.g. `stack[2]`). */
export function envelopeFromCbor(v: CborValue, path = 'envelope'): SignedWarrant {
  if (!Array.isArray(v)) throw malformed(`${path}: a SignedWarrant is an array [version, payload, signature]`);
  if (v.length > 0 && Array.isArray(v[0])) {
    throw malformed(`${path}: this is a WarrantStack (its first element is an array), not a single SignedWarrant`);
  }
  const [version, payloadBytes, sig] = readArray(v, path, 3) as [CborValue, CborValue, CborValue];
  if (version !== ENVELOPE_VERSION) {
    throw malformed(`${path}[0]: unsupported envelope version ${String(version)} (only ${ENVELOPE_VERSION})`);
  }
  const bytes = readBytes(payloadBytes, `${path}[1] (payload)`);
  const [alg, signature] = readArray(sig, `${path}[2] (signature)`, 2) as [CborValue, CborValue];
  if (alg !== ED25519_ALG) {
    throw malformed(`${path}[2] (signature): unsupported signature algorithm ${String(alg)} (only 1, Ed25519)`);
  }
  const sigBytes = readBytes(signature, `${path}[2][1] (signature)`, SIGNATURE_BYTES);
  let payload;
  try {
    payload = decodePayload(bytes);
  } catch (e) {
    if (isWarrantError(e)) {
      e.message = `${path}: ${e.message}`;
    }
    throw e;
  }
  return { payloadBytes: bytes.slice(), payload, signature: sigBytes.slice() };
}

export function envelopeToCbor(w: SignedWarrant, path = 'envelope'): CborValue {
  if (!(w.payloadBytes instanceof Uint8Array)) throw malformed(`${path}: payloadBytes must be bytes`);
  if (w.payloadBytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`${path}: payload is ${w.payloadBytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  if (!(w.signature instanceof Uint8Array) || w.signature.length !== SIGNATURE_BYTES) {
    throw malformed(`${path}: an Ed25519 signature is ${SIGNATURE_BYTES} bytes`);
  }
  return [ENVELOPE_VERSION, w.payloadBytes, [ED25519_ALG, w.signature]];
}

/** Encoded size of an envelope around a payload of `n` bytes, without building it. */
export function envelopeSize(payloadLength: number): number {
  const head = (n: number) => (n < 24 ? 1 : n < 0x100 ? 2 : n < 0x10000 ? 3 : 5);
  // 0x83, 0x01, bstr head + payload, 0x82 0x01 0x58 0x40 + 64 signature bytes
  return 2 + head(payloadLength) + payloadLength + 4 + SIGNATURE_BYTES;
}

/** Encodes a SignedWarrant (the payload bytes verbatim). */
export function encodeWarrant(w: SignedWarrant): Uint8Array {
  const bytes = encode(envelopeToCbor(w));
  if (bytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`envelope is ${bytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  return bytes;
}

/** Decodes one SignedWarrant (≤ 64 KiB). Throws WarrantError (`malformed` / `unknown_field`). */
export function decodeWarrant(bytes: Uint8Array): SignedWarrant {
  if (!(bytes instanceof Uint8Array)) throw malformed('envelope: expected bytes');
  if (bytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`envelope is ${bytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  return envelopeFromCbor(decode(bytes, { maxBytes: MAX_WARRANT_BYTES, maxDepth: MAX_CBOR_DEPTH }));
}
