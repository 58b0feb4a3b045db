/**
 * Deterministic CBOR encoder (RFC 8949 §4.2.1 core rules): shortest heads, definite lengths,
 * shortest float width that round-trips exactly. Map order is the caller's (see value.ts).
 */
import { malformed } from '../errors.js';
import { Float, type CborValue } from './data-model.js';

const MAJOR_UINT = 0;
const MAJOR_NINT = 1;
const MAJOR_BYTES = 2;
const MAJOR_TEXT = 3;
const MAJOR_ARRAY = 4;
const MAJOR_MAP = 5;

const textEncoder = new TextEncoder();
/**
 * Text up to this many chars is checked for ASCII and written inline (longer: TextEncoder). With
 * heads written in place, this pays about 5 % of a built-in run over TextEncoder and a temporary
 * array per head.
 */
const ASCII_INLINE = 256;

class Writer {
  private buf = new Uint8Array(1024);
  private len = 0;

  reset(): void {
    this.len = 0;
  }

  get capacity(): number {
    return this.buf.length;
  }

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  byte(b: number): void {
    this.reserve(1);
    this.buf[this.len++] = b;
  }

  bytes(b: Uint8Array): void {
    this.reserve(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  head(major: number, arg: number | bigint): void {
    const m = major << 5;
    if (typeof arg === 'number' && arg <= 0xffffffff) {
      // Written in place: no temporary array per head (a payload has hundreds of them).
      if (arg < 24) return this.byte(m | arg);
      const width = arg <= 0xff ? 1 : arg <= 0xffff ? 2 : 4;
      this.reserve(1 + width);
      const buf = this.buf;
      let at = this.len;
      buf[at++] = m | (width === 1 ? 24 : width === 2 ? 25 : 26);
      for (let shift = (width - 1) * 8; shift >= 0; shift -= 8) buf[at++] = (arg >>> shift) & 0xff;
      this.len = at;
      return;
    }
    const big = BigInt(arg);
    if (big > 0xffffffffffffffffn) throw malformed(`integer ${big} does not fit in 64 bits`);
    if (big <= 0xffffffffn) return this.head(major, Number(big));
    this.byte(m | 27);
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, big);
    this.bytes(b);
  }

  /**
   * Text as a CBOR text string. ASCII (the common case: names, paths, keys) is its own UTF-8, so
   * it is written char by char; anything else goes through TextEncoder (which writes a lone
   * surrogate as U+FFFD, as before).
   */
  text(s: string): void {
    const n = s.length;
    if (n <= ASCII_INLINE) {
      let ascii = true;
      for (let i = 0; i < n; i++) {
        if (s.charCodeAt(i) > 0x7f) {
          ascii = false;
          break;
        }
      }
      if (ascii) {
        this.head(MAJOR_TEXT, n);
        this.reserve(n);
        const buf = this.buf;
        const at = this.len;
        for (let i = 0; i < n; i++) buf[at + i] = s.charCodeAt(i);
        this.len = at + n;
        return;
      }
    }
    const b = textEncoder.encode(s);
    this.head(MAJOR_TEXT, b.length);
    this.bytes(b);
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

/** The shortest IEEE 754 width (half, single, double) that represents `x` exactly. */
export function encodeFloat(value: number): Uint8Array {
  if (Number.isNaN(value)) return Uint8Array.of(0xf9, 0x7e, 0x00);
  const half = toHalf(value);
  if (half !== undefined) return Uint8Array.of(0xf9, half >> 8, half & 0xff);
  if (Math.fround(value) === value) {
    const b = new Uint8Array(5);
    b[0] = 0xfa;
    new DataView(b.buffer).setFloat32(1, value);
    return b;
  }
  const b = new Uint8Array(9);
  b[0] = 0xfb;
  new DataView(b.buffer).setFloat64(1, value);
  return b;
}

/** Half-precision bits of `x` when the conversion is exact, else undefined. */
function toHalf(x: number): number | undefined {
  if (Math.fround(x) !== x) return undefined;
  const f32 = new DataView(new ArrayBuffer(4));
  f32.setFloat32(0, x);
  const bits = f32.getUint32(0);
  const sign = (bits >>> 16) & 0x8000;
  const exp = (bits >>> 23) & 0xff;
  const mant = bits & 0x7fffff;
  if (exp === 0xff) return mant === 0 ? sign | 0x7c00 : undefined; // ±Infinity
  if (exp === 0 && mant === 0) return sign; // ±0
  const e = exp - 127;
  if (e >= -14 && e <= 15) {
    if (mant & 0x1fff) return undefined; // needs more than 10 mantissa bits
    return sign | ((e + 15) << 10) | (mant >>> 13);
  }
  if (e >= -24 && e < -14) {
    // subnormal half: value = m × 2^-24
    const full = mant | 0x800000;
    const shift = 13 + (-14 - e);
    if (full & ((1 << shift) - 1)) return undefined;
    return sign | (full >>> shift);
  }
  return undefined;
}

function write(w: Writer, v: CborValue, depth: number): void {
  if (depth > 64) throw malformed('value nests deeper than 64 levels');
  if (v === null) return w.byte(0xf6);
  if (v === true) return w.byte(0xf5);
  if (v === false) return w.byte(0xf4);
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) {
      throw malformed(`number ${v} is not a safe integer: wrap floats in Float, use bigint beyond 2^53`);
    }
    return v >= 0 ? w.head(MAJOR_UINT, v) : w.head(MAJOR_NINT, -1 - v);
  }
  if (typeof v === 'bigint') {
    return v >= 0n ? w.head(MAJOR_UINT, v) : w.head(MAJOR_NINT, -1n - v);
  }
  if (typeof v === 'string') return w.text(v);
  if (v instanceof Float) return w.bytes(encodeFloat(v.value));
  if (v instanceof Uint8Array) {
    w.head(MAJOR_BYTES, v.length);
    return w.bytes(v);
  }
  if (Array.isArray(v)) {
    w.head(MAJOR_ARRAY, v.length);
    for (const item of v) write(w, item, depth + 1);
    return;
  }
  if (v instanceof Map) {
    w.head(MAJOR_MAP, v.size);
    for (const [k, val] of v) {
      write(w, k, depth + 1);
      write(w, val, depth + 1);
    }
    return;
  }
  throw malformed(`cannot encode a value of JS type ${typeof v}`);
}

/**
 * One writer for every encode: a fresh one allocated a 256-byte buffer, which a warrant payload
 * outgrew (a second buffer and a copy), and typed arrays this size live outside V8's heap (each
 * one a native allocation the GC then tracks): together a quarter of encoding a payload. The
 * result is always a copy (result()), so no caller shares the scratch buffer; one grown past
 * SCRATCH_KEEP is let go after use; a nested encode (none today) gets a writer of its own.
 */
const SCRATCH_KEEP = 64 * 1024;
let scratch: Writer | undefined = new Writer();

export function encode(value: CborValue): Uint8Array {
  const w = scratch ?? new Writer();
  scratch = undefined;
  try {
    w.reset();
    write(w, value, 0);
    return w.result();
  } finally {
    if (w.capacity <= SCRATCH_KEEP) scratch = w;
  }
}
