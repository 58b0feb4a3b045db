/**
 * What one warrant and one parent → child link must satisfy, clock aside (reference `planes.rs`
 * `verify_link`, `validate_structural`, protocol spec §4–§5): the warrant's own structure and
 * ceilings, and the link invariants I1 delegation authority, I5 parent hash, I2 depth, I3 expiry
 * monotonicity, I4 capability attenuation, clearance, self-issuance and approver monotonicity.
 * chain.ts runs these in the reference's order over a whole chain; the builders (builder.ts) run
 * the very same checks so that they never build a child the verifier would reject.
 */
import { checkConstraintSetAttenuation, checkToolAttenuation } from './constraints/attenuate.js';
import { sha256 } from './crypto/sha256.js';
import { bytesEqual, toHex, utf8 } from '../lib/bytes.js';
import { WarrantError, type ErrorCode } from './errors.js';
import { warrantIdString } from './id.js';
import { MAX_CONSTRAINTS_PER_TOOL, MAX_TOOLS_PER_WARRANT } from './constraints/wire.js';
import { MAX_EXTENSION_KEY_BYTES, MAX_EXTENSION_KEYS, MAX_EXTENSION_VALUE_BYTES } from './payload.js';
import type { ConstraintSet } from './constraints/types.js';
import type { WarrantPayload } from './types.js';

/** Protocol limits (spec §9, reference `lib.rs` / `wire.rs`). */
export const MAX_DELEGATION_DEPTH = 64;
export const MAX_WARRANT_TTL_SECONDS = 90 * 24 * 60 * 60;

/** How errors name a warrant: its position (0 = root) and its display id. */
export function linkName(index: number, payload: WarrantPayload): string {
  return `link ${index} (${warrantIdString(payload.id)})`;
}

/** Throws a WarrantError whose reason starts with where it was found. */
export function fail(code: ErrorCode, where: string, what: string): never {
  throw new WarrantError(code, `${where}: ${what}`);
}

/** A public key as errors show it. */
export function keyHex(key: Uint8Array): string {
  return toHex(key);
}

/**
 * What a warrant must satisfy on its own, with no parent and no clock (reference
 * `validate_structural`, plus the spec's depth and TTL ceilings). The decoder already bounds sizes;
 * they are checked again here because the builders run this on payloads that were never decoded.
 */
export function checkStructure(payload: WarrantPayload, where: string): void {
  if (payload.version !== 1) fail('malformed', where, `unsupported payload version ${payload.version} (expected 1)`);
  if (!(payload.expiresAt > payload.issuedAt)) {
    fail('malformed', where, `expires_at ${payload.expiresAt} is not after issued_at ${payload.issuedAt}`);
  }
  if (payload.expiresAt - payload.issuedAt > MAX_WARRANT_TTL_SECONDS) {
    fail(
      'ttl_monotonicity_violated',
      where,
      `lifetime ${payload.expiresAt - payload.issuedAt} s (issued_at ${payload.issuedAt} to expires_at ${payload.expiresAt}) exceeds the 90-day maximum of ${MAX_WARRANT_TTL_SECONDS} s`,
    );
  }
  if (payload.depth > MAX_DELEGATION_DEPTH) {
    fail('depth_exceeded', where, `depth ${payload.depth} exceeds the protocol maximum ${MAX_DELEGATION_DEPTH}`);
  }
  if (payload.maxDepth > MAX_DELEGATION_DEPTH) {
    fail('depth_exceeded', where, `max_depth ${payload.maxDepth} exceeds the protocol maximum ${MAX_DELEGATION_DEPTH}`);
  }
  if (payload.warrantType === 'execution') {
    if (payload.issuableTools !== null) fail('malformed', where, 'an execution warrant cannot have issuable_tools');
    if (payload.maxIssueDepth !== null) fail('malformed', where, 'an execution warrant cannot have max_issue_depth');
  } else {
    if (Object.keys(payload.tools).length > 0) fail('malformed', where, 'an issuer warrant cannot have tools');
    if (payload.issuableTools === null || payload.issuableTools.length === 0) {
      fail('malformed', where, 'an issuer warrant needs at least one issuable_tools entry');
    }
  }
  if (payload.maxIssueDepth !== null && payload.maxIssueDepth > payload.maxDepth) {
    fail('depth_exceeded', where, `max_issue_depth ${payload.maxIssueDepth} exceeds max_depth ${payload.maxDepth}`);
  }
  const tools = Object.keys(payload.tools);
  if (tools.length > MAX_TOOLS_PER_WARRANT) {
    fail('malformed', where, `${tools.length} tools exceed the limit of ${MAX_TOOLS_PER_WARRANT}`);
  }
  for (const tool of tools) {
    const n = Object.keys(payload.tools[tool]!.constraints).length;
    if (n > MAX_CONSTRAINTS_PER_TOOL) {
      fail('malformed', where, `tool '${tool}' has ${n} constraints, over the limit of ${MAX_CONSTRAINTS_PER_TOOL}`);
    }
  }
  const extensionKeys = Object.keys(payload.extensions);
  const extensionCount = extensionKeys.length + (payload.sessionId !== null ? 1 : 0) + (payload.agentId !== null ? 1 : 0);
  if (extensionCount > MAX_EXTENSION_KEYS) {
    fail('malformed', where, `${extensionCount} extensions exceed the limit of ${MAX_EXTENSION_KEYS}`);
  }
  for (const key of extensionKeys) {
    if (utf8(key).length > MAX_EXTENSION_KEY_BYTES) {
      fail('malformed', where, `extension key '${key.slice(0, 32)}…' is longer than ${MAX_EXTENSION_KEY_BYTES} bytes`);
    }
    const size = payload.extensions[key]!.length;
    if (size > MAX_EXTENSION_VALUE_BYTES) {
      fail('malformed', where, `extension '${key}' is ${size} bytes, over the limit of ${MAX_EXTENSION_VALUE_BYTES}`);
    }
  }
  if (payload.requiredApprovers !== null && payload.minApprovals !== null) {
    if (payload.minApprovals === 0) fail('malformed', where, 'min_approvals must be at least 1 when required_approvers is set');
    if (payload.minApprovals > payload.requiredApprovers.length) {
      fail('malformed', where, `min_approvals ${payload.minApprovals} exceeds the ${payload.requiredApprovers.length} required_approvers`);
    }
  }
}

/** Effective approval threshold (reference `approval_threshold`): min_approvals capped at the set size. */
export function approvalThreshold(payload: WarrantPayload): number {
  if (payload.requiredApprovers === null) return 0;
  const n = payload.requiredApprovers.length;
  return payload.minApprovals === null ? n : Math.min(payload.minApprovals, n);
}

/**
 * Link checks that come before the child's validity window in the reference: I1, I5, I2, I3.
 * `parentBytes` are the parent's raw payload bytes (I5 hashes them, not a re-encoding).
 */
export function checkLinkStructure(parent: WarrantPayload, parentBytes: Uint8Array, child: WarrantPayload, where: string): void {
  // I1: only the parent's holder may delegate.
  if (!bytesEqual(child.issuer, parent.holder)) {
    fail('delegation_authority_violated', where, `issuer ${keyHex(child.issuer)} is not the parent's holder ${keyHex(parent.holder)}`);
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

function clearanceOf(payload: WarrantPayload): number {
  // Spec §4.2: an absent clearance is 0. Treating it so on both sides means a child cannot
  // introduce a clearance its parent never had (the reference builder's rule, enforced here too).
  return payload.clearance ?? 0;
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
        fail('capability_monotonicity_violated', where, `tool '${tool}' is not in the issuer's issuable_tools [${issuable.join(', ')}]`);
      }
    }
  } else {
    fail(
      'capability_monotonicity_violated',
      where,
      `invalid warrant type transition ${transition}: an execution warrant cannot create an issuer warrant`,
    );
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
      fail(
        'self_issuance',
        where,
        `holder ${keyHex(child.holder)} is the issuer warrant's own holder: an issuer cannot grant execution warrants to itself`,
      );
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
