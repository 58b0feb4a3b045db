/**
 * Warrant builders: `mint` (a root, signed by the trusted key) and `grant` (attenuate a parent,
 * signed by the parent's holder). Reference `warrant.rs` `WarrantBuilder` / `AttenuationBuilder` /
 * `IssuanceBuilder`.
 *
 * A builder never emits a warrant the verifier would reject: after assembling the payload it runs
 * the verifier's own checks (chain.ts) at the injected clock's now and throws the WarrantError the
 * verifier would give. Ids (UUIDv7) and timestamps come from the injected clock and randomness, so
 * the same inputs give the same bytes.
 */
import { sha256 } from './crypto/sha256.js';
import { sealablePayload } from './payload.js';
import { newWarrantId, warrantIdString } from './id.js';
import { compareUtf8 } from '../lib/bytes.js';
import { WarrantError } from './errors.js';
import { checkLinkCapabilities, checkLinkStructure, checkStructure, MAX_DELEGATION_DEPTH, MAX_WARRANT_TTL_SECONDS } from './link-rules.js';
import { checkValidityWindow, DEFAULT_CLOCK_SKEW_SECONDS } from './validity.js';
import { signWarrantPayload, type SigningKey } from './keys.js';
import type { ConstraintSet, ToolGrants } from './constraints/types.js';
import type { Clock, RandomSource, SignedWarrant, WarrantPayload, WarrantType } from './types.js';

/** Fields both builders accept beyond the essentials. */
interface CommonOptions {
  /** Ed25519 public key (32 bytes) of the warrant's holder. */
  readonly holder: Uint8Array;
  /** tool → constraint set (execution warrants); `{}` for an issuer warrant. */
  readonly tools: ToolGrants;
  /** Requested lifetime in whole seconds (1 s to 90 days). */
  readonly ttlSeconds: number;
  readonly clock: Clock;
  readonly random: RandomSource;
  readonly type?: WarrantType;
  readonly maxDepth?: number;
  readonly issuableTools?: readonly string[];
  readonly maxIssueDepth?: number;
  readonly constraintBounds?: ConstraintSet;
  readonly clearance?: number;
  readonly requiredApprovers?: readonly Uint8Array[];
  readonly minApprovals?: number;
  readonly extensions?: Readonly<Record<string, Uint8Array>>;
  readonly sessionId?: string;
  readonly agentId?: string;
}

export interface MintOptions extends CommonOptions {
  /** The trusted key that signs the root; it becomes the root's issuer. */
  readonly issuer: SigningKey;
  /** A fixed id (16 bytes) instead of a fresh UUIDv7, for reproducing vectors. */
  readonly id?: Uint8Array;
}

export interface GrantOptions extends CommonOptions {
  readonly parent: SignedWarrant;
  /** The parent's holder: only it may delegate (I1). */
  readonly signer: SigningKey;
}

function checkTtl(ttlSeconds: number): void {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) {
    throw new WarrantError('malformed', `ttlSeconds must be a positive whole number of seconds (got ${ttlSeconds})`);
  }
  if (ttlSeconds > MAX_WARRANT_TTL_SECONDS) {
    throw new WarrantError(
      'ttl_monotonicity_violated',
      `ttlSeconds ${ttlSeconds} exceeds the 90-day maximum of ${MAX_WARRANT_TTL_SECONDS} s`,
    );
  }
}

function checkKey(name: string, key: Uint8Array): void {
  if (!(key instanceof Uint8Array) || key.length !== 32) {
    throw new WarrantError('malformed', `${name} must be a 32-byte Ed25519 public key`);
  }
}

function nowOf(clock: Clock): number {
  const now = clock();
  if (!Number.isFinite(now) || now < 0) throw new WarrantError('malformed', `the clock returned ${now}, not a time`);
  return Math.floor(now);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function sortedKeys(keys: readonly Uint8Array[] | undefined | null): Uint8Array[] | null {
  if (keys === undefined || keys === null) return null;
  keys.forEach((k, i) => checkKey(`requiredApprovers[${i}]`, k));
  // The reference builders sort approvers by key bytes, so equal sets give equal payloads.
  return [...keys].sort(compareBytes);
}

function sortedTools(tools: readonly string[] | undefined | null): string[] | null {
  if (tools === undefined || tools === null) return null;
  // Sorted by UTF-8 bytes, as the reference builders sort them (Rust `String` ordering).
  return [...tools].sort(compareUtf8);
}

/** Encodes, signs, and re-reads the payload, so the returned object is exactly what a verifier decodes. */
function seal(payload: WarrantPayload, key: SigningKey): SignedWarrant {
  const { bytes: payloadBytes, payload: decoded } = sealablePayload(payload);
  return { payloadBytes, payload: decoded, signature: signWarrantPayload(key, payloadBytes) };
}

/** Builds and signs a root warrant (depth 0, issuer = the signing key). */
export function mint(options: MintOptions): SignedWarrant {
  checkKey('holder', options.holder);
  checkTtl(options.ttlSeconds);
  const now = nowOf(options.clock);
  const type: WarrantType =
    options.type ?? (Object.keys(options.tools).length === 0 && options.issuableTools !== undefined ? 'issuer' : 'execution');
  const payload: WarrantPayload = {
    version: 1,
    id: options.id ?? newWarrantId(options.clock, options.random),
    warrantType: type,
    tools: options.tools,
    holder: options.holder,
    issuer: options.issuer.publicKey,
    issuedAt: now,
    expiresAt: now + options.ttlSeconds,
    maxDepth: options.maxDepth ?? MAX_DELEGATION_DEPTH,
    parentHash: null,
    extensions: options.extensions ?? {},
    issuableTools: sortedTools(options.issuableTools),
    maxIssueDepth: options.maxIssueDepth ?? null,
    constraintBounds: options.constraintBounds ?? null,
    requiredApprovers: sortedKeys(options.requiredApprovers),
    minApprovals: options.minApprovals ?? null,
    clearance: options.clearance ?? null,
    depth: 0,
    sessionId: options.sessionId ?? null,
    agentId: options.agentId ?? null,
  };
  if (payload.id.length !== 16) throw new WarrantError('malformed', 'id must be 16 bytes');
  checkStructure(payload, `link 0 (${warrantIdString(payload.id)})`);
  return seal(payload, options.issuer);
}

/**
 * Builds and signs a child of `parent`: issuer = the parent's holder (the signer), parent_hash =
 * SHA-256 of the parent's payload bytes, depth + 1, expiry = min(now + ttl, parent's expiry).
 * Unless given, the child keeps the parent's max_depth, clearance, session and agent ids and
 * approvers (so a grant never silently drops a requirement); an issuer child also keeps the
 * parent's issuable tools, issue depth and bounds. An issuer parent with tools given issues an
 * execution warrant. Throws the verifier's WarrantError for a child that would not verify.
 */
export function grant(options: GrantOptions): SignedWarrant {
  checkKey('holder', options.holder);
  checkTtl(options.ttlSeconds);
  const now = nowOf(options.clock);
  const parent = options.parent.payload;
  const parentName = `link ${parent.depth} (${warrantIdString(parent.id)})`;
  if (now >= parent.expiresAt) {
    throw new WarrantError(
      'warrant_expired',
      `${parentName}: the parent expired at ${parent.expiresAt} (now ${now}); nothing can be granted from it`,
    );
  }
  const type: WarrantType =
    options.type ?? (parent.warrantType === 'issuer' && Object.keys(options.tools).length > 0 ? 'execution' : parent.warrantType);
  const issuerChild = type === 'issuer';
  const inheritIssuer = issuerChild && parent.warrantType === 'issuer';
  const defaultMaxDepth =
    parent.warrantType === 'issuer' && type === 'execution' && parent.maxIssueDepth !== null
      ? Math.min(parent.maxDepth, parent.maxIssueDepth)
      : parent.maxDepth;
  const payload: WarrantPayload = {
    version: 1,
    id: newWarrantId(options.clock, options.random),
    warrantType: type,
    tools: options.tools,
    holder: options.holder,
    issuer: options.signer.publicKey,
    issuedAt: now,
    expiresAt: Math.min(now + options.ttlSeconds, parent.expiresAt),
    maxDepth: options.maxDepth ?? defaultMaxDepth,
    parentHash: sha256(options.parent.payloadBytes),
    extensions: options.extensions ?? {},
    issuableTools: sortedTools(options.issuableTools ?? (inheritIssuer ? parent.issuableTools : null)),
    maxIssueDepth: options.maxIssueDepth ?? (inheritIssuer ? parent.maxIssueDepth : null),
    constraintBounds: options.constraintBounds ?? (inheritIssuer ? parent.constraintBounds : null),
    requiredApprovers: sortedKeys(options.requiredApprovers ?? parent.requiredApprovers),
    minApprovals: options.minApprovals ?? parent.minApprovals,
    clearance: options.clearance ?? parent.clearance,
    depth: parent.depth + 1,
    sessionId: options.sessionId ?? parent.sessionId,
    agentId: options.agentId ?? parent.agentId,
  };
  // The verifier's checks, in its order, at this instant.
  const where = `link ${payload.depth} (${warrantIdString(payload.id)})`;
  checkStructure(payload, where);
  checkLinkStructure(parent, options.parent.payloadBytes, payload, where);
  checkValidityWindow(payload, where, now, DEFAULT_CLOCK_SKEW_SECONDS);
  checkLinkCapabilities(parent, payload, where);
  return seal(payload, options.signer);
}
