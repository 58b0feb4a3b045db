/**
 * WarrantStack (reference `wire.rs`): a CBOR array of SignedWarrant envelopes, root first. It is told
 * from a single envelope by its first element, which is an array (an envelope starts with an int).
 *
 * Decoding checks the stack and each envelope; every payload stays raw bytes until its `payload`
 * is first read (envelope.ts), so a verifier can check signatures before decoding any of them.
 */
import { decode, encode, type CborValue } from './cbor/index.js';
import { envelopeFromCbor, envelopeSize, envelopeToCbor } from './envelope.js';
import { malformed } from './errors.js';
import { MAX_CBOR_DEPTH, MAX_WARRANT_BYTES } from './payload.js';
import type { SignedWarrant } from './types.js';

/** The reference's MAX_STACK_SIZE. */
export const MAX_STACK_BYTES = 256 * 1024;
/** A chain holds at most the root plus MAX_DELEGATION_DEPTH (64) delegations. */
export const MAX_STACK_WARRANTS = 65;

export function encodeStack(ws: readonly SignedWarrant[]): Uint8Array {
  if (ws.length === 0) throw malformed('a WarrantStack cannot be empty');
  if (ws.length > MAX_STACK_WARRANTS) {
    throw malformed(`a WarrantStack holds at most ${MAX_STACK_WARRANTS} warrants, got ${ws.length}`);
  }
  const bytes = encode(
    ws.map((w, i) => {
      if (envelopeSize(w.payloadBytes.length) > MAX_WARRANT_BYTES) {
        throw malformed(`stack[${i}]: envelope exceeds ${MAX_WARRANT_BYTES} bytes`);
      }
      return envelopeToCbor(w, `stack[${i}]`);
    }),
  );
  if (bytes.length > MAX_STACK_BYTES) {
    throw malformed(`WarrantStack is ${bytes.length} bytes; the limit is ${MAX_STACK_BYTES}`);
  }
  return bytes;
}

/**
 * Decodes a WarrantStack (≤ 256 KiB, 1–65 envelopes of ≤ 64 KiB each). Throws WarrantError for a
 * bad stack or envelope; each payload is decoded lazily, on first access.
 */
export function decodeStack(bytes: Uint8Array): SignedWarrant[] {
  if (!(bytes instanceof Uint8Array)) throw malformed('WarrantStack: expected bytes');
  if (bytes.length > MAX_STACK_BYTES) {
    throw malformed(`WarrantStack is ${bytes.length} bytes; the limit is ${MAX_STACK_BYTES}`);
  }
  return stackFromCbor(decode(bytes, { maxBytes: MAX_STACK_BYTES, maxDepth: MAX_CBOR_DEPTH }));
}

/** A decoded CBOR value that should be a WarrantStack → its warrants. */
export function stackFromCbor(cbor: CborValue): SignedWarrant[] {
  if (!Array.isArray(cbor)) throw malformed('WarrantStack: expected an array of SignedWarrant envelopes');
  if (cbor.length === 0) throw malformed('WarrantStack: a stack cannot be empty');
  if (!Array.isArray(cbor[0])) {
    throw malformed('WarrantStack: the first element is not an array: this is a single SignedWarrant, not a stack');
  }
  if (cbor.length > MAX_STACK_WARRANTS) {
    throw malformed(`WarrantStack: at most ${MAX_STACK_WARRANTS} warrants, got ${cbor.length}`);
  }
  return cbor.map((item, i) => {
    const w = envelopeFromCbor(item, `stack[${i}]`);
    if (envelopeSize(w.payloadBytes.length) > MAX_WARRANT_BYTES) {
      throw malformed(`stack[${i}]: envelope exceeds ${MAX_WARRANT_BYTES} bytes`);
    }
    return w;
  });
}
