/** describeWarrant: the JSON view behind `warrant decode`, constraints in the scenario vocabulary. */
import { describe, expect, it } from 'vitest';
import { fromHex } from '../../src/lib/bytes.js';
import { describeConstraint, describeValue, describeWarrant } from '../../src/warrant/describe.js';
import { decodePayload, decodeWarrant } from '../../src/warrant/envelope.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import { Float } from '../../src/warrant/constraint-value.js';
import vectors from '../fixtures/tenuo-test-vectors.json' with { type: 'json' };

const hex = (s: string): Uint8Array => fromHex(s)!;
interface VectorWarrant {
  label: string;
  payload_cbor: string;
  signature: string;
}
const vectorWarrants = (vectors.vectors as unknown as { warrants?: VectorWarrant[] }[]).flatMap((v) => v.warrants ?? []);
const signed = (label: string): SignedWarrant => {
  const w = vectorWarrants.find((x) => x.label === label)!;
  const payloadBytes = hex(w.payload_cbor);
  return { payloadBytes, payload: decodePayload(payloadBytes), signature: hex(w.signature) };
};
const tools = (label: string) => describeWarrant(signed(label)).tools;

describe('describeWarrant', () => {
  it('shows A.1 with its display id, hex keys, times and wildcard grant', () => {
    const d = describeWarrant(signed('A.1'));
    const v = vectors.vectors[0]!.warrants![0]!;
    expect(d).toMatchObject({
      id: v.warrant_id,
      id_hex: v.warrant_id_hex,
      type: 'execution',
      version: 1,
      issuer: v.issuer,
      holder: v.holder,
      issued_at: 1704067200,
      issued_at_utc: '2024-01-01T00:00:00Z',
      expires_at: 1704070800,
      expires_at_utc: '2024-01-01T01:00:00Z',
      ttl_seconds: 3600,
      depth: 0,
      max_depth: 3,
      parent_hash: null,
      payload_sha256: v.payload_sha256,
      tools: { read_file: { path: 'wildcard' } },
      issuable_tools: null,
      session_id: null,
      extensions: {},
      payload_bytes: 147,
      signature: v.signature,
    });
  });

  it('uses the scenario YAML vocabulary for every constraint in the vectors', () => {
    expect(tools('Level 0')).toEqual({ read_file: { path: { pattern: '/data/*' } } });
    expect(tools('Level 2')).toEqual({ read_file: { path: { exact: '/data/reports/q3.pdf' } } });
    expect(tools('A.19.1 Range')).toEqual({
      api_call: { count: { range: { min: 0, max: 100, min_inclusive: true, max_inclusive: true } } },
    });
    expect(tools('A.19.2 OneOf')).toEqual({ deploy: { env: { one_of: ['staging', 'production'] } } });
    expect(tools('A.19.3 CIDR')).toEqual({ connect: { ip: { cidr: '10.0.0.0/8' } } });
    expect(tools('A.25.2 Subpath')).toEqual({ write_file: { path: { subpath: '/home/agent/workspace' } } });
    expect(tools('A.25.3 Contains')).toEqual({ deploy: { tags: { contains: ['approved', 'reviewed'] } } });
    expect(tools('A.25.4 Subset')).toEqual({ set_permissions: { permissions: { subset: ['read', 'write', 'delete'] } } });
    expect(tools('A.25.5 UrlPattern')).toEqual({ api_call: { endpoint: { url_pattern: 'https://api.example.com/v1/*' } } });
    expect(tools('A.25.6 All')).toEqual({
      transfer: {
        amount: { all: [{ range: { min: 0, max: 10000, min_inclusive: true, max_inclusive: true } }] },
        currency: { all: [{ one_of: ['USD', 'EUR'] }] },
      },
    });
    expect(tools('A.25.7 Any')).toEqual({ read_file: { path: { any: [{ pattern: '/public/*' }, { pattern: '/shared/*' }] } } });
    expect(tools('A.25.8 Not')).toEqual({ read_file: { path: { not: { pattern: '/secret/*' } } } });
    expect(tools('A.25.1 UrlSafe')).toEqual({
      http_request: {
        url: {
          url_safe: {
            schemes: ['http', 'https'],
            allow_domains: null,
            deny_domains: null,
            allow_ports: null,
            block_private: true,
            block_loopback: true,
            block_metadata: true,
            block_reserved: true,
            block_internal_tlds: false,
          },
        },
      },
    });
  });

  it('shows issuer fields, approvals, clearance, sessions, extensions and the parent link', () => {
    const issuer = describeWarrant(signed('A.15 Issuer Warrant'));
    expect(issuer).toMatchObject({
      type: 'issuer',
      tools: {},
      issuable_tools: ['read_file'],
      max_issue_depth: 3,
      constraint_bounds: { path: { pattern: '/data/*' } },
    });
    expect(describeWarrant(signed('A.18 Multi-sig'))).toMatchObject({
      required_approvers: [vectors.keys.worker.public_key, vectors.keys.worker2.public_key],
      min_approvals: 1,
    });
    expect(describeWarrant(signed('A.17 Parent (Clearance=5)')).clearance).toBe(5);
    expect(describeWarrant(signed('A.23 Root (session_id=sess-abc)'))).toMatchObject({ session_id: 'sess-abc', extensions: {} });
    expect(Object.keys(describeWarrant(signed('A.7')).extensions as object)).toEqual(['com.example.billing', 'com.example.trace_id']);
    const parent = describeWarrant(signed('Level 0'));
    const child = describeWarrant(signed('Level 1'));
    expect(child.parent_hash).toBe(parent.payload_sha256);
    expect(child.depth).toBe(1);
  });

  it('is plain JSON for every vector and fixture warrant (stringify → parse is the identity)', () => {
    const all: SignedWarrant[] = [
      ...vectorWarrants.map((w) => signed(w.label)),
      ...vectors.pop_canonical_fixture.cases.map((c) => decodeWarrant(hex(c.warrant_envelope_cbor))),
    ];
    expect(all).toHaveLength(55);
    for (const w of all) {
      const d = describeWarrant(w);
      expect(JSON.parse(JSON.stringify(d))).toEqual(d);
      expect(Object.keys(d)).toEqual(Object.keys(describeWarrant(all[0]!)));
    }
  });

  it('keeps int and float apart and never loses a large int', () => {
    expect(describeValue(new Float(1))).toEqual({ $float: 1 });
    expect(describeValue(1.5)).toBe(1.5);
    expect(describeValue(1)).toBe(1);
    expect(describeValue(2n ** 60n)).toEqual({ $int: '1152921504606846976' });
    expect(describeValue({ b: [new Float(Infinity)], a: null })).toEqual({ a: null, b: [{ $float: 'Infinity' }] });
    expect(describeConstraint({ type: 'subpath', root: '/d', caseSensitive: false, allowEqual: true })).toEqual({
      subpath: { root: '/d', allow_equal: true, case_sensitive: false },
    });
    expect(describeConstraint({ type: 'cel', expression: 'value < 5', parentExpression: 'value < 10' })).toEqual({
      cel: { expression: 'value < 5', parent_expression: 'value < 10' },
    });
    expect(describeConstraint({ type: 'unknown', typeId: 99, payload: Uint8Array.of(1, 255) })).toEqual({
      unknown: { type_id: 99, payload: '01ff' },
    });
    expect(describeConstraint({ type: 'shlex', allow: ['git'] })).toEqual({ shlex: { allow: ['git'] } });
  });
});
