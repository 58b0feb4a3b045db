/**
 * The warrant model (reference `payload.rs`, `warrant.rs`). Wire keys in comments.
 * Shared contract of the warrant engine: codec, builders, chain verifier and authorizer all speak it.
 */
import type { ConstraintSet, ToolGrants } from './constraints/types.js';

export type WarrantType = 'execution' | 'issuer'; // wire 0 | 1

export interface WarrantPayload {
  readonly version: number; // 0 (always 1)
  readonly id: Uint8Array; // 1: 16 bytes, UUIDv7
  readonly warrantType: WarrantType; // 2
  readonly tools: ToolGrants; // 3 (execution: what it may call; issuer: usually empty)
  readonly holder: Uint8Array; // 4: Ed25519 public key, 32 bytes (wire [1, bstr])
  readonly issuer: Uint8Array; // 5
  readonly issuedAt: number; // 6: unix seconds
  readonly expiresAt: number; // 7
  readonly maxDepth: number; // 8
  readonly parentHash: Uint8Array | null; // 9: SHA-256 of the parent's payload bytes
  /** 10, less the two reserved keys below. Values are raw bytes (uint arrays on the wire). */
  readonly extensions: Readonly<Record<string, Uint8Array>>;
  readonly issuableTools: readonly string[] | null; // 11
  readonly maxIssueDepth: number | null; // 13
  readonly constraintBounds: ConstraintSet | null; // 14
  readonly requiredApprovers: readonly Uint8Array[] | null; // 15
  readonly minApprovals: number | null; // 16
  readonly clearance: number | null; // 17
  readonly depth: number; // 18
  readonly sessionId: string | null; // extensions["tenuo.session_id"]
  readonly agentId: string | null; // extensions["tenuo.agent_id"]
}

/**
 * An envelope. `payloadBytes` are the signed bytes, kept verbatim; `payload` is their decoding.
 * Envelopes read from the wire (envelope.ts, stack.ts, text.ts) decode it on first read and
 * remember it (verify before deserialize: the chain verifier reads it only after the signatures),
 * so reading `payload` of an unverified envelope can throw its WarrantError (`malformed` /
 * `unknown_field`). Builders set it directly.
 */
export interface SignedWarrant {
  readonly payloadBytes: Uint8Array;
  /** May be a getter that decodes `payloadBytes` on first read and throws WarrantError if they do not decode. */
  readonly payload: WarrantPayload;
  readonly signature: Uint8Array; // 64 bytes
}

/** Injected clock (unix seconds) and randomness, so that every run is reproducible. */
export type Clock = () => number;
export type RandomSource = (length: number) => Uint8Array;

/** `tnu_wrt_` + 32 lowercase hex: the display form used in errors and revocation lists. */
export const WARRANT_ID_PREFIX = 'tnu_wrt_';
