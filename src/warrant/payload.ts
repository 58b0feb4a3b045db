/**
 * WarrantPayload ↔ CBOR bytes (reference `payload.rs`): a definite map with integer keys ascending,
 * 0–11 then 13–18. 18 (depth) is always written; 9 (parent_hash) and 10 (extensions) are omitted
 * when empty; 11 and 13–17 when absent. Key 12 (the removed trust_ceiling) and any other key fail
 * closed with `unknown_field`.
 *
 * The decoder accepts exactly the canonical encoding: after reading the fields it re-encodes them and
 * demands the same bytes. Every shape rule is also checked where it is read, so the reason names the
 * field; the final comparison is the backstop that makes "one payload, one encoding" a guarantee
 * (floats in their shortest width, nothing the reference would write differently).
 */
import { bytesEqual, compareUtf8 as compareKeys } from '../lib/bytes.js';
import {
  byteArrayToCbor,
  decode,
  encode,
  fieldPath,
  readArray,
  readBytes,
  readByteArray,
  readMap,
  readSortedTextMap,
  readText,
  readUint,
  type CborMap,
  type CborValue,
} from './cbor/index.js';
import { constraintSetFromCbor, constraintSetToCbor, toolGrantsFromCbor, toolGrantsToCbor } from './constraints/wire.js';
import { WarrantError, isWarrantError, malformed } from './errors.js';
import type { WarrantPayload, WarrantType } from './types.js';

export const WARRANT_VERSION = 1;
/** Largest payload / envelope accepted (the reference's MAX_WARRANT_SIZE). */
export const MAX_WARRANT_BYTES = 64 * 1024;
/** Deepest CBOR nesting accepted in a payload. */
export const MAX_CBOR_DEPTH = 64;
export const MAX_EXTENSION_KEYS = 64;
export const MAX_EXTENSION_KEY_BYTES = 255;
export const MAX_EXTENSION_VALUE_BYTES = 8 * 1024;

/** Reserved extension keys that carry the payload's session and agent ids as raw UTF-8. */
export const EXT_SESSION_ID = 'tenuo.session_id';
export const EXT_AGENT_ID = 'tenuo.agent_id';

/** Ed25519 is algorithm 1 in `[alg, bytes]` keys and signatures. */
export const ED25519_ALG = 1;

const U8_MAX = 0xff;
const U32_MAX = 0xffffffff;

const K = {
  version: 0,
  id: 1,
  warrantType: 2,
  tools: 3,
  holder: 4,
  issuer: 5,
  issuedAt: 6,
  expiresAt: 7,
  maxDepth: 8,
  parentHash: 9,
  extensions: 10,
  issuableTools: 11,
  // 12 was trust_ceiling, removed from the format: rejected like any unknown key.
  maxIssueDepth: 13,
  constraintBounds: 14,
  requiredApprovers: 15,
  minApprovals: 16,
  clearance: 17,
  depth: 18,
} as const;

const FIELD_NAME: ReadonlyMap<number, string> = new Map([
  [0, 'version'],
  [1, 'id'],
  [2, 'warrant_type'],
  [3, 'tools'],
  [4, 'holder'],
  [5, 'issuer'],
  [6, 'issued_at'],
  [7, 'expires_at'],
  [8, 'max_depth'],
  [9, 'parent_hash'],
  [10, 'extensions'],
  [11, 'issuable_tools'],
  [13, 'max_issue_depth'],
  [14, 'constraint_bounds'],
  [15, 'required_approvers'],
  [16, 'min_approvals'],
  [17, 'clearance'],
  [18, 'depth'],
]);

const REQUIRED_KEYS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 18];

const utf8Strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8Encoder = new TextEncoder();

// ---------------------------------------------------------------------------------------------
// Public keys: [1, bstr(32)]
// ---------------------------------------------------------------------------------------------

export function publicKeyFromCbor(cbor: CborValue, path: string): Uint8Array {
  const [alg, key] = readArray(cbor, path, 2) as [CborValue, CborValue];
  if (alg !== ED25519_ALG) {
    throw malformed(`${path}: unsupported key algorithm ${String(alg)} (only 1, Ed25519)`);
  }
  return readBytes(key, `${path}[1]`, 32).slice();
}

export function publicKeyToCbor(key: Uint8Array, path: string): CborValue {
  if (!(key instanceof Uint8Array) || key.length !== 32) {
    throw malformed(`${path}: an Ed25519 public key is 32 bytes`);
  }
  return [ED25519_ALG, key];
}

// ---------------------------------------------------------------------------------------------
// Timestamps: u64 on the wire. JS numbers are exact up to 2^53−1 (year 285 million), so a larger
// value cannot be carried exactly and is refused rather than rounded.
// ---------------------------------------------------------------------------------------------

function readTime(v: CborValue, path: string): number {
  if (typeof v === 'bigint' && v >= 0n && v <= 0xffffffffffffffffn) {
    throw malformed(`${path}: ${v} seconds is beyond 2^53−1 and cannot be handled exactly`);
  }
  return readUint(v, path, Number.MAX_SAFE_INTEGER, 'u64');
}

// ---------------------------------------------------------------------------------------------
// Decode
// ---------------------------------------------------------------------------------------------

function readExtensions(v: CborValue, path: string): Map<string, Uint8Array> {
  const entries = readSortedTextMap(v, path, MAX_EXTENSION_KEYS);
  if (entries.length === 0) throw malformed(`${path}: an empty extensions map is omitted, not written`);
  const out = new Map<string, Uint8Array>();
  for (const [key, item] of entries) {
    const at = fieldPath(path, key);
    if (utf8Encoder.encode(key).length > MAX_EXTENSION_KEY_BYTES) {
      throw malformed(`${at}: extension key is longer than ${MAX_EXTENSION_KEY_BYTES} bytes`);
    }
    out.set(key, readByteArray(item, at, { maxLength: MAX_EXTENSION_VALUE_BYTES }));
  }
  return out;
}

function reservedText(bytes: Uint8Array, path: string): string {
  try {
    return utf8Strict.decode(bytes);
  } catch {
    throw malformed(`${path}: not valid UTF-8`);
  }
}

/** The payload map (already CBOR-decoded) → WarrantPayload. Does not check canonical bytes. */
export function payloadFromCbor(cbor: CborValue, path = 'payload'): WarrantPayload {
  const map: CborMap = readMap(cbor, path);
  const f = new Map<number, CborValue>();
  let previous = -1;
  for (const [k, item] of map) {
    if (typeof k === 'bigint') throw new WarrantError('unknown_field', `${path}: unknown field key ${k}`);
    if (typeof k !== 'number') throw malformed(`${path}: keys must be integers, got ${typeof k === 'string' ? 'text' : 'a non-integer'}`);
    if (!FIELD_NAME.has(k)) {
      const why = k === 12 ? ' (12 was trust_ceiling, removed from the format)' : '';
      throw new WarrantError('unknown_field', `${path}: unknown field key ${k}${why}`);
    }
    if (k <= previous) {
      throw malformed(`${path}: key ${k} (${FIELD_NAME.get(k)}) is out of order; keys are written ascending`);
    }
    previous = k;
    f.set(k, item);
  }
  for (const k of REQUIRED_KEYS) {
    if (!f.has(k)) throw malformed(`${path}: missing field ${k} (${FIELD_NAME.get(k)})`);
  }
  const at = (k: number) => `${path}.${FIELD_NAME.get(k)}`;

  const version = readUint(f.get(K.version)!, at(K.version), U8_MAX, 'u8');
  if (version !== WARRANT_VERSION) {
    throw malformed(`${at(K.version)}: unsupported payload version ${version} (only ${WARRANT_VERSION})`);
  }
  const typeCode = readUint(f.get(K.warrantType)!, at(K.warrantType), U8_MAX, 'u8');
  if (typeCode !== 0 && typeCode !== 1) {
    throw malformed(`${at(K.warrantType)}: ${typeCode} is not a warrant type (0 execution, 1 issuer)`);
  }
  const warrantType: WarrantType = typeCode === 0 ? 'execution' : 'issuer';

  const extensions: Record<string, Uint8Array> = Object.create(null) as Record<string, Uint8Array>;
  let sessionId: string | null = null;
  let agentId: string | null = null;
  if (f.has(K.extensions)) {
    for (const [key, value] of readExtensions(f.get(K.extensions)!, at(K.extensions))) {
      if (key === EXT_SESSION_ID) sessionId = reservedText(value, fieldPath(at(K.extensions), key));
      else if (key === EXT_AGENT_ID) agentId = reservedText(value, fieldPath(at(K.extensions), key));
      else extensions[key] = value;
    }
  }

  const optional = <T>(k: number, read: (x: CborValue, p: string) => T): T | null => (f.has(k) ? read(f.get(k)!, at(k)) : null);

  return {
    version,
    id: readBytes(f.get(K.id)!, at(K.id), 16).slice(),
    warrantType,
    tools: toolGrantsFromCbor(f.get(K.tools)!, at(K.tools)),
    holder: publicKeyFromCbor(f.get(K.holder)!, at(K.holder)),
    issuer: publicKeyFromCbor(f.get(K.issuer)!, at(K.issuer)),
    issuedAt: readTime(f.get(K.issuedAt)!, at(K.issuedAt)),
    expiresAt: readTime(f.get(K.expiresAt)!, at(K.expiresAt)),
    maxDepth: readUint(f.get(K.maxDepth)!, at(K.maxDepth), U8_MAX, 'u8'),
    parentHash: optional(K.parentHash, (x, p) => readByteArray(x, p, { length: 32 })),
    extensions,
    issuableTools: optional(K.issuableTools, (x, p) => readArray(x, p).map((t, i) => readText(t, `${p}[${i}]`))),
    maxIssueDepth: optional(K.maxIssueDepth, (x, p) => readUint(x, p, U32_MAX, 'u32')),
    constraintBounds: optional(K.constraintBounds, (x, p) => constraintSetFromCbor(x, p)),
    requiredApprovers: optional(K.requiredApprovers, (x, p) => readArray(x, p).map((key, i) => publicKeyFromCbor(key, `${p}[${i}]`))),
    minApprovals: optional(K.minApprovals, (x, p) => readUint(x, p, U32_MAX, 'u32')),
    clearance: optional(K.clearance, (x, p) => readUint(x, p, U8_MAX, 'u8')),
    depth: readUint(f.get(K.depth)!, at(K.depth), U32_MAX, 'u32'),
    sessionId,
    agentId,
  };
}

/**
 * Decodes and validates payload bytes. Throws WarrantError: `unknown_field` for a key the format does
 * not define, `malformed` for everything else (with the field named).
 */
export function decodePayload(bytes: Uint8Array): WarrantPayload {
  if (!(bytes instanceof Uint8Array)) throw malformed('payload: expected bytes');
  if (bytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`payload is ${bytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  const payload = payloadFromCbor(decode(bytes, { maxBytes: MAX_WARRANT_BYTES, maxDepth: MAX_CBOR_DEPTH }));
  const again = encode(payloadToCbor(payload));
  if (!bytesEqual(again, bytes)) {
    let i = 0;
    while (i < again.length && i < bytes.length && again[i] === bytes[i]) i++;
    throw malformed(
      `payload is not in canonical form: the reference encoding of the same fields differs at byte ${i} ` +
        '(e.g. a float not in its shortest width)',
    );
  }
  return payload;
}

// ---------------------------------------------------------------------------------------------
// Encode
// ---------------------------------------------------------------------------------------------

function uintField(n: unknown, path: string, max: number, rustType: string): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) {
    throw malformed(`${path}: ${String(n)} is not a ${rustType} (0 to ${max})`);
  }
  return n;
}

function textField(s: unknown, path: string): string {
  if (typeof s !== 'string') throw malformed(`${path}: expected a string`);
  return s;
}

/** WarrantPayload → the CBOR map the reference writes. Throws `malformed` on an unrepresentable model. */
export function payloadToCbor(payload: WarrantPayload): CborMap {
  const m: CborMap = new Map();
  if (payload.version !== WARRANT_VERSION) throw malformed(`payload.version: must be ${WARRANT_VERSION}`);
  if (!(payload.id instanceof Uint8Array) || payload.id.length !== 16) throw malformed('payload.id: a warrant id is 16 bytes');
  if (payload.warrantType !== 'execution' && payload.warrantType !== 'issuer') {
    throw malformed(`payload.warrant_type: ${String(payload.warrantType)} is not execution or issuer`);
  }
  m.set(K.version, WARRANT_VERSION);
  m.set(K.id, payload.id);
  m.set(K.warrantType, payload.warrantType === 'execution' ? 0 : 1);
  m.set(K.tools, toolGrantsToCbor(payload.tools, 'payload.tools'));
  m.set(K.holder, publicKeyToCbor(payload.holder, 'payload.holder'));
  m.set(K.issuer, publicKeyToCbor(payload.issuer, 'payload.issuer'));
  m.set(K.issuedAt, uintField(payload.issuedAt, 'payload.issued_at', Number.MAX_SAFE_INTEGER, 'u64'));
  m.set(K.expiresAt, uintField(payload.expiresAt, 'payload.expires_at', Number.MAX_SAFE_INTEGER, 'u64'));
  m.set(K.maxDepth, uintField(payload.maxDepth, 'payload.max_depth', U8_MAX, 'u8'));
  if (payload.parentHash !== null) {
    if (!(payload.parentHash instanceof Uint8Array) || payload.parentHash.length !== 32) {
      throw malformed('payload.parent_hash: a SHA-256 hash is 32 bytes');
    }
    m.set(K.parentHash, byteArrayToCbor(payload.parentHash));
  }

  // Session and agent ids fold into the extensions under reserved keys, as raw UTF-8 bytes.
  const ext: Record<string, Uint8Array> = Object.create(null) as Record<string, Uint8Array>;
  for (const [key, value] of Object.entries(payload.extensions)) {
    if (key === EXT_SESSION_ID || key === EXT_AGENT_ID) {
      throw malformed(`payload.extensions: "${key}" is reserved; set sessionId / agentId instead`);
    }
    if (!(value instanceof Uint8Array)) throw malformed(`payload.extensions["${key}"]: expected bytes`);
    ext[key] = value;
  }
  if (payload.sessionId !== null) ext[EXT_SESSION_ID] = utf8Encoder.encode(textField(payload.sessionId, 'payload.sessionId'));
  if (payload.agentId !== null) ext[EXT_AGENT_ID] = utf8Encoder.encode(textField(payload.agentId, 'payload.agentId'));
  const extKeys = Object.keys(ext);
  if (extKeys.length > MAX_EXTENSION_KEYS) {
    throw malformed(`payload.extensions: ${extKeys.length} keys exceed the limit of ${MAX_EXTENSION_KEYS}`);
  }
  if (extKeys.length > 0) {
    const sorted: CborMap = new Map();
    for (const key of extKeys.sort(compareKeys)) {
      const value = ext[key]!;
      if (utf8Encoder.encode(key).length > MAX_EXTENSION_KEY_BYTES) {
        throw malformed(`payload.extensions["${key}"]: key is longer than ${MAX_EXTENSION_KEY_BYTES} bytes`);
      }
      if (value.length > MAX_EXTENSION_VALUE_BYTES) {
        throw malformed(`payload.extensions["${key}"]: ${value.length} bytes exceed the limit of ${MAX_EXTENSION_VALUE_BYTES}`);
      }
      sorted.set(key, byteArrayToCbor(value));
    }
    m.set(K.extensions, sorted);
  }

  if (payload.issuableTools !== null) {
    m.set(
      K.issuableTools,
      payload.issuableTools.map((t, i) => textField(t, `payload.issuable_tools[${i}]`)),
    );
  }
  if (payload.maxIssueDepth !== null) m.set(K.maxIssueDepth, uintField(payload.maxIssueDepth, 'payload.max_issue_depth', U32_MAX, 'u32'));
  if (payload.constraintBounds !== null)
    m.set(K.constraintBounds, constraintSetToCbor(payload.constraintBounds, 'payload.constraint_bounds'));
  if (payload.requiredApprovers !== null) {
    // Construction order is kept: the reference does not sort this list.
    m.set(
      K.requiredApprovers,
      payload.requiredApprovers.map((key, i) => publicKeyToCbor(key, `payload.required_approvers[${i}]`)),
    );
  }
  if (payload.minApprovals !== null) m.set(K.minApprovals, uintField(payload.minApprovals, 'payload.min_approvals', U32_MAX, 'u32'));
  if (payload.clearance !== null) m.set(K.clearance, uintField(payload.clearance, 'payload.clearance', U8_MAX, 'u8'));
  m.set(K.depth, uintField(payload.depth, 'payload.depth', U32_MAX, 'u32'));
  return m;
}

/**
 * Encodes a payload to its canonical bytes and proves they decode back (so a builder can never sign
 * bytes the verifier would refuse: over the size or nesting limits, or an unrepresentable value).
 */
export function encodePayload(payload: WarrantPayload): Uint8Array {
  return sealablePayload(payload).bytes;
}

/**
 * Encodes a payload and decodes the bytes back through the strict decoder, so that nothing is
 * signed that a verifier would refuse: returns both, so a builder need not decode a second time.
 */
export function sealablePayload(payload: WarrantPayload): { bytes: Uint8Array; payload: WarrantPayload } {
  let bytes: Uint8Array;
  try {
    bytes = encode(payloadToCbor(payload));
  } catch (e) {
    if (isWarrantError(e)) throw e;
    throw malformed(`payload cannot be encoded: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { bytes, payload: decodePayload(bytes) };
}
