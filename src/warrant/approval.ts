/**
 * M-of-N approvals (reference `approval.rs`, `planes.rs` verify_approvals_with_tolerance).
 *
 * An approver signs one specific request: the request hash binds the warrant id (display form,
 * `tnu_wrt_…`, as the reference passes `warrant.id().to_string()`), the tool, the canonical args
 * and the holder key, so an approval cannot be moved to another warrant, call or agent.
 *
 * Wire layout, as the reference's serde structs emit it (struct maps keep field order):
 *   SignedApproval  = {"approval_version": 1, "payload": bstr,
 *                      "approver_key": [1, bstr(32)], "signature": [1, bstr(64)]}
 *   ApprovalPayload = {"version": 1, "request_hash": [32 uints], "nonce": [16 uints],
 *                      "external_id": text, "approved_at": uint, "expires_at": uint,
 *                      "extensions"?: {text: [uints]}}
 * request_hash and nonce are fixed-size byte arrays without a bytes annotation, so serde writes
 * them as arrays of small uints, not as bstr. (Vector A.24 was produced by generator-local structs
 * with serde_bytes and bare-bstr keys; the reference decoder would refuse those bytes, and so does
 * this one: see the tests.)
 *
 * Signed message: `tenuo-warrant-v1` ‖ `tenuo-approval-v1` ‖ approval_version ‖ payload bytes,
 * verified over the raw payload bytes before the payload is decoded.
 *
 * Policy. delegation-bench has no approval-gate extension, so a warrant that lists
 * required_approvers needs approvals for every call (the reference asks for them only when a gate
 * fires; vectors A.21.1/A.21.2 state the stricter rule this follows). Threshold: min_approvals,
 * capped at the number of listed approvers, or all of them when min_approvals is absent. Only
 * listed approvers count, each once; expired, future-dated, mis-bound or badly signed approvals
 * count for nothing; more than 2 × N approvals is refused outright (reference DoS bound).
 */
import { bytesEqual, compareUtf8, toHex } from '../lib/bytes.js';
import { decode, encode, isBytes, isCborMap, type CborMap, type CborValue } from './cbor/index.js';
import { approvalSigningMessage } from './crypto/domain.js';
import { sha256 } from './crypto/sha256.js';
import { malformed, WarrantError } from './errors.js';
import { verifySignature, type SigningKey } from './keys.js';
import { canonicalArgs } from './pop.js';
import type { Clock, RandomSource, SignedWarrant, WarrantPayload } from './types.js';
import { WARRANT_ID_PREFIX } from './types.js';
import { valueToCbor, type Args } from './constraint-value.js';

export const APPROVAL_VERSION = 1;
/** Reference default approval lifetime (5 minutes). */
export const DEFAULT_APPROVAL_TTL_SECONDS = 300;
/** Reference CLOCK_SKEW_TOLERANCE_SECS, used for both future-dated and expired approvals. */
export const APPROVAL_CLOCK_SKEW_SECONDS = 30;
/** One approval envelope: a few hundred bytes in practice; extensions are capped at 8 KB each. */
export const MAX_APPROVAL_BYTES = 16 * 1024;
const LIMITS = { maxBytes: MAX_APPROVAL_BYTES, maxDepth: 8 };
const ED25519_ALG = 1;

export interface ApprovalPayload {
  readonly version: number;
  readonly requestHash: Uint8Array; // 32 bytes
  readonly nonce: Uint8Array; // 16 bytes
  readonly externalId: string; // the approver's identity at its provider, e.g. an IAM ARN
  readonly approvedAt: number; // unix seconds
  readonly expiresAt: number;
  readonly extensions: Readonly<Record<string, Uint8Array>> | null;
}

/** A decoded envelope; `payloadBytes` are the signed bytes, decoded only after verification. */
export interface SignedApproval {
  readonly approvalVersion: number;
  readonly payloadBytes: Uint8Array;
  readonly approverKey: Uint8Array; // 32 bytes
  readonly signature: Uint8Array; // 64 bytes
}

// ---------------------------------------------------------------------------------------------
// Codec

const uintArray = (b: Uint8Array): CborValue[] => Array.from(b);

export function encodeApprovalPayload(payload: ApprovalPayload): Uint8Array {
  checkLength('request_hash', payload.requestHash, 32);
  checkLength('nonce', payload.nonce, 16);
  const m: CborMap = new Map<CborValue, CborValue>([
    ['version', payload.version],
    ['request_hash', uintArray(payload.requestHash)],
    ['nonce', uintArray(payload.nonce)],
    ['external_id', payload.externalId],
    ['approved_at', payload.approvedAt],
    ['expires_at', payload.expiresAt],
  ]);
  // The reference's HashMap has no stable order; sorted keys make our bytes deterministic.
  if (payload.extensions !== null) {
    const keys = Object.keys(payload.extensions).sort(compareUtf8);
    m.set('extensions', new Map(keys.map((k) => [k, uintArray(payload.extensions![k]!)])));
  }
  return encode(m);
}

export function encodeSignedApproval(approval: SignedApproval): Uint8Array {
  checkLength('approver_key', approval.approverKey, 32);
  checkLength('signature', approval.signature, 64);
  return encode(
    new Map<CborValue, CborValue>([
      ['approval_version', approval.approvalVersion],
      ['payload', approval.payloadBytes],
      ['approver_key', [ED25519_ALG, approval.approverKey]],
      ['signature', [ED25519_ALG, approval.signature]],
    ]),
  );
}

function checkLength(field: string, b: Uint8Array, n: number): void {
  if (!(b instanceof Uint8Array) || b.length !== n) throw malformed(`approval ${field} must be ${n} bytes`);
}

/** Reads a struct map: text keys, each known, none missing but the optional ones. */
function structFields(v: CborValue, what: string, required: readonly string[], optional: readonly string[]): Map<string, CborValue> {
  if (!isCborMap(v)) throw malformed(`${what} must be a CBOR map`);
  const out = new Map<string, CborValue>();
  for (const [k, val] of v) {
    if (typeof k !== 'string') throw malformed(`${what} has a non-text key`);
    if (!required.includes(k) && !optional.includes(k)) throw new WarrantError('unknown_field', `${what} has an unknown field '${k}'`);
    out.set(k, val);
  }
  for (const k of required) if (!out.has(k)) throw malformed(`${what} is missing '${k}'`);
  return out;
}

function uint(v: CborValue | undefined, field: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > max) {
    throw malformed(`approval ${field} must be an unsigned integer ≤ ${max}`);
  }
  return v;
}

/** A fixed-size [u8; N]: serde writes it as an array of N uints, not as a byte string. */
function byteArray(v: CborValue | undefined, field: string, length?: number): Uint8Array {
  if (!Array.isArray(v)) {
    throw malformed(
      `approval ${field} must be an array of byte values${isBytes(v ?? null) ? ' (a CBOR byte string is not the reference layout)' : ''}`,
    );
  }
  if (length !== undefined && v.length !== length) throw malformed(`approval ${field} must hold ${length} bytes, got ${v.length}`);
  return Uint8Array.from(v.map((b) => uint(b, field, 255)));
}

/** `[1, bstr(n)]`: the reference's PublicKey / Signature wire form. */
function algBytes(v: CborValue | undefined, field: string, n: number): Uint8Array {
  if (!Array.isArray(v) || v.length !== 2) {
    throw malformed(`approval ${field} must be [1, bytes]${isBytes(v ?? null) ? ' (a bare byte string is not the reference layout)' : ''}`);
  }
  if (v[0] !== ED25519_ALG) throw malformed(`approval ${field}: unsupported algorithm ${String(v[0])}`);
  const b = v[1]!;
  if (!isBytes(b) || b.length !== n) throw malformed(`approval ${field} must be ${n} bytes`);
  return b;
}

export function decodeSignedApproval(bytes: Uint8Array): SignedApproval {
  const f = structFields(decode(bytes, LIMITS), 'SignedApproval', ['approval_version', 'payload', 'approver_key', 'signature'], []);
  const payloadBytes = f.get('payload')!;
  if (!isBytes(payloadBytes)) throw malformed('approval payload must be a byte string');
  return {
    approvalVersion: uint(f.get('approval_version'), 'approval_version', 255),
    payloadBytes,
    approverKey: algBytes(f.get('approver_key'), 'approver_key', 32),
    signature: algBytes(f.get('signature'), 'signature', 64),
  };
}

export function decodeApprovalPayload(bytes: Uint8Array): ApprovalPayload {
  const f = structFields(
    decode(bytes, LIMITS),
    'ApprovalPayload',
    ['version', 'request_hash', 'nonce', 'external_id', 'approved_at', 'expires_at'],
    ['extensions'],
  );
  const externalId = f.get('external_id');
  if (typeof externalId !== 'string') throw malformed('approval external_id must be text');
  let extensions: Record<string, Uint8Array> | null = null;
  const ext = f.get('extensions');
  if (ext !== undefined && ext !== null) {
    if (!isCborMap(ext)) throw malformed('approval extensions must be a map');
    extensions = {};
    for (const [k, v] of ext) {
      if (typeof k !== 'string') throw malformed('approval extension keys must be text');
      extensions[k] = byteArray(v, `extensions.${k}`);
    }
  }
  return {
    version: uint(f.get('version'), 'version', 255),
    requestHash: byteArray(f.get('request_hash'), 'request_hash', 32),
    nonce: byteArray(f.get('nonce'), 'nonce', 16),
    externalId,
    approvedAt: uint(f.get('approved_at'), 'approved_at'),
    expiresAt: uint(f.get('expires_at'), 'expires_at'),
    extensions,
  };
}

// ---------------------------------------------------------------------------------------------
// Request binding

/** CBOR map of the canonical args, keys sorted bytewise (reference canonical_tool_args_cbor). */
export function canonicalArgsCbor(args: Args): Uint8Array {
  const canonical = canonicalArgs(args);
  const keys = Object.keys(canonical).sort(compareUtf8);
  return encode(new Map<CborValue, CborValue>(keys.map((k) => [k, valueToCbor(canonical[k]!)])));
}

/**
 * SHA-256(CBOR([warrant_id, tool, bstr(args CBOR), bstr(holder key or empty)])), reference
 * `compute_request_hash`. The args map is wrapped in a byte string so its boundary is unambiguous.
 */
export function computeRequestHash(warrantId: string, tool: string, args: Args, holder: Uint8Array | null): Uint8Array {
  return sha256(encode([warrantId, tool, canonicalArgsCbor(args), holder ?? new Uint8Array(0)]));
}

function payloadOf(w: WarrantPayload | SignedWarrant): WarrantPayload {
  return 'payloadBytes' in w ? w.payload : w;
}

/** The request hash an approver of this call on this warrant must sign. */
export function requestHashFor(warrant: WarrantPayload | SignedWarrant, tool: string, args: Args): Uint8Array {
  const p = payloadOf(warrant);
  return computeRequestHash(WARRANT_ID_PREFIX + toHex(p.id), tool, args, p.holder);
}

// ---------------------------------------------------------------------------------------------
// Signing and verification

/** Signs a payload (reference SignedApproval::create). */
export function signApproval(approver: SigningKey, payload: ApprovalPayload): SignedApproval {
  const payloadBytes = encodeApprovalPayload(payload);
  return {
    approvalVersion: APPROVAL_VERSION,
    payloadBytes,
    approverKey: approver.publicKey,
    signature: approver.sign(approvalSigningMessage(APPROVAL_VERSION, payloadBytes)),
  };
}

/** What `approveCall` needs: who approves which call of which warrant, and the clock and randomness it uses. */
export interface ApproveCallOptions {
  approver: SigningKey;
  warrant: WarrantPayload | SignedWarrant;
  tool: string;
  args: Args;
  externalId: string;
  clock: Clock;
  random: RandomSource;
  ttlSeconds?: number;
}

/** An approver's approval of one call, valid from the clock's now for `ttlSeconds`. */
export function approveCall(options: ApproveCallOptions): SignedApproval {
  const now = Math.floor(options.clock());
  const ttl = options.ttlSeconds ?? DEFAULT_APPROVAL_TTL_SECONDS;
  if (!Number.isSafeInteger(ttl) || ttl <= 0) throw malformed(`approval ttlSeconds must be a positive integer, got ${ttl}`);
  const nonce = options.random(16);
  checkLength('nonce', nonce, 16);
  return signApproval(options.approver, {
    version: APPROVAL_VERSION,
    requestHash: requestHashFor(options.warrant, options.tool, options.args),
    nonce,
    externalId: options.externalId,
    approvedAt: now,
    expiresAt: now + ttl,
    extensions: null,
  });
}

/**
 * Checks one approval's envelope and signature, then decodes its payload (reference
 * SignedApproval::verify): versions 1, signature over the raw payload bytes, approved_at not
 * beyond now + skew, expires_at after approved_at. Does not check expiry or binding.
 * Throws WarrantError ('signature_invalid', 'malformed', 'unknown_field').
 */
export function verifyApproval(approval: SignedApproval, now: number, clockSkewSeconds = APPROVAL_CLOCK_SKEW_SECONDS): ApprovalPayload {
  if (approval === null || typeof approval !== 'object') throw malformed('an approval must be a decoded SignedApproval');
  if (approval.approvalVersion !== APPROVAL_VERSION) throw malformed(`unsupported approval version ${approval.approvalVersion}`);
  if (!(approval.payloadBytes instanceof Uint8Array)) throw malformed('approval payload must be bytes');
  if (!verifySignature(approval.approverKey, approvalSigningMessage(approval.approvalVersion, approval.payloadBytes), approval.signature)) {
    throw new WarrantError('signature_invalid', `approval signature does not verify under ${keyHex(approval.approverKey)}`);
  }
  const p = decodeApprovalPayload(approval.payloadBytes);
  if (p.version !== APPROVAL_VERSION) throw malformed(`unsupported approval payload version ${p.version}`);
  if (p.approvedAt > now + clockSkewSeconds) throw malformed(`approval is dated in the future (approved_at ${p.approvedAt}, now ${now})`);
  if (p.expiresAt <= p.approvedAt) throw malformed('approval expires_at must be after approved_at');
  return p;
}

const keyHex = (k: unknown): string => (k instanceof Uint8Array ? toHex(k) : 'a malformed key');

type Rejection = 'invalid' | 'untrusted' | 'duplicate' | 'expired' | 'hash mismatch';

/**
 * Whether the call has enough approvals: undefined when it does (or when the warrant requires
 * none), else WarrantError('insufficient_approvals') saying how many were needed, how many
 * counted, and why the others did not.
 */
export function checkApprovals(
  warrant: WarrantPayload | SignedWarrant,
  tool: string,
  args: Args,
  approvals: readonly SignedApproval[],
  now: number,
  clockSkewSeconds = APPROVAL_CLOCK_SKEW_SECONDS,
): WarrantError | undefined {
  const p = payloadOf(warrant);
  const required = p.requiredApprovers ?? [];
  if (required.length === 0) return undefined;
  const threshold = Math.min(p.minApprovals ?? required.length, required.length);
  if (threshold <= 0) return undefined; // reference: no threshold, no requirement
  const fail = (reason: string) =>
    new WarrantError(
      'insufficient_approvals',
      `${tool}: ${reason} (warrant ${WARRANT_ID_PREFIX}${toHex(p.id)} needs ${threshold} of ${required.length} listed approvers)`,
    );

  if (!Array.isArray(approvals)) return fail('approvals must be a list');
  if (approvals.length > required.length * 2) {
    return fail(`too many approvals: ${approvals.length} given, at most ${required.length * 2} accepted`);
  }
  let expected: Uint8Array;
  try {
    expected = requestHashFor(p, tool, args);
  } catch (e) {
    if (e instanceof WarrantError) return fail(`the call arguments cannot be hashed: ${e.message}`);
    throw e;
  }

  const seen: Uint8Array[] = [];
  const rejections: Rejection[] = [];
  for (const a of approvals) {
    let payload: ApprovalPayload;
    try {
      payload = verifyApproval(a, now, clockSkewSeconds);
    } catch (e) {
      if (!(e instanceof WarrantError)) throw e;
      rejections.push('invalid');
      continue;
    }
    if (!required.some((k) => bytesEqual(k, a.approverKey))) {
      rejections.push('untrusted');
      continue;
    }
    if (seen.some((k) => bytesEqual(k, a.approverKey))) {
      rejections.push('duplicate');
      continue;
    }
    if (payload.expiresAt + clockSkewSeconds < now) {
      rejections.push('expired');
      continue;
    }
    if (!bytesEqual(payload.requestHash, expected)) {
      rejections.push('hash mismatch');
      continue;
    }
    seen.push(a.approverKey);
    if (seen.length >= threshold) return undefined;
  }
  const counts = (['invalid', 'untrusted', 'duplicate', 'expired', 'hash mismatch'] as const)
    .map((r) => [r, rejections.filter((x) => x === r).length] as const)
    .filter(([, n]) => n > 0)
    .map(
      ([r, n]) => `${n} ${r === 'invalid' ? 'invalid (signature, version or dates)' : r === 'untrusted' ? 'from an unlisted approver' : r}`,
    );
  return fail(`${seen.length} valid approval(s) of ${threshold} required${counts.length ? `; rejected: ${counts.join(', ')}` : ''}`);
}
