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
import { compareUtf8, toHex } from '../lib/bytes.js';
import { encode, type CborValue } from './cbor/index.js';
import { POP_MESSAGE_PREFIX } from './crypto/domain.js';
import { malformed, WarrantError } from './errors.js';
import type { SigningKey } from './keys.js';
import { verifySignature } from './keys.js';
import { valueToCbor, type Args, type Value } from './constraint-value.js';

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
    throw malformed(`PoP max_windows must be an integer from ${MIN_POP_MAX_WINDOWS} to ${MAX_POP_MAX_WINDOWS}, got ${String(maxWindows)}`);
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
  if (
    v === null ||
    typeof v !== 'object' ||
    !(Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null)
  ) {
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

/**
 * The signing message of one call, for any window: `tenuo-warrant-v1` ‖ `tenuo-pop-v1` ‖
 * CBOR [id, tool, args, window]. The arguments are checked and canonicalized once, not per window.
 */
function popMessage(idHex: string, tool: string, args: Args): (window: number) => Uint8Array {
  if (typeof tool !== 'string') throw malformed('PoP id and tool must be strings');
  const pairs = argPairs(args);
  return (window) => {
    const challenge = encode([idHex, tool, pairs, window]);
    const message = new Uint8Array(POP_MESSAGE_PREFIX.length + challenge.length);
    message.set(POP_MESSAGE_PREFIX);
    message.set(challenge, POP_MESSAGE_PREFIX.length);
    return message;
  };
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
  if (typeof warrantId !== 'string' || typeof tool !== 'string') throw malformed('PoP id and tool must be strings');
  return encode([warrantId, tool, argPairs(args), windowOf(now)]);
}

/** The id as the challenge carries it: its 16 bytes, checked, as 32 lowercase hex digits. */
function idHex(warrantId: Uint8Array): string {
  if (!(warrantId instanceof Uint8Array) || warrantId.length !== 16) {
    throw malformed(`a warrant id is 16 bytes, got ${warrantId instanceof Uint8Array ? warrantId.length : typeof warrantId}`);
  }
  return toHex(warrantId);
}

/** The holder's PoP signature for calling `tool` with `args` at `now` (unix seconds). */
export function signPop(holder: SigningKey, warrantId: Uint8Array, tool: string, args: Args, now: number): Uint8Array {
  const messageAt = popMessage(idHex(warrantId), tool, args);
  return holder.sign(messageAt(windowOf(now)));
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
  let messageAt: (window: number) => Uint8Array;
  let base: number;
  try {
    messageAt = popMessage(idHex(warrantId), tool, args);
    base = windowOf(now);
  } catch (e) {
    if (e instanceof WarrantError) return false; // args or id the holder could not have signed
    throw e;
  }
  for (const offset of offsets) {
    if (verifySignature(holderPublicKey, messageAt(base + offset * POP_WINDOW_SECONDS), signature)) return true;
  }
  return false;
}
