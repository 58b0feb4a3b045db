/**
 * The only fields read from payload bytes before their signature is verified (spec wire-format-v1
 * §"Verify BEFORE Deserialize": "only the minimal information required to verify the signature
 * (the issuer's public key) should be extracted from the untrusted bytes").
 *
 * `payloadIssuer` skims the top-level CBOR map of a payload and returns key 5's public key
 * (`[1, bstr(32)]`); nothing else is materialized: every other key and value is stepped over by its
 * head alone, with the CBOR codec's own reader (cbor/decode.ts). The skim applies the strict decoder's framing rules (definite lengths, shortest heads,
 * no tags, only false/true/null/floats as simple values, nesting ≤ 64, lengths within the input, no
 * trailing bytes, ≤ 64 KiB), so it accepts no framing the full decoder would refuse; what it does not
 * look at (UTF-8 of text, key order, duplicate keys other than 5, field types) is checked by the full
 * decode, which runs only on verified bytes. `payloadHolder` reads key 4 the same way: the chain
 * verifier uses it on a parent whose signature has already verified, to learn which key must have
 * signed the child, still without decoding the parent in full.
 *
 * Every failure is WarrantError('malformed') with a reason naming the field or the offset.
 */
import { CborReader, skipItem } from './cbor/index.js';
import { isWarrantError, malformed } from './errors.js';
import { ED25519_ALG, MAX_CBOR_DEPTH, MAX_WARRANT_BYTES } from './payload.js';

const ISSUER_KEY = 5;
const HOLDER_KEY = 4;
const PUBLIC_KEY_BYTES = 32;

/** Reads `[1, bstr(32)]` at the reader's position; returns the key (a copy). */
function publicKeyAt(r: CborReader, field: string): Uint8Array {
  const where = `payload.${field}`;
  const array = r.head();
  if (array.major !== 4 || array.argument !== 2) throw malformed(`${where}: expected a public key [algorithm, bytes]`);
  const alg = r.head();
  if (alg.major !== 0 || alg.argument !== ED25519_ALG) {
    throw malformed(`${where}: unsupported key algorithm (only 1, Ed25519)`);
  }
  const bytes = r.head();
  if (bytes.major !== 2) throw malformed(`${where}[1]: expected a byte string`);
  const n = r.lengthOf(bytes);
  if (n !== PUBLIC_KEY_BYTES) throw malformed(`${where}[1]: expected ${PUBLIC_KEY_BYTES} bytes, got ${n}`);
  return r.take(n).slice();
}

function skimField(bytes: Uint8Array, wanted: number, field: string): Uint8Array {
  const r = new CborReader(bytes, { maxBytes: MAX_WARRANT_BYTES, maxDepth: MAX_CBOR_DEPTH });
  const map = r.head();
  if (map.major !== 5) throw malformed('payload: a WarrantPayload is a CBOR map');
  const entries = r.lengthOf(map);
  let found: Uint8Array | undefined;
  for (let i = 0; i < entries; i++) {
    const keyAt = r.pos;
    const k = r.head();
    if (k.major === 0 && k.argument === wanted) {
      if (found !== undefined) throw malformed(`payload: duplicate field ${wanted} (${field}) at offset ${keyAt}`);
      found = publicKeyAt(r, field);
    } else {
      r.pos = keyAt;
      skipItem(r, 1);
      skipItem(r, 1);
    }
  }
  if (r.pos !== bytes.length) throw malformed(`payload: ${bytes.length - r.pos} trailing byte(s) after the map at offset ${r.pos}`);
  if (found === undefined) throw malformed(`payload: missing field ${wanted} (${field})`);
  return found;
}

function publicKeyField(bytes: Uint8Array, wanted: number, field: string): Uint8Array {
  if (!(bytes instanceof Uint8Array)) throw malformed('payload: expected bytes');
  if (bytes.length === 0) throw malformed('payload: empty');
  if (bytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`payload is ${bytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  try {
    return skimField(bytes, wanted, field);
  } catch (e) {
    // The codec's framing reasons name an offset, not the thing read: say it was the payload.
    if (isWarrantError(e) && !e.message.startsWith('payload')) throw malformed(`payload: ${e.message}`);
    throw e;
  }
}
/** Key 5 (issuer) of untrusted payload bytes: the key their signature must verify under. */
export function payloadIssuer(payloadBytes: Uint8Array): Uint8Array {
  return publicKeyField(payloadBytes, ISSUER_KEY, 'issuer');
}

/** Key 4 (holder) of payload bytes, read the same minimal way (for a parent whose signature verified). */
export function payloadHolder(payloadBytes: Uint8Array): Uint8Array {
  return publicKeyField(payloadBytes, HOLDER_KEY, 'holder');
}
