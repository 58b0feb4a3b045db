/**
 * Strict CBOR decoder for untrusted bytes. Rejects, as `malformed`: trailing bytes, indefinite
 * lengths, non-minimal heads, tags, simple values other than false/true/null, invalid UTF-8,
 * duplicate map keys, nesting deeper than `maxDepth`, and input over `maxBytes`. Lengths are
 * checked against the bytes left before anything is allocated, so a hostile header cannot make it
 * allocate more than the input's size.
 */
import { malformed } from '../errors.js';
import { toHex } from '../../lib/bytes.js';
import { Float, type CborMap, type CborValue } from './data-model.js';

export interface DecodeLimits {
  /** Largest input accepted, in bytes. */
  maxBytes: number;
  /** Deepest nesting of arrays and maps; the top-level value is depth 1. */
  maxDepth: number;
}

export const DEFAULT_LIMITS: DecodeLimits = { maxBytes: 64 * 1024, maxDepth: 64 };

const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A head of a data item: its major type, and for majors 0–6 its checked argument. */
export interface CborHead {
  readonly major: number;
  /** For major 7 the additional info (the simple value or float width); the bytes after it are not read. */
  readonly argument: number | bigint;
  /** Offset of the head's first byte. */
  readonly at: number;
}

/** A cursor over untrusted bytes that reads heads with the strict rules above. */
export class CborReader {
  pos = 0;
  constructor(
    readonly buf: Uint8Array,
    readonly limits: DecodeLimits,
  ) {}

  private need(byteCount: number): void {
    if (byteCount > this.buf.length - this.pos) {
      throw malformed(`CBOR truncated: needs ${byteCount} more byte(s) at offset ${this.pos}`);
    }
  }

  u8(): number {
    this.need(1);
    return this.buf[this.pos++]!;
  }

  take(byteCount: number): Uint8Array {
    this.need(byteCount);
    const out = this.buf.subarray(this.pos, this.pos + byteCount);
    this.pos += byteCount;
    return out;
  }

  /** Reads a head's argument; enforces the shortest form. Returns number when ≤ 2^53-1. */
  argument(info: number, at: number): number | bigint {
    if (info < 24) return info;
    const b = this.buf;
    let value: number | bigint;
    let min: number | bigint;
    // Big-endian, read byte by byte (no DataView per head); the 8-byte form is rare.
    switch (info) {
      case 24:
        this.need(1);
        value = b[this.pos]!;
        this.pos += 1;
        min = 24;
        break;
      case 25:
        this.need(2);
        value = (b[this.pos]! << 8) | b[this.pos + 1]!;
        this.pos += 2;
        min = 0x100;
        break;
      case 26:
        this.need(4);
        value = b[this.pos]! * 0x1000000 + ((b[this.pos + 1]! << 16) | (b[this.pos + 2]! << 8) | b[this.pos + 3]!);
        this.pos += 4;
        min = 0x10000;
        break;
      case 27: {
        this.need(8);
        this.pos += 8;
        const big = new DataView(b.buffer, b.byteOffset + this.pos - 8, 8).getBigUint64(0);
        value = big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
        min = 0x100000000;
        break;
      }
      case 31:
        throw malformed(`indefinite-length item at offset ${at} (only definite lengths are allowed)`);
      default:
        throw malformed(`reserved additional info ${info} at offset ${at}`);
    }
    if (value < min) throw malformed(`non-minimal integer head at offset ${at}`);
    return value;
  }

  length(info: number, at: number): number {
    return this.lengthOf({ major: -1, argument: this.argument(info, at), at });
  }

  /** A head's argument as a length; every element takes at least one byte: a length beyond the input is a lie. */
  lengthOf(head: CborHead): number {
    const n = head.argument;
    if (typeof n === 'bigint' || n > this.buf.length - this.pos) {
      throw malformed(`length ${n} at offset ${head.at} exceeds the remaining input`);
    }
    return n;
  }

  /** The next head (the content after it is not read). */
  head(): CborHead {
    const at = this.pos;
    const initial = this.u8();
    const major = initial >> 5;
    const info = initial & 0x1f;
    return { major, argument: major === 7 ? info : this.argument(info, at), at };
  }
}

/**
 * Steps over one item with the same framing rules as `decode` (definite lengths, shortest heads,
 * no tags, only false/true/null and floats as simple values, nesting, lengths within the input)
 * without building it; text is not checked for UTF-8 nor maps for duplicate keys.
 */
export function skipItem(reader: CborReader, depth: number): void {
  const h = reader.head();
  switch (h.major) {
    case 0:
    case 1:
      return;
    case 2:
    case 3:
      reader.take(reader.lengthOf(h));
      return;
    case 4:
    case 5: {
      if (depth >= reader.limits.maxDepth) throw malformed(`nesting deeper than ${reader.limits.maxDepth} at offset ${h.at}`);
      const items = reader.lengthOf(h) * (h.major === 5 ? 2 : 1);
      for (let i = 0; i < items; i++) skipItem(reader, depth + 1);
      return;
    }
    case 6:
      throw malformed(`CBOR tag at offset ${h.at} (tags are not allowed)`);
    default:
      readSimple(reader, h.argument as number, h.at);
  }
}

/** Texts up to this many bytes are tried as ASCII first (longer ones: TextDecoder). */
const ASCII_INLINE = 64;

/**
 * A short text of ASCII bytes only, as a string; else undefined (TextDecoder then decodes it and
 * refuses what is not UTF-8). ASCII bytes are their own UTF-8 and code points, so the string is the
 * one TextDecoder gives, without its per-call cost (the names, keys and paths of a payload are short
 * ASCII: a third of decoding a warrant went to TextDecoder).
 */
function asciiText(bytes: Uint8Array): string | undefined {
  const n = bytes.length;
  if (n > ASCII_INLINE) return undefined;
  for (let i = 0; i < n; i++) if (bytes[i]! > 0x7f) return undefined;
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}

function read(r: CborReader, depth: number): CborValue {
  const at = r.pos;
  const initial = r.u8();
  const major = initial >> 5;
  const info = initial & 0x1f;
  switch (major) {
    case 0:
      return r.argument(info, at);
    case 1: {
      const n = r.argument(info, at);
      return typeof n === 'number' && n < Number.MAX_SAFE_INTEGER ? -1 - n : -1n - BigInt(n);
    }
    case 2:
      return r.take(r.length(info, at)).slice();
    case 3: {
      const bytes = r.take(r.length(info, at));
      const ascii = asciiText(bytes);
      if (ascii !== undefined) return ascii;
      try {
        return utf8Decoder.decode(bytes);
      } catch {
        throw malformed(`invalid UTF-8 in text string at offset ${at}`);
      }
    }
    case 4: {
      if (depth >= r.limits.maxDepth) throw malformed(`nesting deeper than ${r.limits.maxDepth} at offset ${at}`);
      const n = r.length(info, at);
      const out: CborValue[] = [];
      for (let i = 0; i < n; i++) out.push(read(r, depth + 1));
      return out;
    }
    case 5: {
      if (depth >= r.limits.maxDepth) throw malformed(`nesting deeper than ${r.limits.maxDepth} at offset ${at}`);
      const n = r.length(info, at);
      const out: CborMap = new Map();
      const seen = new Set<string>();
      for (let i = 0; i < n; i++) {
        const keyStart = r.pos;
        const key = read(r, depth + 1);
        // Keys are compared by their bytes. A text key's decoded string stands for its bytes
        // (strict UTF-8 decoding is one-to-one), so only other keys are written out in hex.
        const keyBytes = typeof key === 'string' ? `t${key}` : `h${toHex(r.buf.subarray(keyStart, r.pos))}`;
        if (seen.has(keyBytes)) throw malformed(`duplicate map key at offset ${keyStart}`);
        seen.add(keyBytes);
        out.set(key, read(r, depth + 1));
      }
      return out;
    }
    case 6:
      throw malformed(`CBOR tag at offset ${at} (tags are not allowed)`);
    default:
      return readSimple(r, info, at);
  }
}

function readSimple(r: CborReader, info: number, at: number): CborValue {
  switch (info) {
    case 20:
      return false;
    case 21:
      return true;
    case 22:
      return null;
    case 25: {
      const b = r.take(2);
      return new Float(halfToNumber((b[0]! << 8) | b[1]!));
    }
    case 26: {
      const b = r.take(4);
      return new Float(new DataView(b.buffer, b.byteOffset, 4).getFloat32(0));
    }
    case 27: {
      const b = r.take(8);
      return new Float(new DataView(b.buffer, b.byteOffset, 8).getFloat64(0));
    }
    case 31:
      throw malformed(`unexpected break byte at offset ${at}`);
    default:
      throw malformed(`unsupported simple value ${info} at offset ${at}`);
  }
}

function halfToNumber(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

/** Decodes exactly one CBOR item that spans all of `bytes`. Throws WarrantError('malformed'). */
export function decode(bytes: Uint8Array, limits: DecodeLimits = DEFAULT_LIMITS): CborValue {
  if (bytes.length > limits.maxBytes) {
    throw malformed(`input is ${bytes.length} bytes; the limit is ${limits.maxBytes}`);
  }
  if (bytes.length === 0) throw malformed('empty input');
  const r = new CborReader(bytes, limits);
  const value = read(r, 0);
  if (r.pos !== bytes.length) {
    throw malformed(`${bytes.length - r.pos} trailing byte(s) after the CBOR item at offset ${r.pos}`);
  }
  return value;
}
