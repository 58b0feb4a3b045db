/**
 * Proof-of-possession (reference `Warrant::sign_with_timestamp` / `verify_pop`): on every call
 * the holder signs the call itself, so a stolen warrant is useless without the holder's key.
 *
 * challenge = CBOR [id, tool, [[key, value], ...], window]
 *   - id: the warrant id as 32 lowercase hex digits (no `tnu_wrt_` prefix; the runtime and the 11
 *     pop_canonical cases use bare hex, only the A.6/A.20.1 vectors were generated otherwise);
 *   - args: an array of pairs (not a map), sorted bytewise on the UTF-8 key, int and float kept
 *     distinct (value.ts), after the SDK's null canonicalization (`canonicalArgs`), so an omitted
 *     optional and an explicit null sign the same;
 *   - window = trunc(now / 30) × 30 (Rust integer division truncates).
 * message = `tenuo-warrant-v1` ‖ `tenuo-pop-v1` ‖ challenge.
 *
 * The verifier tries window offsets 0, −1, +1, −2, +2, … (max_windows of them, 2–10, default 5),
 * so a PoP made at the start of a window is accepted up to 89 s later and 60 s earlier.
 */
import { Buffer } from 'node:buffer';
import { compareUtf8, toHex } from '../lib/bytes.js';
import { encode, type CborValue } from './cbor/index.js';
import { POP_MESSAGE_PREFIX } from './crypto/domain.js';
import { malformed, WarrantError } from './errors.js';
import type { SigningKey } from './keys.js';
import { verifySignature } from './keys.js';
import { valueToCbor, type Args, type Value } from './value.js';

export const POP_WINDOW_SECONDS = 30;
export const DEFAULT_POP_MAX_WINDOWS = 5;
export const MIN_POP_MAX_WINDOWS = 2;
export const MAX_POP_MAX_WINDOWS = 10;

/** Arguments nest at most this deep (the CBOR codec's own limit is 64, the challenge adds 3). */
const MAX_ARG_DEPTH = 60;

/** The start of the 30-second window holding `now` (truncating division, as the reference). */
export function popWindow(now: number): number {
  return Math.trunc(now / POP_WINDOW_SECONDS) * POP_WINDOW_SECONDS + 0; // + 0: no -0
}

/** Throws WarrantError('malformed') unless maxWindows is an integer from 2 to 10. */
export function assertPopMaxWindows(maxWindows: number): void {
  if (!Number.isInteger(maxWindows) || maxWindows < MIN_POP_MAX_WINDOWS || maxWindows > MAX_POP_MAX_WINDOWS) {
    throw malformed(
      `PoP max_windows must be an integer from ${MIN_POP_MAX_WINDOWS} to ${MAX_POP_MAX_WINDOWS}, got ${String(maxWindows)}`,
    );
  }
}

/** Offsets in windows, closest first: 0, −1, +1, −2, +2, …; never beyond ±floor(n/2). */
export function popWindowOffsets(maxWindows = DEFAULT_POP_MAX_WINDOWS): number[] {
  assertPopMaxWindows(maxWindows);
  const half = Math.floor(maxWindows / 2);
  const out: number[] = [];
  for (let i = 0; i < maxWindows; i++) {
    const offset = i === 0 ? 0 : i % 2 === 1 ? -Math.ceil(i / 2) : Math.ceil(i / 2);
    if (Math.abs(offset) <= half) out.push(offset);
  }
  return out;
}

/** popWindowOffsets for every allowed maxWindows, computed once (the verifier's per-call table). */
const OFFSETS: readonly (readonly number[])[] = Array.from({ length: MAX_POP_MAX_WINDOWS + 1 }, (_, n) =>
  n < MIN_POP_MAX_WINDOWS ? [] : Object.freeze(popWindowOffsets(n)),
);

function depthOf(v: Value, limit: number): number {
  if (v === null || typeof v !== 'object' || !(Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)) {
    return 0;
  }
  if (limit <= 0) return 1;
  let max = 0;
  for (const item of Array.isArray(v) ? v : Object.values(v)) max = Math.max(max, depthOf(item, limit - 1));
  return max + 1;
}

function withoutNulls(list: readonly Value[]): Value[] {
  const out: Value[] = [];
  for (const item of list) {
    if (item === null || item === undefined) continue;
    out.push(Array.isArray(item) ? withoutNulls(item) : item);
  }
  return out;
}

/**
 * The SDK's canonical view of call arguments (tenuo-python `strip_none_values`, applied by both
 * the signer and the verifier, to PoP args and constraint args alike): drop every top-level key
 * whose value is null, and drop null elements of list values, recursing into nested lists only.
 * Objects are not entered. Any change here changes signed bytes. Throws WarrantError('malformed')
 * for args that are not an object or nest deeper than the codec allows.
 */
export function canonicalArgs(args: Args): Args {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) throw malformed('call args must be an object');
  // No prototype: an argument named "__proto__" (JSON.parse makes it an own key) stays a key.
  const out = Object.create(null) as Record<string, Value>;
  for (const k of Object.keys(args)) {
    const v = args[k];
    if (v === null || v === undefined) continue;
    if (depthOf(v, MAX_ARG_DEPTH) > MAX_ARG_DEPTH) throw malformed(`argument '${k}' nests deeper than ${MAX_ARG_DEPTH} levels`);
    out[k] = Array.isArray(v) ? withoutNulls(v) : v;
  }
  return out;
}

/** The args as the challenge carries them: canonical, pairs sorted bytewise on the key. */
function argPairs(args: Args): CborValue[] {
  const canonical = canonicalArgs(args);
  return Object.keys(canonical)
    .sort(compareUtf8)
    .map((k) => [k, valueToCbor(canonical[k]!)]);
}

/** CBOR major types as initial-byte bits, and the heads this file writes itself. */
const MAJOR_UINT = 0x00;
const MAJOR_NINT = 0x20;
const MAJOR_TEXT = 0x60;
const MAJOR_ARRAY = 0x80;
const ARRAY_OF_3 = MAJOR_ARRAY | 3;
const ARRAY_OF_4 = MAJOR_ARRAY | 4;
/** Each argument is a [name, value] pair: an array of 2. */
const PAIR = MAJOR_ARRAY | 2;

/** Longest integer encoding: head byte + 8 argument bytes. */
const MAX_INT_BYTES = 9;
/** A 16-byte id as 32 hex digits: text head 0x78 0x20, then the digits. */
const ID_HEX_BYTES = 2 + 32;
const HEX_DIGITS = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
/** ASCII text up to this many chars is copied by a loop, longer text by the native writer (measured). */
const SHORT_ASCII = 32;

/** Bytes of the shortest head whose argument is the non-negative safe integer `u`. */
function headLength(u: number): number {
  return u < 24 ? 1 : u <= 0xff ? 2 : u <= 0xffff ? 3 : u <= 0xffffffff ? 5 : 9;
}

/**
 * Writes the shortest head (RFC 8949 §4.2.1) of major type `major` with argument `u` (a
 * non-negative safe integer) at `out[at]`; returns the offset after it.
 */
function writeHead(out: Uint8Array, at: number, major: number, u: number): number {
  if (u < 24) {
    out[at] = major | u;
    return at + 1;
  }
  if (u <= 0xff) {
    out[at] = major | 24;
    out[at + 1] = u;
    return at + 2;
  }
  if (u <= 0xffff) {
    out[at] = major | 25;
    out[at + 1] = u >>> 8;
    out[at + 2] = u & 0xff;
    return at + 3;
  }
  const wide = u > 0xffffffff;
  out[at] = major | (wide ? 27 : 26);
  let p = at + 1;
  if (wide) {
    const hi = Math.floor(u / 2 ** 32);
    out[p] = hi >>> 24;
    out[p + 1] = (hi >>> 16) & 0xff;
    out[p + 2] = (hi >>> 8) & 0xff;
    out[p + 3] = hi & 0xff;
    p += 4;
  }
  const lo = u % 2 ** 32;
  out[p] = lo >>> 24;
  out[p + 1] = (lo >>> 16) & 0xff;
  out[p + 2] = (lo >>> 8) & 0xff;
  out[p + 3] = lo & 0xff;
  return p + 4;
}

/** The CBOR integer `n` (a safe integer) at `out[at]`; returns the offset after it. */
function writeInt(out: Uint8Array, at: number, n: number): number {
  return n < 0 ? writeHead(out, at, MAJOR_NINT, -1 - n) : writeHead(out, at, MAJOR_UINT, n);
}

/**
 * Encoded size of `v` when it lies in the subset this file writes directly (text, safe integers,
 * booleans, null, arrays of these), else undefined: floats, bigints, maps and anything the codec
 * would reject go through the codec itself (see PopMessage). Same bytes either way: the codec's
 * deterministic rules are the only ones, and pop-fast-encoding.test.ts compares the two.
 */
function fastSize(v: CborValue, depth: number): number | undefined {
  if (v === null || v === true || v === false) return 1;
  if (typeof v === 'string') {
    const n = Buffer.byteLength(v, 'utf8');
    return headLength(n) + n;
  }
  if (typeof v === 'number') return Number.isSafeInteger(v) ? headLength(v < 0 ? -1 - v : v) : undefined;
  if (Array.isArray(v) && depth < 64) {
    let size = headLength(v.length);
    for (const item of v) {
      const n = fastSize(item, depth + 1);
      if (n === undefined) return undefined;
      size += n;
    }
    return size;
  }
  return undefined;
}

function isFlatScalar(v: unknown): boolean {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isSafeInteger(v));
}

/**
 * Text, a boolean, a safe integer, or a plain list of those (no null, no hole, no nested list):
 * canonicalArgs keeps such a value as it is (a copy of the list) and valueToCbor changes nothing.
 */
function isFlatValue(v: unknown): boolean {
  if (isFlatScalar(v)) return true;
  if (!Array.isArray(v) || Object.getPrototypeOf(v) !== Array.prototype) return false;
  for (let i = 0; i < v.length; i++) if (!isFlatScalar(v[i])) return false;
  return true;
}

/**
 * The argument names, sorted bytewise on UTF-8, when every argument is flat (isFlatValue: then
 * there is nothing to canonicalize); else undefined and the general path runs.
 */
function flatArgKeys(args: Args): string[] | undefined {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const keys = Object.keys(args);
  for (const k of keys) if (!isFlatValue(args[k])) return undefined;
  return keys.sort(compareUtf8);
}

/** Encoded size of flat arguments as [[name, value], ...] (names from flatArgKeys). */
function flatArgsSize(args: Args, names: readonly string[]): number {
  let size = headLength(names.length);
  for (const k of names) size += 1 + fastSize(k, 0)! + fastSize(args[k] as CborValue, 0)!;
  return size;
}

/** Writes flat arguments as [[name, value], ...] in the order of `names`; returns the end. */
function writeFlatArgs(out: Buffer, at: number, args: Args, names: readonly string[]): number {
  let p = writeHead(out, at, MAJOR_ARRAY, names.length);
  for (const k of names) {
    out[p] = PAIR;
    p = fastWrite(out, p + 1, k);
    p = fastWrite(out, p, args[k] as CborValue);
  }
  return p;
}

/** Writes a value fastSize accepted; returns the offset after it. */
function fastWrite(out: Buffer, at: number, v: CborValue): number {
  if (v === null) {
    out[at] = 0xf6;
    return at + 1;
  }
  if (v === true || v === false) {
    out[at] = v ? 0xf5 : 0xf4;
    return at + 1;
  }
  if (typeof v === 'string') {
    const n = Buffer.byteLength(v, 'utf8');
    const p = writeHead(out, at, MAJOR_TEXT, n);
    // As many UTF-8 bytes as UTF-16 units only when every unit is ASCII (any other unit, lone
    // surrogates included, takes more bytes than units): then the bytes are the char codes, and a
    // short loop beats a call into the native UTF-8 writer. Past a few dozen chars (a file's
    // content, a mail's body) the native writer is faster; its bytes are the same.
    if (n === v.length && n <= SHORT_ASCII) {
      for (let i = 0; i < n; i++) out[p + i] = v.charCodeAt(i);
      return p + n;
    }
    return p + out.write(v, p, n, 'utf8');
  }
  if (typeof v === 'number') return writeInt(out, at, v);
  const list = v as CborValue[];
  let p = writeHead(out, at, MAJOR_ARRAY, list.length);
  for (const item of list) p = fastWrite(out, p, item);
  return p;
}

/** The id as the challenge's first element: text of 32 lowercase hex digits, written in place. */
function writeIdHex(out: Uint8Array, at: number, id: Uint8Array): number {
  out[at] = MAJOR_TEXT | 24;
  out[at + 1] = 32;
  let p = at + 2;
  for (let i = 0; i < 16; i++) {
    const b = id[i]!;
    out[p++] = HEX_DIGITS[b >> 4]!;
    out[p++] = HEX_DIGITS[b & 15]!;
  }
  return p;
}

/** Messages up to this size are built in one shared scratch buffer (see PopMessage). */
const SCRATCH_LIMIT = 64 * 1024;
let scratch: Buffer = Buffer.allocUnsafeSlow(1024);
/** The message whose bytes the scratch buffer holds. */
let scratchOwner: PopMessage | undefined;

/** A buffer of at least `size` bytes for `owner`: the shared scratch when it fits (grown by doubling). */
function messageBuffer(owner: PopMessage, size: number): Buffer {
  if (size > SCRATCH_LIMIT) return Buffer.allocUnsafe(size);
  if (size > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.min(SCRATCH_LIMIT, 2 ** Math.ceil(Math.log2(size))));
  scratchOwner = owner;
  return scratch;
}

/**
 * The signing message of one call, window slot still open: `tenuo-warrant-v1` ‖ `tenuo-pop-v1` ‖
 * CBOR [id, tool, args, window]. Everything up to the window is checked, canonicalized and
 * encoded once, into one buffer with room for the window; each window the verifier tries only
 * writes its integer there. `at(window)` returns a view into that buffer, valid until the next
 * `at` call or the next message built (signing and verification are synchronous).
 *
 * The buffer is, for all but huge arguments, one scratch buffer shared by every message: two
 * messages per call (the holder's and the verifier's) would otherwise take a fresh buffer each,
 * and refilling Node's buffer pool that often cost more than writing the bytes. Only the latest
 * message may use it: an older one's `at` throws rather than read another message's bytes.
 *
 * `id` is the warrant id's 16 bytes (written as 32 hex digits) or, for popChallenge, a string used
 * as given.
 */
class PopMessage {
  readonly #buf: Buffer;
  /** Where the window integer goes: the length of the fixed part. */
  readonly #fixed: number;

  constructor(id: Uint8Array | string, tool: string, args: Args) {
    const idSize =
      typeof id === 'string' ? fastSize(id, 0) : id instanceof Uint8Array && id.length === 16 ? ID_HEX_BYTES : undefined;
    if (idSize === undefined || typeof tool !== 'string') throw malformed('PoP id and tool must be strings');
    const toolSize = fastSize(tool, 0)!;
    const start = POP_MESSAGE_PREFIX.length;
    // The common call has flat arguments (text, booleans, safe integers, lists of those):
    // canonicalArgs would drop nothing and valueToCbor change nothing, so they are written
    // straight from the call.
    const flat = flatArgKeys(args);
    const pairs = flat === undefined ? argPairs(args) : undefined;
    const argsSize = flat !== undefined ? flatArgsSize(args, flat) : fastSize(pairs!, 1);
    if (argsSize === undefined) {
      // Floats, bigints, maps: one codec pass over [id, tool, args]. A definite array of 3 always
      // has the one-byte head 0x83; it becomes 0x84 once the window follows.
      const body = encode([typeof id === 'string' ? id : toHex(id), tool, pairs!]);
      if (body[0] !== ARRAY_OF_3) throw new Error('PoP challenge: unexpected CBOR array head');
      this.#buf = Buffer.alloc(start + body.length + MAX_INT_BYTES);
      this.#buf.set(POP_MESSAGE_PREFIX);
      this.#buf.set(body, start);
      this.#buf[start] = ARRAY_OF_4;
      this.#fixed = start + body.length;
      return;
    }
    // Uninitialized: every byte of the returned views is written here or by at().
    const buf = messageBuffer(this, start + 1 + idSize + toolSize + argsSize + MAX_INT_BYTES);
    buf.set(POP_MESSAGE_PREFIX);
    buf[start] = ARRAY_OF_4;
    let p = typeof id === 'string' ? fastWrite(buf, start + 1, id) : writeIdHex(buf, start + 1, id);
    p = fastWrite(buf, p, tool);
    this.#fixed = flat !== undefined ? writeFlatArgs(buf, p, args, flat) : fastWrite(buf, p, pairs!);
    this.#buf = buf;
  }

  /** The full signing message for `window` (a view; see the class comment). */
  at(window: number): Uint8Array {
    if (this.#buf === scratch && scratchOwner !== this) throw new Error('PoP message: its buffer now holds a newer message');
    return this.#buf.subarray(0, writeInt(this.#buf, this.#fixed, window));
  }

  /** The CBOR challenge alone for `window`, as a fresh copy. */
  challengeAt(window: number): Uint8Array {
    const view = this.at(window);
    const out = new Uint8Array(view.length - POP_MESSAGE_PREFIX.length);
    out.set(view.subarray(POP_MESSAGE_PREFIX.length));
    return out;
  }
}

function windowOf(now: number): number {
  // Bounded well inside the safe-integer range, so every window ± offset encodes as a CBOR int.
  if (typeof now !== 'number' || !Number.isFinite(now) || Math.abs(now) > 2 ** 52) {
    throw malformed(`PoP time must be unix seconds within ±2^52, got ${String(now)}`);
  }
  return popWindow(now);
}

/**
 * The CBOR challenge for the window holding `now`. `warrantId` is used as given (the runtime passes
 * the bare 32-hex id; the A.6 vector passes its `tnu_wrt_` form).
 */
export function popChallenge(warrantId: string, tool: string, args: Args, now: number): Uint8Array {
  const message = new PopMessage(warrantId, tool, args);
  return message.challengeAt(windowOf(now));
}

/** The id's 16 bytes, checked (the challenge carries them as 32 hex digits). */
function idBytes(warrantId: Uint8Array): Uint8Array {
  if (!(warrantId instanceof Uint8Array) || warrantId.length !== 16) {
    throw malformed(`a warrant id is 16 bytes, got ${warrantId instanceof Uint8Array ? warrantId.length : typeof warrantId}`);
  }
  return warrantId;
}

/** The holder's PoP signature for calling `tool` with `args` at `now` (unix seconds). */
export function signPop(holder: SigningKey, warrantId: Uint8Array, tool: string, args: Args, now: number): Uint8Array {
  const message = new PopMessage(idBytes(warrantId), tool, args);
  return holder.sign(message.at(windowOf(now)));
}

/**
 * True when `signature` is the holder's PoP for this call in one of the `maxWindows` windows
 * around `now`. False (never a throw) for any bad input except an out-of-range maxWindows, which is
 * a configuration error and throws WarrantError('malformed').
 */
export function verifyPop(
  holderPublicKey: Uint8Array,
  warrantId: Uint8Array,
  tool: string,
  args: Args,
  signature: Uint8Array,
  now: number,
  maxWindows = DEFAULT_POP_MAX_WINDOWS,
): boolean {
  assertPopMaxWindows(maxWindows);
  const offsets = OFFSETS[maxWindows]!;
  let message: PopMessage;
  let base: number;
  try {
    message = new PopMessage(idBytes(warrantId), tool, args);
    base = windowOf(now);
  } catch (e) {
    if (e instanceof WarrantError) return false; // args or id the holder could not have signed
    throw e;
  }
  for (const offset of offsets) {
    if (verifySignature(holderPublicKey, message.at(base + offset * POP_WINDOW_SECONDS), signature)) return true;
  }
  return false;
}
