/**
 * Delegation-chain verification (reference `planes.rs` `verify_chain` / `verify_link`, protocol
 * spec §4–§5). Pure functions over envelopes; the `Authorizer` (authorize.ts) adds the trusted
 * roots, the clock, the revocation list and the signature cache, and the builders (builder.ts) run
 * the very same checks so that they never build a child this code would reject.
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
 * Time, as Tenuo keeps it (`planes.rs` `verify_chain` / `verify_link`, `warrant.rs`), read from
 * its code and checked against its own answers (test/warrant/tenuo-answers-chains.test.ts):
 *   - chain verification checks each child's expiry with the clock tolerance (`now > expires_at +
 *     30`), and nothing else of the clock: not the root's expiry, not any issued_at;
 *   - a call checks the leaf's expiry without tolerance (`now >= expires_at`, checkCallExpiry), so
 *     a lone root that expired verifies as a chain but authorizes no call;
 *   - issued_at in the future (`issued_at > now + 30`) is checked when a single warrant is
 *     decoded (`wire::decode_base64` → `Warrant::validate`: a token, a `TENUO WARRANT` PEM block),
 *     never for a `TENUO WARRANT CHAIN` stack (`wire::decode_stack`): checkIssuedAt, which the
 *     reader of the tokens calls (text.ts says which transport each warrant came by).
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
import { checkConstraintSetAttenuation, checkToolAttenuation } from './constraints/attenuate.js';
import { sha256 } from './crypto/sha256.js';
import { bytesEqual, toHex, utf8 } from '../lib/bytes.js';
import { WarrantError, isWarrantError, type ErrorCode } from './errors.js';
import { warrantIdString } from './id.js';
import { MAX_CONSTRAINTS_PER_TOOL, MAX_TOOLS_PER_WARRANT } from './constraints/wire.js';
import { MAX_EXTENSION_KEY_BYTES, MAX_EXTENSION_KEYS, MAX_EXTENSION_VALUE_BYTES } from './payload.js';
import { payloadHolder, payloadIssuer } from './payload-key.js';
import type { ConstraintSet } from './constraints/types.js';
import type { SignedWarrant, WarrantPayload } from './types.js';

/** Protocol limits (spec §9, reference `lib.rs` / `wire.rs`). */
export const MAX_DELEGATION_DEPTH = 64;
/** Depths run 0..64, so a chain holds at most 65 warrants. */
export const MAX_CHAIN_LENGTH = MAX_DELEGATION_DEPTH + 1;
export const MAX_WARRANT_TTL_SECONDS = 90 * 24 * 60 * 60;
/** The reference chain verifier's default clock tolerance (`CLOCK_SKEW_TOLERANCE_SECS`). */
export const DEFAULT_CLOCK_SKEW_SECONDS = 30;

/** How errors name a warrant: its position (0 = root) and its display id. */
export function linkName(index: number, p: WarrantPayload): string {
  return `link ${index} (${warrantIdString(p.id)})`;
}

function fail(code: ErrorCode, where: string, what: string): never {
  throw new WarrantError(code, `${where}: ${what}`);
}

function keyHex(key: Uint8Array): string {
  return toHex(key);
}

/**
 * What a warrant must satisfy on its own, with no parent and no clock (reference
 * `validate_structural`, plus the spec's depth and TTL ceilings). The decoder already bounds sizes;
 * they are checked again here because the builders run this on payloads that were never decoded.
 */
export function checkStructure(p: WarrantPayload, where: string): void {
  if (p.version !== 1) fail('malformed', where, `unsupported payload version ${p.version} (expected 1)`);
  if (!(p.expiresAt > p.issuedAt)) {
    fail('malformed', where, `expires_at ${p.expiresAt} is not after issued_at ${p.issuedAt}`);
  }
  if (p.expiresAt - p.issuedAt > MAX_WARRANT_TTL_SECONDS) {
    fail(
      'ttl_monotonicity_violated',
      where,
      `lifetime ${p.expiresAt - p.issuedAt} s (issued_at ${p.issuedAt} to expires_at ${p.expiresAt}) exceeds the 90-day maximum of ${MAX_WARRANT_TTL_SECONDS} s`,
    );
  }
  if (p.depth > MAX_DELEGATION_DEPTH) {
    fail('depth_exceeded', where, `depth ${p.depth} exceeds the protocol maximum ${MAX_DELEGATION_DEPTH}`);
  }
  if (p.maxDepth > MAX_DELEGATION_DEPTH) {
    fail('depth_exceeded', where, `max_depth ${p.maxDepth} exceeds the protocol maximum ${MAX_DELEGATION_DEPTH}`);
  }
  if (p.warrantType === 'execution') {
    if (p.issuableTools !== null) fail('malformed', where, 'an execution warrant cannot have issuable_tools');
    if (p.maxIssueDepth !== null) fail('malformed', where, 'an execution warrant cannot have max_issue_depth');
  } else {
    if (Object.keys(p.tools).length > 0) fail('malformed', where, 'an issuer warrant cannot have tools');
    if (p.issuableTools === null || p.issuableTools.length === 0) {
      fail('malformed', where, 'an issuer warrant needs at least one issuable_tools entry');
    }
  }
  if (p.maxIssueDepth !== null && p.maxIssueDepth > p.maxDepth) {
    fail('depth_exceeded', where, `max_issue_depth ${p.maxIssueDepth} exceeds max_depth ${p.maxDepth}`);
  }
  const tools = Object.keys(p.tools);
  if (tools.length > MAX_TOOLS_PER_WARRANT) {
    fail('malformed', where, `${tools.length} tools exceed the limit of ${MAX_TOOLS_PER_WARRANT}`);
  }
  for (const tool of tools) {
    const n = Object.keys(p.tools[tool]!.constraints).length;
    if (n > MAX_CONSTRAINTS_PER_TOOL) {
      fail('malformed', where, `tool '${tool}' has ${n} constraints, over the limit of ${MAX_CONSTRAINTS_PER_TOOL}`);
    }
  }
  const extensionKeys = Object.keys(p.extensions);
  const extensionCount = extensionKeys.length + (p.sessionId !== null ? 1 : 0) + (p.agentId !== null ? 1 : 0);
  if (extensionCount > MAX_EXTENSION_KEYS) {
    fail('malformed', where, `${extensionCount} extensions exceed the limit of ${MAX_EXTENSION_KEYS}`);
  }
  for (const key of extensionKeys) {
    if (utf8(key).length > MAX_EXTENSION_KEY_BYTES) {
      fail('malformed', where, `extension key '${key.slice(0, 32)}…' is longer than ${MAX_EXTENSION_KEY_BYTES} bytes`);
    }
    const size = p.extensions[key]!.length;
    if (size > MAX_EXTENSION_VALUE_BYTES) {
      fail('malformed', where, `extension '${key}' is ${size} bytes, over the limit of ${MAX_EXTENSION_VALUE_BYTES}`);
    }
  }
  if (p.requiredApprovers !== null && p.minApprovals !== null) {
    if (p.minApprovals === 0) fail('malformed', where, 'min_approvals must be at least 1 when required_approvers is set');
    if (p.minApprovals > p.requiredApprovers.length) {
      fail(
        'malformed',
        where,
        `min_approvals ${p.minApprovals} exceeds the ${p.requiredApprovers.length} required_approvers`,
      );
    }
  }
}

/**
 * A child's expiry in chain verification (reference `is_expired_with_tolerance`, default 30 s): it
 * is expired when `now > expires_at + skew`, so still accepted at `expires_at + skew` exactly.
 */
export function checkLinkExpiry(p: WarrantPayload, where: string, now: number, skew: number): void {
  if (now > p.expiresAt + skew) {
    fail('warrant_expired', where, `expired at ${p.expiresAt} (now ${now}, ${skew} s clock tolerance in chain verification)`);
  }
}

/**
 * The leaf's expiry when it authorizes a call (reference `authorize_with_pop_args_and_config` →
 * `is_expired`): no tolerance, and the instant `expires_at` itself is already expired.
 */
export function checkCallExpiry(p: WarrantPayload, where: string, now: number): void {
  if (now >= p.expiresAt) fail('warrant_expired', where, `expired at ${p.expiresAt} (now ${now}; a call gets no clock tolerance)`);
}

/**
 * issued_at in the future, as Tenuo checks it when it decodes a single warrant (`Warrant::validate`,
 * `CLOCK_SKEW_TOLERANCE_SECS`): refused when `issued_at > now + skew`. Reported as
 * `warrant_expired`, the same question (outside its validity window) with the same fix (check clocks).
 */
export function checkIssuedAt(p: WarrantPayload, where: string, now: number, skew: number): void {
  if (p.issuedAt > now + skew) {
    fail('warrant_expired', where, `issued_at ${p.issuedAt} is in the future (now ${now}, ${skew} s clock skew allowed): not valid yet`);
  }
}

/**
 * The whole validity window at `now` (expiry and issued_at, both with `skew`): what the builders
 * check before they sign, so that they never issue a warrant outside its own window.
 */
export function checkValidityWindow(p: WarrantPayload, where: string, now: number, skew: number): void {
  checkLinkExpiry(p, where, now, skew);
  checkIssuedAt(p, where, now, skew);
}

/** Effective approval threshold (reference `approval_threshold`): min_approvals capped at the set size. */
export function approvalThreshold(p: WarrantPayload): number {
  if (p.requiredApprovers === null) return 0;
  const n = p.requiredApprovers.length;
  return p.minApprovals === null ? n : Math.min(p.minApprovals, n);
}

/**
 * Link checks that come before the child's validity window in the reference: I1, I5, I2, I3.
 * `parentBytes` are the parent's raw payload bytes (I5 hashes them, not a re-encoding).
 */
export function checkLinkStructure(
  parent: WarrantPayload,
  parentBytes: Uint8Array,
  child: WarrantPayload,
  where: string,
): void {
  // I1: only the parent's holder may delegate.
  if (!bytesEqual(child.issuer, parent.holder)) {
    fail(
      'delegation_authority_violated',
      where,
      `issuer ${keyHex(child.issuer)} is not the parent's holder ${keyHex(parent.holder)}`,
    );
  }
  // I5: the child is bound to these exact parent bytes (no splicing onto another parent).
  if (child.parentHash === null) fail('parent_hash_mismatch', where, 'parent_hash is missing on a delegated warrant');
  const expected = sha256(parentBytes);
  if (!bytesEqual(child.parentHash, expected)) {
    fail(
      'parent_hash_mismatch',
      where,
      `parent_hash ${toHex(child.parentHash)} is not SHA-256 of the parent's payload (${toHex(expected)})`,
    );
  }
  // I2: depth grows by exactly one and stays under every ceiling.
  if (child.depth !== parent.depth + 1) {
    fail('depth_monotonicity_violated', where, `depth ${child.depth} is not the parent's depth ${parent.depth} + 1`);
  }
  if (child.depth > parent.maxDepth) {
    fail('depth_exceeded', where, `depth ${child.depth} exceeds the parent's max_depth ${parent.maxDepth}`);
  }
  if (child.maxDepth > parent.maxDepth) {
    fail('depth_monotonicity_violated', where, `max_depth ${child.maxDepth} exceeds the parent's max_depth ${parent.maxDepth}`);
  }
  if (child.depth > child.maxDepth) {
    fail('depth_exceeded', where, `depth ${child.depth} exceeds its own max_depth ${child.maxDepth}`);
  }
  // I3: a child never outlives its parent.
  if (child.expiresAt > parent.expiresAt) {
    fail('ttl_monotonicity_violated', where, `expires_at ${child.expiresAt} is after the parent's ${parent.expiresAt}`);
  }
}

const EMPTY_SET: ConstraintSet = { constraints: {}, allowUnknown: false };

function clearanceOf(p: WarrantPayload): number {
  // Spec §4.2: an absent clearance is 0. Treating it so on both sides means a child cannot
  // introduce a clearance its parent never had (the reference builder's rule, enforced here too).
  return p.clearance ?? 0;
}

/**
 * Link checks after the child's validity window: warrant-type transitions, I4 capability
 * attenuation (issuer bounds included), clearance, self-issuance, approver monotonicity.
 */
export function checkLinkCapabilities(parent: WarrantPayload, child: WarrantPayload, where: string): void {
  const transition = `${parent.warrantType} → ${child.warrantType}`;
  if (parent.warrantType === 'execution' && child.warrantType === 'execution') {
    const why = checkToolAttenuation(parent.tools, child.tools);
    if (why !== undefined) fail('capability_monotonicity_violated', where, `tools widen the parent's: ${why}`);
  } else if (parent.warrantType === 'issuer' && child.warrantType === 'issuer') {
    const parentTools = parent.issuableTools ?? [];
    for (const tool of child.issuableTools ?? []) {
      if (!parentTools.some((t) => t === tool || t === '*')) {
        fail('capability_monotonicity_violated', where, `issuable_tools entry '${tool}' is not in the parent's issuable_tools`);
      }
    }
    if (parent.constraintBounds !== null) {
      // Dropping the bounds would widen them: an absent child bound is compared as an empty set.
      const why = checkConstraintSetAttenuation('constraint_bounds', parent.constraintBounds, child.constraintBounds ?? EMPTY_SET);
      if (why !== undefined) fail('capability_monotonicity_violated', where, `constraint_bounds widen the parent's: ${why}`);
    }
    if (parent.maxIssueDepth !== null && (child.maxIssueDepth === null || child.maxIssueDepth > parent.maxIssueDepth)) {
      fail(
        'capability_monotonicity_violated',
        where,
        `max_issue_depth ${child.maxIssueDepth ?? 'absent'} exceeds the parent's max_issue_depth ${parent.maxIssueDepth}`,
      );
    }
  } else if (parent.warrantType === 'issuer' && child.warrantType === 'execution') {
    const issuable = parent.issuableTools ?? [];
    for (const tool of Object.keys(child.tools)) {
      if (!issuable.some((t) => t === tool || t === '*')) {
        fail(
          'capability_monotonicity_violated',
          where,
          `tool '${tool}' is not in the issuer's issuable_tools [${issuable.join(', ')}]`,
        );
      }
    }
  } else {
    fail('capability_monotonicity_violated', where, `invalid warrant type transition ${transition}: an execution warrant cannot create an issuer warrant`);
  }

  if (clearanceOf(child) > clearanceOf(parent)) {
    fail(
      'clearance_monotonicity_violated',
      where,
      `clearance ${child.clearance} exceeds the parent's clearance ${parent.clearance ?? 'absent (0)'}`,
    );
  }

  if (parent.warrantType === 'issuer' && child.warrantType === 'execution') {
    if (parent.constraintBounds !== null) {
      for (const tool of Object.keys(child.tools)) {
        const why = checkConstraintSetAttenuation(tool, parent.constraintBounds, child.tools[tool]!);
        if (why !== undefined) {
          fail('capability_monotonicity_violated', where, `tool '${tool}' exceeds the issuer's constraint_bounds: ${why}`);
        }
      }
    }
    // Spec §2.4: max_issue_depth caps the max_depth of issued warrants.
    if (parent.maxIssueDepth !== null && child.maxDepth > parent.maxIssueDepth) {
      fail(
        'capability_monotonicity_violated',
        where,
        `max_depth ${child.maxDepth} exceeds the issuer's max_issue_depth ${parent.maxIssueDepth}`,
      );
    }
    // Planner/worker separation: an issuer cannot hand execution rights to itself or to the key
    // that issued its issuer warrant.
    if (bytesEqual(child.holder, parent.holder)) {
      fail('self_issuance', where, `holder ${keyHex(child.holder)} is the issuer warrant's own holder: an issuer cannot grant execution warrants to itself`);
    }
    if (bytesEqual(child.holder, parent.issuer)) {
      fail('self_issuance', where, `holder ${keyHex(child.holder)} is the issuer warrant's issuer: issuer and holder must be separate`);
    }
  }

  // Approvals can only tighten: every parent approver stays, and the threshold never drops.
  // (Authorization demands approvals whenever the leaf lists approvers, so dropping them would
  // be a widening the reference's approval gates would otherwise catch.)
  if (parent.requiredApprovers !== null) {
    const childApprovers = child.requiredApprovers ?? [];
    for (const key of parent.requiredApprovers) {
      if (!childApprovers.some((k) => bytesEqual(k, key))) {
        fail('capability_monotonicity_violated', where, `required_approvers drops the parent's approver ${keyHex(key)}`);
      }
    }
    if (approvalThreshold(child) < approvalThreshold(parent)) {
      fail(
        'capability_monotonicity_violated',
        where,
        `approval threshold ${approvalThreshold(child)} is below the parent's ${approvalThreshold(parent)}`,
      );
    }
  }
}

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
  readonly signatureValid: (w: SignedWarrant, key: Uint8Array) => boolean;
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

/**
 * The clock-dependent part of chain verification: every child's expiry with the tolerance (the
 * root's is not checked here, as in the reference; a call checks the leaf's, checkCallExpiry).
 */
export function checkChainTimes(chain: readonly SignedWarrant[], now: number, skew: number): void {
  for (let i = 1; i < chain.length; i++) {
    const p = chain[i]!.payload;
    // Inline the common case; build the link name only on failure.
    if (now > p.expiresAt + skew) checkLinkExpiry(p, linkName(i, p), now, skew);
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
export function verifyChainSignatures(chain: readonly SignedWarrant[], o: ChainCheckOptions): void {
  const rootIssuer = atLink(0, () => payloadIssuer(chain[0]!.payloadBytes));
  if (!o.trustedRoots.some((k) => bytesEqual(k, rootIssuer))) {
    throw new WarrantError('chain_not_anchored', `link 0: root issuer ${keyHex(rootIssuer)} is not a trusted root`);
  }
  if (!o.signatureValid(chain[0]!, rootIssuer)) {
    throw new WarrantError(
      'signature_invalid',
      `link 0: signature does not verify under the trusted root key ${keyHex(rootIssuer)} its payload names`,
    );
  }
  for (let i = 1; i < chain.length; i++) {
    // The parent's bytes verified in the previous step: its holder is the one key that may sign here.
    const parentHolder = atLink(i - 1, () => payloadHolder(chain[i - 1]!.payloadBytes));
    const w = chain[i]!;
    if (o.signatureValid(w, parentHolder)) continue;
    // Classify the failure from the claimed issuer alone (still no full decode of unverified bytes).
    let claimed: Uint8Array | undefined;
    try {
      claimed = payloadIssuer(w.payloadBytes);
    } catch (e) {
      if (!isWarrantError(e)) throw e;
    }
    if (claimed !== undefined && !bytesEqual(claimed, parentHolder) && o.signatureValid(w, claimed)) {
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
export function verifyChainFull(chain: readonly SignedWarrant[], o: ChainCheckOptions): string[] {
  checkChainLength(chain);
  verifyChainSignatures(chain, o);
  // Every signature verified: the payloads may now be decoded in full.
  const payloads = chain.map((w, i) => atLink(i, () => w.payload));
  const ids = payloads.map((p) => warrantIdString(p.id));
  checkRevocation(ids, o.revoked);
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
    checkLinkExpiry(child, where, o.now, o.clockSkewSeconds);
    checkLinkCapabilities(parent, child, where);
  }
  return ids;
}

/**
 * The issued_at check Tenuo makes while decoding (checkIssuedAt) on the warrants decoded one by one
 * (`carried[i] === 'single'`, text.ts readTokens); warrants that came in a stack are not checked,
 * as Tenuo's `decode_stack` does not. Throws the first failure as a WarrantError naming the link.
 */
export function checkDecodedIssuedAt(
  chain: readonly SignedWarrant[],
  carried: readonly ('single' | 'stack')[],
  now: number,
  skew: number = DEFAULT_CLOCK_SKEW_SECONDS,
): void {
  for (let i = 0; i < chain.length; i++) {
    if (carried[i] !== 'single') continue;
    const p = chain[i]!.payload;
    checkIssuedAt(p, `${linkName(i, p)}, decoded as a single token`, now, skew);
  }
}

/**
 * Where Tenuo's reading of time let this chain through at `now` although a warrant is outside its
 * own window: one sentence per quirk, naming Tenuo's rule, for a report to show beside the verdict.
 * `call`: whether a call is being authorized (which checks the leaf's expiry without tolerance).
 */
export function clockQuirks(
  chain: readonly SignedWarrant[],
  carried: readonly ('single' | 'stack')[],
  now: number,
  call: boolean,
  skew: number = DEFAULT_CLOCK_SKEW_SECONDS,
): string[] {
  const out: string[] = [];
  chain.forEach((w, i) => {
    const p = w.payload;
    const where = linkName(i, p);
    if (carried[i] === 'stack' && p.issuedAt > now + skew) {
      out.push(
        `${where}: issued_at ${p.issuedAt} is more than ${skew} s after now (${now}), and it is accepted: it came in a TENUO WARRANT CHAIN (a WarrantStack), which Tenuo decodes without Warrant::validate, so it never checks issued_at (the same warrant as a single token is refused)`,
      );
    }
    if (call) return;
    if (i === 0 && now >= p.expiresAt) {
      out.push(
        `${where}: the root expired at ${p.expiresAt} (now ${now}), and the chain verifies: Tenuo's verify_chain never checks the root's expiry; only a call checks it, on the leaf, without tolerance`,
      );
    } else if (i > 0 && now >= p.expiresAt) {
      out.push(
        `${where}: expired at ${p.expiresAt} (now ${now}), and the chain verifies within Tenuo's ${skew} s clock tolerance; a call is denied (a call checks the leaf's expiry without tolerance)`,
      );
    }
  });
  return out;
}
