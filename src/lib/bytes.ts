/** Byte helpers shared by the codec, the text forms and the crypto. No dependencies. */

const HEX = '0123456789abcdef';

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += HEX[b >> 4]! + HEX[b & 15]!;
  return out;
}

/** Strict: even length, [0-9a-fA-F] only. Returns undefined instead of throwing. */
export function fromHex(text: string): Uint8Array | undefined {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) return undefined;
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** base64url without padding (the Tenuo text transport). */
export function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/** Strict base64url: alphabet [A-Za-z0-9_-], no padding, no whitespace, canonical final bits. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const bytes = new Uint8Array(Buffer.from(text, 'base64url'));
  // Reject non-canonical encodings (unused low bits set), so one token has one text form.
  return toBase64Url(bytes) === text ? bytes : undefined;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export function bytesEqual(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  let diff = 0;
  for (let i = 0; i < left.length; i++) diff |= left[i]! ^ right[i]!;
  return diff === 0;
}

const encoder = new TextEncoder();
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * Orders strings as their UTF-8 bytes order (= Unicode code point order), which is how the
 * reference's BTreeMap<String, _> sorts. JS `<` compares UTF-16 code units and differs for
 * characters above U+FFFF versus U+E000–U+FFFF.
 */
export function compareUtf8(left: string, right: string): number {
  const n = Math.min(left.length, right.length);
  for (let i = 0; i < n; i++) {
    const ca = left.codePointAt(i)!;
    const cb = right.codePointAt(i)!;
    if (ca !== cb) return ca < cb ? -1 : 1;
    if (ca > 0xffff) i++; // skip the low surrogate of a pair that was equal
  }
  return left.length === right.length ? 0 : left.length < right.length ? -1 : 1;
}
