/**
 * M-of-N approvals: the real SignedApproval layout (reference approval.rs), request binding,
 * threshold counting, expiry with an injected clock, and vectors A.21.1, A.21.2 and A.24.
 */
import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/tenuo-test-vectors.json' with { type: 'json' };
import { concatBytes, fromHex, toHex, utf8 } from '../../src/lib/bytes.js';
import { decode, encode } from '../../src/warrant/cbor/index.js';
import { approvalSigningMessage } from '../../src/warrant/crypto/domain.js';
import { nobleEd25519 } from '../../src/warrant/crypto/ed25519-noble.js';
import { nodeEd25519 } from '../../src/warrant/crypto/ed25519-node.js';
import { sha256 } from '../../src/warrant/crypto/sha256.js';
import { decodePayload } from '../../src/warrant/envelope.js';
import { SigningKey } from '../../src/warrant/keys.js';
import type { WarrantPayload } from '../../src/warrant/types.js';
import type { Args } from '../../src/warrant/constraint-value.js';
import {
  approveCall,
  checkApprovals,
  computeRequestHash,
  decodeApprovalPayload,
  decodeSignedApproval,
  encodeApprovalPayload,
  encodeSignedApproval,
  requestHashFor,
  signApproval,
  verifyApproval,
  type SignedApproval,
} from '../../src/warrant/approval.js';

const hex = (s: string): Uint8Array => {
  const b = fromHex(s);
  if (!b) throw new Error(`bad hex in fixture: ${s.slice(0, 16)}…`);
  return b;
};
const keys = vectors.keys as Record<string, { seed: string; public_key: string }>;
const key = (role: string) => SigningKey.fromSeed(hex(keys[role]!.seed));
const byId = new Map(vectors.vectors.map((v) => [v.id, v as unknown as Record<string, unknown>]));
const warrantOf = (id: string): WarrantPayload => {
  const w = (byId.get(id)!['warrants'] as { payload_cbor: string }[])[0]!;
  return decodePayload(hex(w.payload_cbor));
};

const T = vectors.timestamps.issued_at; // the vectors' fixed "now" (1704067200)
const clockAt = (t: number) => () => t;
let nonceCounter = 0;
const random = (n: number) => sha256(utf8(`nonce ${nonceCounter++}`)).subarray(0, n);
const TOOL = 'read_file';
const ARGS: Args = { path: '/data/report.txt' };

function approve(role: string, warrant: WarrantPayload, o: { at?: number; tool?: string; args?: Args; ttl?: number } = {}): SignedApproval {
  return approveCall({
    approver: key(role),
    warrant,
    tool: o.tool ?? TOOL,
    args: o.args ?? ARGS,
    externalId: `user:${role}`,
    clock: clockAt(o.at ?? T),
    random,
    ...(o.ttl !== undefined ? { ttlSeconds: o.ttl } : {}),
  });
}

describe('A.21.1 / A.21.2 (threshold over listed approvers)', () => {
  const a2111 = warrantOf('A.21.1');
  const a2112 = warrantOf('A.21.2');

  it('reads the approver lists and thresholds from the warrants', () => {
    expect(a2111.requiredApprovers!.map(toHex)).toEqual(['approver2', 'approver3', 'approver1'].map((r) => keys[r]!.public_key));
    expect(a2111.minApprovals).toBe(2);
    expect(a2112.requiredApprovers!.map(toHex)).toEqual(['approver2', 'approver1'].map((r) => keys[r]!.public_key));
    expect(a2112.minApprovals).toBe(2);
  });

  it('A.21.1: 2 of 3 succeeds with two valid approvals from listed approvers', () => {
    expect(checkApprovals(a2111, TOOL, ARGS, [approve('approver1', a2111), approve('approver3', a2111)], T)).toBeUndefined();
    expect(checkApprovals(a2111, TOOL, ARGS, [approve('approver2', a2111), approve('approver1', a2111)], T)).toBeUndefined();
    const one = checkApprovals(a2111, TOOL, ARGS, [approve('approver3', a2111)], T);
    expect(one?.code).toBe('insufficient_approvals');
    expect(one?.message).toContain('1 valid approval(s) of 2 required');
  });

  it('A.21.2: fails with only approver1; an unlisted approver does not count', () => {
    const only1 = checkApprovals(a2112, TOOL, ARGS, [approve('approver1', a2112)], T);
    expect(only1?.code).toBe('insufficient_approvals');
    expect(only1?.message).toContain('needs 2 of 2 listed approvers');
    const with3 = checkApprovals(a2112, TOOL, ARGS, [approve('approver1', a2112), approve('approver3', a2112)], T);
    expect(with3?.code).toBe('insufficient_approvals');
    expect(with3?.message).toContain('1 from an unlisted approver');
    expect(checkApprovals(a2112, TOOL, ARGS, [approve('approver1', a2112), approve('approver2', a2112)], T)).toBeUndefined();
    expect(checkApprovals(a2112, TOOL, ARGS, [], T)?.code).toBe('insufficient_approvals');
  });

  it('counts each approver once', () => {
    const dup = checkApprovals(a2112, TOOL, ARGS, [approve('approver1', a2112), approve('approver1', a2112)], T);
    expect(dup?.code).toBe('insufficient_approvals');
    expect(dup?.message).toContain('1 duplicate');
  });

  it('threshold: all listed when min_approvals is absent, capped at the list length, none without a list', () => {
    const all: WarrantPayload = { ...a2111, minApprovals: null };
    const two = [approve('approver1', all), approve('approver2', all)];
    expect(checkApprovals(all, TOOL, ARGS, two, T)?.code).toBe('insufficient_approvals');
    expect(checkApprovals(all, TOOL, ARGS, [...two, approve('approver3', all)], T)).toBeUndefined();
    const capped: WarrantPayload = { ...a2112, minApprovals: 9 };
    expect(checkApprovals(capped, TOOL, ARGS, [approve('approver1', capped), approve('approver2', capped)], T)).toBeUndefined();
    const none = warrantOf('A.1');
    expect(none.requiredApprovers).toBeNull();
    expect(checkApprovals(none, TOOL, ARGS, [], T)).toBeUndefined();
  });

  it('counts junk in the approvals list as invalid, never throws', () => {
    const junk = [null, 42, 'x', {}, { approvalVersion: 1 }] as unknown as SignedApproval[];
    for (const j of junk) {
      const r = checkApprovals(a2112, TOOL, ARGS, [j, approve('approver1', a2112)], T);
      expect(r?.code).toBe('insufficient_approvals');
      expect(r?.message).toContain('1 invalid');
    }
    expect(checkApprovals(a2112, TOOL, ARGS, 'nope' as unknown as SignedApproval[], T)?.code).toBe('insufficient_approvals');
  });

  it('refuses more than 2 × N approvals outright', () => {
    const many = Array.from({ length: 5 }, () => approve('approver1', a2112));
    expect(checkApprovals(a2112, TOOL, ARGS, many, T)?.message).toContain('too many approvals: 5 given, at most 4');
  });
});

describe('binding, expiry and signatures', () => {
  const w = warrantOf('A.21.2');
  const pair = (o: Parameters<typeof approve>[2] = {}) => [approve('approver1', w, o), approve('approver2', w, o)];

  it('binds the approval to warrant id, tool, args and holder', () => {
    expect(checkApprovals(w, TOOL, ARGS, pair(), T)).toBeUndefined();
    expect(checkApprovals(w, 'write_file', ARGS, pair(), T)?.message).toContain('2 hash mismatch');
    expect(checkApprovals(w, TOOL, { path: '/data/other.txt' }, pair(), T)?.message).toContain('hash mismatch');
    const otherHolder: WarrantPayload = { ...w, holder: hex(keys['worker2']!.public_key) };
    expect(checkApprovals(otherHolder, TOOL, ARGS, pair(), T)?.message).toContain('hash mismatch');
    const otherId: WarrantPayload = { ...w, id: hex('019471f8000070008000000000009999') };
    expect(checkApprovals(otherId, TOOL, ARGS, pair(), T)?.message).toContain('hash mismatch');
    // Null arguments are canonicalized away, as for PoP.
    expect(checkApprovals(w, TOOL, { ...ARGS, encoding: null }, pair(), T)).toBeUndefined();
  });

  it('expires 30 s (clock skew) after expires_at, with an injected clock', () => {
    const approvals = pair({ ttl: 300 });
    expect(checkApprovals(w, TOOL, ARGS, approvals, T + 330)).toBeUndefined();
    expect(checkApprovals(w, TOOL, ARGS, approvals, T + 331)?.message).toContain('2 expired');
  });

  it('rejects approvals dated more than 30 s in the future', () => {
    expect(checkApprovals(w, TOOL, ARGS, pair({ at: T + 30 }), T)).toBeUndefined();
    expect(checkApprovals(w, TOOL, ARGS, pair({ at: T + 31 }), T)?.message).toContain('2 invalid');
    expect(() => verifyApproval(approve('approver1', w, { at: T + 31 }), T)).toThrow(/future/);
  });

  it('rejects a tampered signature, a swapped key and a tampered payload', () => {
    const [a1, a2] = pair();
    const badSig = { ...a1!, signature: a1!.signature.map((b, i) => (i === 0 ? b ^ 1 : b)) };
    expect(checkApprovals(w, TOOL, ARGS, [badSig, a2!], T)?.message).toContain('1 invalid');
    const swapped = { ...a1!, approverKey: a2!.approverKey };
    expect(checkApprovals(w, TOOL, ARGS, [swapped, a2!], T)?.code).toBe('insufficient_approvals');
    const payload = a1!.payloadBytes.slice();
    payload[payload.length - 1] = payload[payload.length - 1]! ^ 1;
    expect(() => verifyApproval({ ...a1!, payloadBytes: payload }, T)).toThrow(expect.objectContaining({ code: 'signature_invalid' }));
    expect(() => verifyApproval({ ...a1!, approvalVersion: 2 }, T)).toThrow(expect.objectContaining({ code: 'malformed' }));
  });

  it('rejects expires_at ≤ approved_at even when signed', () => {
    const a = signApproval(key('approver1'), {
      version: 1,
      requestHash: requestHashFor(w, TOOL, ARGS),
      nonce: new Uint8Array(16),
      externalId: 'x',
      approvedAt: T,
      expiresAt: T,
      extensions: null,
    });
    expect(() => verifyApproval(a, T)).toThrow(/after approved_at/);
  });
});

describe('wire layout (reference serde structs)', () => {
  const w = warrantOf('A.21.1');
  const a = approve('approver2', w);

  it('round-trips a SignedApproval and its payload', () => {
    const bytes = encodeSignedApproval(a);
    const back = decodeSignedApproval(bytes);
    expect(toHex(back.payloadBytes)).toBe(toHex(a.payloadBytes));
    expect(toHex(back.approverKey)).toBe(keys['approver2']!.public_key);
    expect(toHex(back.signature)).toBe(toHex(a.signature));
    expect(toHex(encodeSignedApproval(back))).toBe(toHex(bytes));
    const p = verifyApproval(back, T);
    expect(toHex(p.requestHash)).toBe(toHex(requestHashFor(w, TOOL, ARGS)));
    expect(toHex(encodeApprovalPayload(p))).toBe(toHex(a.payloadBytes));
    const withExt = { ...p, extensions: { 'z.k': Uint8Array.of(1, 200), 'a.k': new Uint8Array(0) } };
    const extBytes = encodeApprovalPayload(withExt);
    expect(decodeApprovalPayload(extBytes).extensions).toEqual({ 'a.k': new Uint8Array(0), 'z.k': Uint8Array.of(1, 200) });
  });

  it('writes struct maps in field order, byte arrays as uint arrays, keys and signatures as [1, bstr]', () => {
    const env = toHex(encodeSignedApproval(a));
    expect(env.startsWith('a4' + '70' + toHex(utf8('approval_version')) + '01' + '67' + toHex(utf8('payload')) + '58')).toBe(true);
    expect(env).toContain('6c' + toHex(utf8('approver_key')) + '820158 20'.replace(' ', '') + keys['approver2']!.public_key);
    expect(env).toContain('69' + toHex(utf8('signature')) + '82015840' + toHex(a.signature));
    const payload = toHex(a.payloadBytes);
    expect(payload.startsWith('a6' + '67' + toHex(utf8('version')) + '01' + '6c' + toHex(utf8('request_hash')) + '9820')).toBe(true);
    expect(payload).toContain('65' + toHex(utf8('nonce')) + '90');
    const order = ['version', 'request_hash', 'nonce', 'external_id', 'approved_at', 'expires_at'].map((k) =>
      payload.indexOf(toHex(utf8(k))),
    );
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });

  it('decodes strictly: unknown fields, missing fields, wrong shapes and oversize input are coded errors', () => {
    const m = decode(encodeSignedApproval(a)) as Map<string, unknown>;
    const withExtra = encode(new Map([...m, ['extra', 1]]) as never);
    expect(() => decodeSignedApproval(withExtra)).toThrow(expect.objectContaining({ code: 'unknown_field' }));
    const missing = encode(new Map([...m].filter(([k]) => k !== 'signature')) as never);
    expect(() => decodeSignedApproval(missing)).toThrow(expect.objectContaining({ code: 'malformed' }));
    const badAlg = encode(new Map([...m].map(([k, v]) => [k, k === 'approver_key' ? [2, a.approverKey] : v])) as never);
    expect(() => decodeSignedApproval(badAlg)).toThrow(/algorithm/);
    expect(() => decodeSignedApproval(new Uint8Array(20 * 1024))).toThrow(expect.objectContaining({ code: 'malformed' }));
    expect(() => decodeSignedApproval(Uint8Array.of(0xff))).toThrow(expect.objectContaining({ code: 'malformed' }));
  });

  it('computes the request hash as SHA-256(CBOR([id, tool, bstr(args map), bstr(holder)]))', () => {
    // Written out by hand: 84 (array of 4), text(40) id, text(1) "t", bytes(4) a1 61 61 01, bytes(32) holder.
    const id = 'tnu_wrt_019471f8000070008000000000002101';
    const holder = hex(keys['worker']!.public_key);
    const preimage = concatBytes(hex('847828'), utf8(id), hex('6174' + '44a1616101' + '5820'), holder);
    expect(toHex(computeRequestHash(id, 't', { a: 1 }, holder))).toBe(toHex(sha256(preimage)));
    const noHolder = concatBytes(hex('847828'), utf8(id), hex('6174' + '44a1616101' + '40'));
    expect(toHex(computeRequestHash(id, 't', { a: 1 }, null))).toBe(toHex(sha256(noHolder)));
    // The warrant's display id (tnu_wrt_ form) and holder are what requestHashFor binds.
    expect(toHex(requestHashFor(w, 't', { a: 1 }))).toBe(toHex(computeRequestHash(id, 't', { a: 1 }, holder)));
  });
});

describe('A.24 (generator-local layout)', () => {
  const v = byId.get('A.24')! as {
    inputs: { request_hash_preimage_utf8_concat: string[] };
    data: Record<string, string>;
    approval_payload_fields: Record<string, string | number>;
  };
  const payload = hex(v.data['approvalpayload_cbor']!);
  const signature = hex(v.data['approver_signature']!);
  const approver1 = hex(keys['approver1']!.public_key);

  it('its signature covers tenuo-warrant-v1 ‖ tenuo-approval-v1 ‖ 0x01 ‖ payload, in both backends', () => {
    const message = approvalSigningMessage(1, payload);
    expect(toHex(message)).toBe(toHex(concatBytes(utf8('tenuo-warrant-v1tenuo-approval-v1'), Uint8Array.of(1), payload)));
    expect(nodeEd25519.verify(approver1, message, signature)).toBe(true);
    expect(nobleEd25519.verify(approver1, message, signature)).toBe(true);
    expect(nodeEd25519.verify(approver1, message.subarray(16), signature)).toBe(false); // the doc preimage alone
    expect(toHex(key('approver1').sign(message))).toBe(v.data['approver_signature']);
  });

  it('its request hash is the generator-only plain concatenation', () => {
    const parts = v.inputs.request_hash_preimage_utf8_concat;
    expect(parts[3]).toBe('<worker public key bytes>');
    const concat = concatBytes(utf8(parts[0]!), utf8(parts[1]!), utf8(parts[2]!), hex(keys['worker']!.public_key));
    expect(toHex(sha256(concat))).toBe(v.approval_payload_fields['request_hash']);
    // The real binding (reference compute_request_hash) is a different hash of the same request.
    expect(toHex(computeRequestHash(parts[0]!, parts[1]!, { path: '/data/sensitive.txt' }, hex(keys['worker']!.public_key)))).not.toBe(
      v.approval_payload_fields['request_hash'],
    );
  });

  it('its bytes are not the real SignedApproval layout, so the strict decoder refuses them', () => {
    // The generator used serde_bytes: approver_key and signature as bare bstr, request_hash and
    // nonce as bstr. The reference's SignedApproval has [1, bstr] keys/signatures and uint arrays
    // for the fixed-size hashes, and its decoder rejects these bytes; so does ours.
    expect(() => decodeSignedApproval(hex(v.data['complete_signedapproval_envelope']!))).toThrow(/approver_key must be \[1, bytes\]/);
    expect(() => decodeApprovalPayload(payload)).toThrow(/request_hash must be an array of byte values/);
    // Its envelope does carry the same payload and signature bytes as the data fields.
    const env = decode(hex(v.data['complete_signedapproval_envelope']!)) as Map<string, unknown>;
    expect(toHex(env.get('payload') as Uint8Array)).toBe(v.data['approvalpayload_cbor']);
    expect(toHex(env.get('signature') as Uint8Array)).toBe(v.data['approver_signature']);
  });
});
