/**
 * The one small interface both Ed25519 implementations sit behind, so tests can run every vector
 * through both and demand the same verdict. Messages are signed exactly as given: the Tenuo
 * domain prefixes are added by the callers (see domain.ts).
 */
export interface Ed25519Signer {
  /** The 32-byte RFC 8032 public key. */
  readonly publicKey: Uint8Array;
  /** A deterministic RFC 8032 signature (64 bytes) over exactly `message`. */
  sign(message: Uint8Array): Uint8Array;
}

export interface Ed25519Backend {
  readonly name: string;
  /** Derives the key pair from a 32-byte seed (RFC 8032 secret key). Throws on a wrong length. */
  signerFromSeed(seed: Uint8Array): Ed25519Signer;
  /**
   * Strict verification (dalek `verify_strict` semantics): false for wrong lengths, S ≥ L,
   * non-canonical or small-order public key or R, or a signature that does not verify.
   * Never throws.
   */
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
}
