/**
 * The only fields read from payload bytes before their signature is verified (spec wire-format-v1
 * §"Verify BEFORE Deserialize": "only the minimal information required to verify the signature
 * (the issuer's public key) should be extracted from the untrusted bytes").
 *
 * `payloadIssuer` skims the top-level CBOR map of a payload and returns key 5's public key
 * (`[1, bstr(32)]`); nothing else is materialized: every other key and value is stepped over by its
 * head alone. The skim applies the strict decoder's framing rules (definite lengths, shortest heads,
 * no tags, only false/true/null/floats as simple values, nesting ≤ 64, lengths within the input, no
 * trailing bytes, ≤ 64 KiB), so it accepts no framing the full decoder would refuse; what it does not
 * look at (UTF-8 of text, key order, duplicate keys other than 5, field types) is checked by the full
 * decode, which runs only on verified bytes. `payloadHolder` reads key 4 the same way: the chain
 * verifier uses it on a parent whose signature has already verified, to learn which key must have
 * signed the child, still without decoding the parent in full.
 *
 * Every failure is WarrantError('malformed') with a reason naming the field or the offset.
 */
import { malformed } from './errors.js';
import { ED25519_ALG, MAX_CBOR_DEPTH, MAX_WARRANT_BYTES } from './payload.js';

const ISSUER_KEY = 5;
const HOLDER_KEY = 4;
const PUBLIC_KEY_BYTES = 32;

/** A CBOR head: major type, its argument, and where the item's content starts. */
interface Head {
  readonly major: number;
  /** The argument; exact up to 2^53, beyond that only ever compared with small numbers or lengths. */
  readonly value: number;
  readonly next: number;
}

function head(buf: Uint8Array, at: number): Head {
  if (at >= buf.length) throw malformed(`payload: CBOR truncated at offset ${at}`);
  const initial = buf[at]!;
  const major = initial >> 5;
  const info = initial & 0x1f;
  if (info < 24) return { major, value: info, next: at + 1 };
  const width = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
  if (width === 0) {
    if (info === 31) {
      throw malformed(
        major === 7
          ? `payload: unexpected break byte at offset ${at}`
          : `payload: indefinite-length item at offset ${at} (only definite lengths are allowed)`,
      );
    }
    throw malformed(`payload: reserved additional info ${info} at offset ${at}`);
  }
  if (width > buf.length - at - 1) throw malformed(`payload: CBOR truncated at offset ${at}`);
  if (major === 7) return { major, value: info, next: at + 1 + width }; // floats: the bits are not an argument
  let value = 0;
  for (let i = 1; i <= width; i++) value = value * 256 + buf[at + i]!;
  const min = width === 1 ? 24 : width === 2 ? 0x100 : width === 4 ? 0x10000 : 0x100000000;
  if (value < min) throw malformed(`payload: non-minimal integer head at offset ${at}`);
  return { major, value, next: at + 1 + width };
}

/** A length that must fit in what is left of the input (every element takes at least one byte). */
function length(buf: Uint8Array, h: Head, at: number): number {
  if (h.value > buf.length - h.next) throw malformed(`payload: length ${h.value} at offset ${at} exceeds the remaining input`);
  return h.value;
}

/** Steps over one item (at nesting `depth`, the top level being 0) without building it; returns where it ends. */
function skip(buf: Uint8Array, at: number, depth: number): number {
  const h = head(buf, at);
  switch (h.major) {
    case 0:
    case 1:
      return h.next;
    case 2:
    case 3:
      return h.next + length(buf, h, at);
    case 4:
    case 5: {
      if (depth >= MAX_CBOR_DEPTH) throw malformed(`payload: nesting deeper than ${MAX_CBOR_DEPTH} at offset ${at}`);
      const items = length(buf, h, at) * (h.major === 5 ? 2 : 1);
      let pos = h.next;
      for (let i = 0; i < items; i++) pos = skip(buf, pos, depth + 1);
      return pos;
    }
    case 6:
      throw malformed(`payload: CBOR tag at offset ${at} (tags are not allowed)`);
    default: {
      // Major 7: false, true, null and the three float widths; the other simple values are refused.
      const info = buf[at]! & 0x1f;
      if (info === 20 || info === 21 || info === 22 || info === 25 || info === 26 || info === 27) return h.next;
      throw malformed(`payload: unsupported simple value ${info} at offset ${at}`);
    }
  }
}

/** Reads `[1, bstr(32)]` at `at`; returns the key (a copy) and where the item ends. */
function publicKeyAt(buf: Uint8Array, at: number, field: string): { key: Uint8Array; next: number } {
  const where = `payload.${field}`;
  const array = head(buf, at);
  if (array.major !== 4 || array.value !== 2) throw malformed(`${where}: expected a public key [algorithm, bytes]`);
  const alg = head(buf, array.next);
  if (alg.major !== 0 || alg.value !== ED25519_ALG) {
    throw malformed(`${where}: unsupported key algorithm (only 1, Ed25519)`);
  }
  const bytes = head(buf, alg.next);
  if (bytes.major !== 2) throw malformed(`${where}[1]: expected a byte string`);
  const n = length(buf, bytes, alg.next);
  if (n !== PUBLIC_KEY_BYTES) throw malformed(`${where}[1]: expected ${PUBLIC_KEY_BYTES} bytes, got ${n}`);
  return { key: buf.slice(bytes.next, bytes.next + n), next: bytes.next + n };
}

function publicKeyField(bytes: Uint8Array, wanted: number, field: string): Uint8Array {
  if (!(bytes instanceof Uint8Array)) throw malformed('payload: expected bytes');
  if (bytes.length === 0) throw malformed('payload: empty');
  if (bytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`payload is ${bytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  const map = head(bytes, 0);
  if (map.major !== 5) throw malformed('payload: a WarrantPayload is a CBOR map');
  const entries = length(bytes, map, 0);
  let found: Uint8Array | undefined;
  let pos = map.next;
  for (let i = 0; i < entries; i++) {
    const k = head(bytes, pos);
    if (k.major === 0 && k.value === wanted) {
      if (found !== undefined) throw malformed(`payload: duplicate field ${wanted} (${field}) at offset ${pos}`);
      const read = publicKeyAt(bytes, k.next, field);
      found = read.key;
      pos = read.next;
    } else {
      pos = skip(bytes, skip(bytes, pos, 1), 1);
    }
  }
  if (pos !== bytes.length) throw malformed(`payload: ${bytes.length - pos} trailing byte(s) after the map at offset ${pos}`);
  if (found === undefined) throw malformed(`payload: missing field ${wanted} (${field})`);
  return found;
}

/** Key 5 (issuer) of untrusted payload bytes: the key their signature must verify under. */
export function payloadIssuer(payloadBytes: Uint8Array): Uint8Array {
  return publicKeyField(payloadBytes, ISSUER_KEY, 'issuer');
}

/** Key 4 (holder) of payload bytes, read the same minimal way (for a parent whose signature verified). */
export function payloadHolder(payloadBytes: Uint8Array): Uint8Array {
  return publicKeyField(payloadBytes, HOLDER_KEY, 'holder');
}
