/**
 * The signed envelope (reference `warrant.rs` `impl Serialize for Warrant`):
 * `SignedWarrant = [envelope_version = 1, bstr payload, [1, bstr(64) signature]]`.
 *
 * Verify before deserialize (spec wire-format-v1): decoding an envelope checks only the envelope
 * (array shape, version, a byte-string payload of at most 64 KiB, an Ed25519 `[1, bstr(64)]`
 * signature). The payload stays as the exact bytes that were signed (`payloadBytes`) and is NOT
 * decoded here: `payload` is decoded (strictly, canonical form included) on first access and
 * remembered, and a payload that does not decode throws its WarrantError (`malformed` /
 * `unknown_field`) at that access, every time it is read. The chain verifier (chain.ts) reads
 * `payload` only after every signature of the chain has verified over `payloadBytes`; before that
 * it reads nothing but the issuer key, through the minimal skim of payload-key.ts.
 */
import { decode, encode, readArray, readBytes, type CborValue } from './cbor/index.js';
import { isWarrantError, malformed } from './errors.js';
import { ED25519_ALG, MAX_CBOR_DEPTH, MAX_WARRANT_BYTES, decodePayload, encodePayload } from './payload.js';
import type { SignedWarrant, WarrantPayload } from './types.js';

export { decodePayload, encodePayload, MAX_WARRANT_BYTES };

export const ENVELOPE_VERSION = 1;
export const SIGNATURE_BYTES = 64;

/** The envelope (already CBOR-decoded) → SignedWarrant. `path` names it in errors (e.g. `stack[2]`). */
export function envelopeFromCbor(cbor: CborValue, path = 'envelope'): SignedWarrant {
  if (!Array.isArray(cbor)) throw malformed(`${path}: a SignedWarrant is an array [version, payload, signature]`);
  if (cbor.length > 0 && Array.isArray(cbor[0])) {
    throw malformed(`${path}: this is a WarrantStack (its first element is an array), not a single SignedWarrant`);
  }
  const [version, payloadBytes, sig] = readArray(cbor, path, 3) as [CborValue, CborValue, CborValue];
  if (version !== ENVELOPE_VERSION) {
    throw malformed(`${path}[0]: unsupported envelope version ${String(version)} (only ${ENVELOPE_VERSION})`);
  }
  const bytes = readBytes(payloadBytes, `${path}[1] (payload)`);
  const [alg, signature] = readArray(sig, `${path}[2] (signature)`, 2) as [CborValue, CborValue];
  if (alg !== ED25519_ALG) {
    throw malformed(`${path}[2] (signature): unsupported signature algorithm ${String(alg)} (only 1, Ed25519)`);
  }
  const sigBytes = readBytes(signature, `${path}[2][1] (signature)`, SIGNATURE_BYTES);
  if (bytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`${path}[1] (payload): ${bytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  return lazyWarrant(bytes.slice(), sigBytes.slice(), path);
}

/**
 * A SignedWarrant whose `payload` is decoded from `payloadBytes` on first access (see the header).
 * The getter is an own enumerable property, so spreading or comparing the object reads it like a
 * field. A failure is remembered too: a hostile payload costs one decode however often it is read.
 */
export function lazyWarrant(payloadBytes: Uint8Array, signature: Uint8Array, path = 'envelope'): SignedWarrant {
  let decoded: WarrantPayload | undefined;
  let failure: unknown;
  return {
    payloadBytes,
    signature,
    get payload(): WarrantPayload {
      if (decoded !== undefined) return decoded;
      if (failure !== undefined) throw failure;
      try {
        decoded = decodePayload(payloadBytes);
      } catch (e) {
        if (isWarrantError(e)) {
          e.message = `${path}: ${e.message}`;
          failure = e;
        }
        throw e;
      }
      return decoded;
    },
  };
}

export function envelopeToCbor(warrant: SignedWarrant, path = 'envelope'): CborValue {
  if (!(warrant.payloadBytes instanceof Uint8Array)) throw malformed(`${path}: payloadBytes must be bytes`);
  if (warrant.payloadBytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`${path}: payload is ${warrant.payloadBytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  if (!(warrant.signature instanceof Uint8Array) || warrant.signature.length !== SIGNATURE_BYTES) {
    throw malformed(`${path}: an Ed25519 signature is ${SIGNATURE_BYTES} bytes`);
  }
  return [ENVELOPE_VERSION, warrant.payloadBytes, [ED25519_ALG, warrant.signature]];
}

/** Encoded size of an envelope around a payload of `n` bytes, without building it. */
export function envelopeSize(payloadLength: number): number {
  const head = (n: number) => (n < 24 ? 1 : n < 0x100 ? 2 : n < 0x10000 ? 3 : 5);
  // 0x83, 0x01, bstr head + payload, 0x82 0x01 0x58 0x40 + 64 signature bytes
  return 2 + head(payloadLength) + payloadLength + 4 + SIGNATURE_BYTES;
}

/** Encodes a SignedWarrant (the payload bytes verbatim). */
export function encodeWarrant(warrant: SignedWarrant): Uint8Array {
  const bytes = encode(envelopeToCbor(warrant));
  if (bytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`envelope is ${bytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  return bytes;
}

/**
 * Decodes one SignedWarrant envelope (≤ 64 KiB). Throws WarrantError('malformed') for a bad
 * envelope; the payload is decoded lazily, on first access to `payload` (see the header).
 */
export function decodeWarrant(bytes: Uint8Array): SignedWarrant {
  if (!(bytes instanceof Uint8Array)) throw malformed('envelope: expected bytes');
  if (bytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`envelope is ${bytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  return envelopeFromCbor(decode(bytes, { maxBytes: MAX_WARRANT_BYTES, maxDepth: MAX_CBOR_DEPTH }));
}
