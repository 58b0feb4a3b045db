/**
 * Ed25519 keys and signatures for the warrant engine (fast path: node:crypto, strict like the
 * reference's dalek `verify_strict`). `sign` and `verifySignature` work on exactly the bytes
 * given; the Tenuo domain prefixes are built by crypto/domain.ts (warrants, PoP, approvals).
 */
import { nodeEd25519 } from './crypto/ed25519-node.js';
import type { Ed25519Signer } from './crypto/backend.js';
import { warrantSigningMessage } from './crypto/domain.js';

export class SigningKey {
  readonly publicKey: Uint8Array;
  readonly #signer: Ed25519Signer;

  private constructor(signer: Ed25519Signer) {
    this.#signer = signer;
    this.publicKey = signer.publicKey;
  }

  /** From a 32-byte RFC 8032 seed (throws WarrantError 'malformed' on another length). */
  static fromSeed(seed: Uint8Array): SigningKey {
    return new SigningKey(nodeEd25519.signerFromSeed(seed));
  }

  /** Ed25519 signature (64 bytes) over exactly `message`; deterministic. */
  sign(message: Uint8Array): Uint8Array {
    return this.#signer.sign(message);
  }

  /** Keeps the secret out of logs and JSON. */
  toJSON(): { publicKey: string } {
    return { publicKey: Buffer.from(this.publicKey).toString('hex') };
  }
}

/**
 * Strict Ed25519 verification of `signature` over exactly `message`: false (never a throw) for
 * wrong lengths, S ≥ L, a non-canonical or small-order public key or R, or a bad signature.
 */
export function verifySignature(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  return nodeEd25519.verify(publicKey, message, signature);
}

/** The envelope signature: over `tenuo-warrant-v1` ‖ 0x01 ‖ payload bytes. */
export function signWarrantPayload(issuer: SigningKey, payloadBytes: Uint8Array): Uint8Array {
  return issuer.sign(warrantSigningMessage(payloadBytes));
}

/** Verifies an envelope signature against the raw payload bytes (verify before deserialize). */
export function verifyWarrantSignature(issuer: Uint8Array, payloadBytes: Uint8Array, signature: Uint8Array): boolean {
  return verifySignature(issuer, warrantSigningMessage(payloadBytes), signature);
}
