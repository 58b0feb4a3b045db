/**
 * Warrant ids: 16-byte UUIDv7 (RFC 9562 §5.7) on the wire, `tnu_wrt_` + 32 lowercase hex for display
 * (errors, revocation lists), bare 32 hex in proof-of-possession challenges.
 *
 * Time and randomness are injected, so a seeded run mints the same ids every time.
 */
import { fromHex, toHex } from '../lib/bytes.js';
import { malformed } from './errors.js';
import { WARRANT_ID_PREFIX, type Clock, type RandomSource } from './types.js';

export const WARRANT_ID_BYTES = 16;
const MAX_UNIX_MS = 2 ** 48 - 1;

/**
 * A UUIDv7: 48-bit big-endian unix milliseconds (from `clock()` seconds × 1000, truncated), version
 * 7, variant 0b10, and 74 bits from `random`.
 */
export function newWarrantId(clock: Clock, random: RandomSource): Uint8Array {
  const seconds = clock();
  const ms = Math.floor(seconds * 1000);
  if (!Number.isFinite(seconds) || ms < 0 || ms > MAX_UNIX_MS) {
    throw malformed(`clock returned ${seconds}, not a unix time a UUIDv7 can hold`);
  }
  const r = random(10);
  if (!(r instanceof Uint8Array) || r.length !== 10) {
    throw malformed('random source must return the 10 bytes asked for');
  }
  const id = new Uint8Array(WARRANT_ID_BYTES);
  // 48-bit timestamp: split so that no bitwise op sees more than 32 bits.
  const high = Math.floor(ms / 2 ** 32);
  const low = ms % 2 ** 32;
  id[0] = (high >>> 8) & 0xff;
  id[1] = high & 0xff;
  id[2] = (low >>> 24) & 0xff;
  id[3] = (low >>> 16) & 0xff;
  id[4] = (low >>> 8) & 0xff;
  id[5] = low & 0xff;
  id[6] = 0x70 | (r[0]! & 0x0f); // version 7 + rand_a (4 bits)
  id[7] = r[1]!; // rand_a (8 bits)
  id[8] = 0x80 | (r[2]! & 0x3f); // variant 0b10 + rand_b (6 bits)
  id.set(r.subarray(3, 10), 9); // rand_b (56 bits)
  return id;
}

function checkId(id: Uint8Array): Uint8Array {
  if (!(id instanceof Uint8Array) || id.length !== WARRANT_ID_BYTES) {
    throw malformed(`a warrant id is ${WARRANT_ID_BYTES} bytes`);
  }
  return id;
}

/** `tnu_wrt_` + 32 lowercase hex: the display form, matched exactly by revocation lists. */
export function warrantIdString(id: Uint8Array): string {
  return WARRANT_ID_PREFIX + toHex(checkId(id));
}

/** 32 lowercase hex, no prefix: the form the runtime puts in PoP challenges. */
export function warrantIdHex(id: Uint8Array): string {
  return toHex(checkId(id));
}

/**
 * Parses `tnu_wrt_` + 32 hex, or the bare 32 hex form, back to the 16 id bytes. Hex digits may be
 * upper or lower case (the display form re-made from the bytes is always lowercase).
 */
export function parseWarrantId(text: string): Uint8Array {
  const hex = text.startsWith(WARRANT_ID_PREFIX) ? text.slice(WARRANT_ID_PREFIX.length) : text;
  const bytes = hex.length === 2 * WARRANT_ID_BYTES ? fromHex(hex) : undefined;
  if (bytes === undefined) {
    throw malformed(
      `${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)} is not a warrant id ` +
        `(expected ${WARRANT_ID_PREFIX} followed by 32 hex digits)`,
    );
  }
  return bytes;
}
