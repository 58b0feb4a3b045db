/**
 * Point-encoding checks that make Ed25519 verification as strict as the reference's
 * ed25519-dalek `verify_strict` (which rejects a public key or an R of small order).
 *
 * node:crypto (OpenSSL) and @noble/ed25519 do not reject small-order R, and OpenSSL does not
 * reject small-order public keys: with the identity as public key and as R, and S = 0, OpenSSL
 * accepts every message. So both backends screen the bytes first.
 *
 * Which byte strings decode to a point of order dividing 8? The eight small-order points have
 * y ∈ {1, p−1, 0, c, p−c} (c = the order-8 y below). A permissive decoder (dalek, OpenSSL) also
 * reads a y in [p, 2^255) as y − p, which gives two more y encodings (p and p+1, for y = 0 and
 * y = 1), and it ignores the sign bit when x = 0 (y = ±1), so "negative zero" decodes to the same
 * point. Hence: 7 y encodings with either sign bit = 14 byte strings, the 8 canonical encodings
 * plus 6 non-canonical ones (libsodium blocks the same set). We compare the 255-bit y and ignore
 * the sign bit, which covers all 14.
 *
 * Separately, `isCanonicalPointEncoding` rejects any y ≥ p. For R this changes no verdict (the
 * verifier compares R with the canonical encoding it recomputes, so a non-canonical R never
 * verifies anywhere); for a public key it is stricter than dalek only for keys whose y is in
 * [p, p+18], which no key generation produces and for which nobody knows a secret key.
 * noble's strict mode rejects them too, so both backends give one verdict.
 */

const Y_VALUES_HEX = [
  '0000000000000000000000000000000000000000000000000000000000000000', // y = 0: order 4 (x = ±√−1)
  '0100000000000000000000000000000000000000000000000000000000000000', // y = 1: identity, order 1
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05', // y = p − c: order 8
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', // y = c: order 8
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // y = p − 1: order 2
  'edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // y = p (≡ 0), non-canonical
  'eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f', // y = p + 1 (≡ 1), non-canonical
] as const;

function fromHex32(h: string): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const Y_VALUES: readonly Uint8Array[] = Y_VALUES_HEX.map(fromHex32);

/** 1 at the values byte 1 takes in some weak y (byte 1 is never the sign byte, so it is exact). */
const WEAK_BYTE_1 = new Uint8Array(256);
for (const y of Y_VALUES) WEAK_BYTE_1[y[1]!] = 1;

/**
 * The 8 small-order points in their canonical encodings (exported for tests). The order-4 and
 * order-8 y values come with both signs of x; the identity and the order-2 point have x = 0,
 * whose canonical sign bit is 0.
 */
export const SMALL_ORDER_ENCODINGS: readonly Uint8Array[] = [0, 1, 2, 3, 4].flatMap((i) => {
  const plus = Y_VALUES[i]!;
  if (i === 1 || i === 4) return [plus];
  const minus = plus.slice();
  minus[31] = minus[31]! | 0x80;
  return [plus, minus];
});

/** Every 32-byte string that a permissive decoder maps to a small-order point (the 14 above). */
export const WEAK_POINT_ENCODINGS: readonly Uint8Array[] = Y_VALUES.flatMap((y) => {
  const neg = y.slice();
  neg[31] = neg[31]! | 0x80;
  return [y, neg];
});

/**
 * The checks below read 32 bytes at an offset, so the strict screen can look at R and S inside the
 * 64-byte signature without cutting views out of it (strict.ts runs on every verification).
 * Callers check lengths first.
 */

/** True when the 32 bytes at `b[at]` decode, in any decoder, to a point of order 1, 2, 4 or 8. */
export function isSmallOrderEncodingAt(bytes: Uint8Array, at: number): boolean {
  // Fast exit: a real key or R almost never shares byte 1 with any weak y, so one lookup settles it.
  if (WEAK_BYTE_1[bytes[at + 1]!] === 0) return false;
  for (const y of Y_VALUES) {
    let diff = (bytes[at + 31]! & 0x7f) ^ y[31]!;
    for (let i = 0; i < 31 && diff === 0; i++) diff |= bytes[at + i]! ^ y[i]!;
    if (diff === 0) return true;
  }
  return false;
}

/** True when the 255-bit y of the 32 bytes at `b[at]` is < p = 2^255 − 19. */
export function isCanonicalPointEncodingAt(bytes: Uint8Array, at: number): boolean {
  // y ≥ p only when bytes 1..30 are 0xff, byte 31 (sign masked) is 0x7f and byte 0 ≥ 0xed.
  if ((bytes[at + 31]! & 0x7f) !== 0x7f) return true;
  for (let i = 30; i >= 1; i--) if (bytes[at + i] !== 0xff) return true;
  return bytes[at]! < 0xed;
}

/** True when the 32-byte little-endian scalar at `b[at]` is < L. */
export function isCanonicalScalarAt(bytes: Uint8Array, at: number): boolean {
  for (let i = 31; i >= 0; i--) {
    if (bytes[at + i]! !== L_LE[i]!) return bytes[at + i]! < L_LE[i]!;
  }
  return false; // s == L
}

/** True when `point` (32 bytes) decodes, in any decoder, to a point of order 1, 2, 4 or 8. */
export function isSmallOrderEncoding(point: Uint8Array): boolean {
  return point.length === 32 && isSmallOrderEncodingAt(point, 0);
}

/** True when the 255-bit y of `point` is < p = 2^255 − 19 (the only encodings RFC 8032 allows). */
export function isCanonicalPointEncoding(point: Uint8Array): boolean {
  return point.length === 32 && isCanonicalPointEncodingAt(point, 0);
}

/** L = 2^252 + 27742317777372353535851937790883648493, little-endian. */
const L_LE = fromHex32('edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010');

/** True when the 32-byte little-endian scalar `scalar` is < L (dalek and RFC 8032 reject S ≥ L). */
export function isCanonicalScalar(scalar: Uint8Array): boolean {
  return scalar.length === 32 && isCanonicalScalarAt(scalar, 0);
}
