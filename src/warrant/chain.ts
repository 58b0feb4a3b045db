/**
 * Delegation-chain verification (reference `planes.rs` `verify_chain` / `verify_link`, protocol
 * spec §4–§5). Pure functions over envelopes; the `Authorizer` (authorize.ts) adds the trusted
 * roots, the clock, the revocation list and the signature cache, and the builders (builder.ts) run
 * the very same checks so that they never build a child this code would reject. The rules of one
 * warrant and one link are in link-rules.ts, the clock's (expiry, issued_at) in validity.ts: this
 * file runs them over a whole chain, in order.
 *
 * Verify before deserialize (spec wire-format-v1: "verify the signature against the raw payload
 * bytes before attempting to fully deserialize the payload"). Order:
 *   1. length of the chain;
 *   2. the root's issuer key, skimmed from its bytes (payload-key.ts: nothing else is read), must
 *      be a trusted root (`chain_not_anchored`);
 *   3. every signature, over the raw payload bytes: the root's under that trusted key, each
 *      child's under its verified parent's holder key (skimmed the same way from the parent's
 *      verified bytes). When a child's fails, its claimed issuer is skimmed to say why: a
 *      signature that verifies under a claimed issuer other than the parent's holder is a forged
 *      link (`delegation_authority_violated`, vector A.4); anything else is `signature_invalid`;
 *   4. only now, every payload is decoded in full (`malformed` / `unknown_field`, naming the link);
 *   5. then the reference's order: revocation of every warrant → cycles (same id twice) →
 *      structure of every warrant → per link: I1 delegation authority, I5 parent hash, I2 depth,
 *      I3 expiry monotonicity, the child's expiry (30 s tolerance), type rules with I4 capability
 *      attenuation, clearance, self-issuance, approver monotonicity.
 *
 * Where this differs from the reference: the reference decodes every payload first and checks
 * revocation, cycles and structure before the trusted root and the signatures. Here nothing but a
 * key is read from bytes whose signature has not verified, so a chain with several defects can
 * report another first one: a revoked warrant with a bad signature is `signature_invalid`, a
 * revoked chain under an untrusted root `chain_not_anchored`, a payload that does not decode but
 * is not signed by the right key `signature_invalid` (or `chain_not_anchored` for the root), and a
 * repeated warrant, which is not signed by its new parent's holder, a forged link
 * (`delegation_authority_violated`) rather than a cycle (a repeated self-delegated warrant still
 * reaches the cycle check). One case differs with a single defect: a child signed by its parent's
 * holder but naming another issuer verifies here and fails I1 (`delegation_authority_violated`),
 * where the reference, checking under the named key, says `signature_invalid`. The conformance
 * vectors all keep their codes. What this buys: before a decoded field is used, the signature over
 * its exact bytes has verified under a key the chain vouches for, so an unauthenticated sender
 * cannot reach the full decoder, the constraint parsers or the id lookups with its bytes.
 */
import { bytesEqual } from '../lib/bytes.js';
import { WarrantError, isWarrantError } from './errors.js';
import { warrantIdString } from './id.js';
import { checkLinkCapabilities, checkLinkStructure, checkStructure, keyHex, MAX_DELEGATION_DEPTH } from './link-rules.js';
import { payloadHolder, payloadIssuer } from './payload-key.js';
import { checkLinkExpiry } from './validity.js';
import type { SignedWarrant } from './types.js';

/** Depths run 0..64, so a chain holds at most 65 warrants. */
export const MAX_CHAIN_LENGTH = MAX_DELEGATION_DEPTH + 1;

export interface ChainCheckOptions {
  /** Ed25519 public keys whose root warrants are trusted. */
  readonly trustedRoots: readonly Uint8Array[];
  /** Unix seconds. */
  readonly now: number;
  /** Revoked ids in display form (`tnu_wrt_` + 32 hex), matched exactly. */
  readonly revoked: ReadonlySet<string>;
  readonly clockSkewSeconds: number;
  /**
   * Checks one envelope's signature over its raw payload bytes under `key` (the Authorizer caches
   * a success, keyed by the envelope's bytes and the key).
   */
  readonly signatureValid: (warrant: SignedWarrant, key: Uint8Array) => boolean;
}

/** Rejects an empty or overlong chain before any per-warrant work. */
export function checkChainLength(chain: readonly SignedWarrant[]): void {
  if (chain.length === 0) throw new WarrantError('malformed', 'chain is empty: give at least the root warrant');
  if (chain.length > MAX_CHAIN_LENGTH) {
    throw new WarrantError(
      'depth_exceeded',
      `chain has ${chain.length} warrants, more than the ${MAX_CHAIN_LENGTH} that depths 0..${MAX_DELEGATION_DEPTH} allow`,
    );
  }
}

export function checkRevocation(ids: readonly string[], revoked: ReadonlySet<string>): void {
  if (revoked.size === 0) return;
  for (let i = 0; i < ids.length; i++) {
    if (revoked.has(ids[i]!)) throw new WarrantError('warrant_revoked', `link ${i} (${ids[i]}): revoked`);
  }
}

/** Runs `read` on link `index`'s bytes or payload; a WarrantError it throws is re-thrown naming the link. */
function atLink<T>(index: number, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (isWarrantError(e)) throw new WarrantError(e.code, `link ${index}: ${e.message}`);
    throw e;
  }
}

/**
 * Steps 2–3 of the header: the trusted root, then every signature over the raw payload bytes,
 * reading nothing from unverified bytes but the issuer key. Errors name links by position only: an
 * id is not read from bytes whose signature has not verified.
 */
export function verifyChainSignatures(chain: readonly SignedWarrant[], options: ChainCheckOptions): void {
  const rootIssuer = atLink(0, () => payloadIssuer(chain[0]!.payloadBytes));
  if (!options.trustedRoots.some((k) => bytesEqual(k, rootIssuer))) {
    throw new WarrantError('chain_not_anchored', `link 0: root issuer ${keyHex(rootIssuer)} is not a trusted root`);
  }
  if (!options.signatureValid(chain[0]!, rootIssuer)) {
    throw new WarrantError(
      'signature_invalid',
      `link 0: signature does not verify under the trusted root key ${keyHex(rootIssuer)} its payload names`,
    );
  }
  for (let i = 1; i < chain.length; i++) {
    // The parent's bytes verified in the previous step: its holder is the one key that may sign here.
    const parentHolder = atLink(i - 1, () => payloadHolder(chain[i - 1]!.payloadBytes));
    const w = chain[i]!;
    if (options.signatureValid(w, parentHolder)) continue;
    // Classify the failure from the claimed issuer alone (still no full decode of unverified bytes).
    let claimed: Uint8Array | undefined;
    try {
      claimed = payloadIssuer(w.payloadBytes);
    } catch (e) {
      if (!isWarrantError(e)) throw e;
    }
    if (claimed !== undefined && !bytesEqual(claimed, parentHolder) && options.signatureValid(w, claimed)) {
      throw new WarrantError(
        'delegation_authority_violated',
        `link ${i}: issuer ${keyHex(claimed)} is not the parent's holder ${keyHex(parentHolder)} (the link is signed by ${keyHex(claimed)})`,
      );
    }
    throw new WarrantError(
      'signature_invalid',
      `link ${i}: signature does not verify under the parent's holder key ${keyHex(parentHolder)}`,
    );
  }
}

/**
 * The clock-independent checks, with the time checks interleaved where the reference puts them, in
 * the order of the header. Throws the first failure as a WarrantError; returns the display ids.
 */
export function verifyChainFull(chain: readonly SignedWarrant[], options: ChainCheckOptions): string[] {
  checkChainLength(chain);
  verifyChainSignatures(chain, options);
  // Every signature verified: the payloads may now be decoded in full.
  const payloads = chain.map((w, i) => atLink(i, () => w.payload));
  const ids = payloads.map((p) => warrantIdString(p.id));
  checkRevocation(ids, options.revoked);
  if (chain.length > 1) {
    const seen = new Set<string>();
    for (let i = 0; i < ids.length; i++) {
      if (seen.has(ids[i]!)) {
        throw new WarrantError('malformed', `link ${i} (${ids[i]}): cycle detected, this warrant id appears earlier in the chain`);
      }
      seen.add(ids[i]!);
    }
  }
  for (let i = 0; i < chain.length; i++) checkStructure(payloads[i]!, `link ${i} (${ids[i]})`);

  // No time check of the root here: the reference's verify_chain has none (a call checks the leaf).
  for (let i = 1; i < chain.length; i++) {
    const where = `link ${i} (${ids[i]})`;
    const parent = payloads[i - 1]!;
    const child = payloads[i]!;
    checkLinkStructure(parent, chain[i - 1]!.payloadBytes, child, where);
    checkLinkExpiry(child, where, options.now, options.clockSkewSeconds);
    checkLinkCapabilities(parent, child, where);
  }
  return ids;
}
