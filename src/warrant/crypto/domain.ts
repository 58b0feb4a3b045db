/**
 * Domain separation: the exact bytes each Tenuo signature covers. The reference signer always
 * prepends `tenuo-warrant-v1`, so every non-warrant message is double-prefixed. What the spec
 * calls a "preimage" is the input to the reference's sign(), i.e. these messages less the first
 * prefix.
 */
import { concatBytes, utf8 } from '../../lib/bytes.js';

export const WARRANT_CONTEXT = utf8('tenuo-warrant-v1');
export const POP_CONTEXT = utf8('tenuo-pop-v1');
export const APPROVAL_CONTEXT = utf8('tenuo-approval-v1');

/** The envelope version byte that follows the warrant context. */
export const ENVELOPE_VERSION = 1;

/** Warrant: `tenuo-warrant-v1` ‖ envelope version (0x01) ‖ payload bytes. */
export function warrantSigningMessage(payloadBytes: Uint8Array, envelopeVersion = ENVELOPE_VERSION): Uint8Array {
  return concatBytes(WARRANT_CONTEXT, Uint8Array.of(envelopeVersion), payloadBytes);
}

/** `tenuo-warrant-v1` ‖ `tenuo-pop-v1`: what precedes every PoP challenge (read it, never write it). */
export const POP_MESSAGE_PREFIX = concatBytes(WARRANT_CONTEXT, POP_CONTEXT);

/** PoP: `tenuo-warrant-v1` ‖ `tenuo-pop-v1` ‖ CBOR challenge. */
export function popSigningMessage(challenge: Uint8Array): Uint8Array {
  return concatBytes(POP_MESSAGE_PREFIX, challenge);
}

/** Approval: `tenuo-warrant-v1` ‖ `tenuo-approval-v1` ‖ approval version ‖ payload bytes. */
export function approvalSigningMessage(approvalVersion: number, payloadBytes: Uint8Array): Uint8Array {
  return concatBytes(WARRANT_CONTEXT, APPROVAL_CONTEXT, Uint8Array.of(approvalVersion), payloadBytes);
}
