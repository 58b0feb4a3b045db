/**
 * Wire format v1: layout rules, strict shapes, limits, and failure modes. Payloads under test are
 * built by editing the CBOR tree of a real vector (A.1) and re-encoding it, so each case differs from
 * valid bytes by exactly the one thing it tests.
 */
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../src/lib/bytes.js';
import { decode, encode, Float, type CborMap, type CborValue } from '../../src/warrant/cbor/index.js';
import { constraintFromCbor, constraintToCbor } from '../../src/warrant/constraints/wire.js';
import type { Constraint } from '../../src/warrant/constraints/types.js';
import { decodePayload, decodeWarrant, encodePayload, encodeWarrant } from '../../src/warrant/envelope.js';
import { decodeStack, encodeStack } from '../../src/warrant/stack.js';
import type { SignedWarrant, WarrantPayload } from '../../src/warrant/types.js';
import vectors from '../fixtures/tenuo-test-vectors.json' with { type: 'json' };
import { failure } from '../helpers/failure.js';

const hex = (s: string): Uint8Array => fromHex(s)!;
const a1 = vectors.vectors.find((v) => v.id === 'A.1')!.warrants![0]!;
const A1_PAYLOAD = hex(a1.payload_cbor);
const A1_ENVELOPE = hex(a1.envelope_cbor!);
const A1 = decodeWarrant(A1_ENVELOPE);

/** A1's payload map (fresh copy) after `edit`, encoded. */
function editedPayload(edit: (m: CborMap) => void): Uint8Array {
  const m = decode(A1_PAYLOAD) as CborMap;
  edit(m);
  return encode(m);
}

/** Re-inserts the entries so that keys come out ascending after an edit added one at the end. */
function sortedIntKeys(m: CborMap): CborMap {
  return new Map([...m.entries()].sort(([a], [b]) => Number(a) - Number(b)));
}

/** A1's payload with the path constraint replaced by `c` (a raw CBOR constraint). */
function withConstraint(c: CborValue): Uint8Array {
  return editedPayload((m) => {
    const set = (m.get(3) as CborMap).get('read_file') as CborMap;
    (set.get('constraints') as CborMap).set('path', c);
  });
}

function payloadWith(over: Partial<WarrantPayload>): WarrantPayload {
  return { ...A1.payload, ...over };
}

const struct = (entries: [string, CborValue][]): CborMap => new Map<CborValue, CborValue>(entries);

describe('payload layout', () => {
  it('writes integer keys ascending, 18 always, 9/10 only when non-empty, optionals only when set', () => {
    const keys = [...(decode(A1_PAYLOAD) as CborMap).keys()];
    expect(keys).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 18]);
    const full = payloadWith({
      parentHash: new Uint8Array(32).fill(7),
      extensions: { 'x.y': Uint8Array.of(1, 2) },
      sessionId: 's',
      agentId: 'a',
      warrantType: 'issuer',
      tools: {},
      issuableTools: ['read_file'],
      maxIssueDepth: 2,
      constraintBounds: { constraints: { path: { type: 'wildcard' } }, allowUnknown: false },
      requiredApprovers: [A1.payload.issuer, A1.payload.holder],
      minApprovals: 1,
      clearance: 30,
      depth: 0,
    });
    const bytes = encodePayload(full);
    const m = decode(bytes) as CborMap;
    expect([...m.keys()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18]);
    // parent_hash and extension values are arrays of small uints, not byte strings.
    expect(m.get(9)).toEqual(Array(32).fill(7));
    const ext = m.get(10) as CborMap;
    expect([...ext.keys()]).toEqual(['tenuo.agent_id', 'tenuo.session_id', 'x.y']);
    expect(ext.get('x.y')).toEqual([1, 2]);
    expect(ext.get('tenuo.session_id')).toEqual([0x73]);
    // required_approvers keep construction order; keys are [1, bstr(32)].
    expect(m.get(15)).toEqual([
      [1, A1.payload.issuer],
      [1, A1.payload.holder],
    ]);
    const back = decodePayload(bytes);
    expect(back).toEqual(full);
    expect(toHex(encodePayload(back))).toBe(toHex(bytes));
  });

  it('rejects key 12 and any unknown key with unknown_field', () => {
    for (const key of [12, 19, 255, 1000]) {
      const bytes = editedPayload((m) => {
        m.set(key, 0);
        const sorted = sortedIntKeys(m);
        m.clear();
        for (const [k, v] of sorted) m.set(k, v);
      });
      const f = failure(() => decodePayload(bytes));
      expect(f.code, String(key)).toBe('unknown_field');
      expect(f.message).toContain(`key ${key}`);
    }
    expect(failure(() => decodePayload(editedPayload((m) => m.set('x', 1)))).code).toBe('malformed');
  });

  it('rejects keys out of order, missing required fields (including depth) and empty optionals', () => {
    const swapped = editedPayload((m) => {
      const entries = [...m.entries()];
      [entries[1], entries[2]] = [entries[2]!, entries[1]!];
      m.clear();
      for (const [k, v] of entries) m.set(k, v);
    });
    expect(failure(() => decodePayload(swapped)).message).toMatch(/out of order/);
    for (const key of [0, 1, 2, 3, 4, 5, 6, 7, 8, 18]) {
      const f = failure(() => decodePayload(editedPayload((m) => m.delete(key))));
      expect(f.code, String(key)).toBe('malformed');
      expect(f.message).toMatch(/missing field/);
    }
    const emptyExt = editedPayload((m) => {
      const depth = m.get(18)!;
      m.delete(18);
      m.set(10, new Map());
      m.set(18, depth);
    });
    expect(failure(() => decodePayload(emptyExt)).message).toMatch(/extensions/);
    const nullHash = editedPayload((m) => {
      const depth = m.get(18)!;
      m.delete(18);
      m.set(9, null);
      m.set(18, depth);
    });
    expect(failure(() => decodePayload(nullHash)).message).toMatch(/parent_hash/);
  });

  it('checks version, id, key and signature sizes and algorithms', () => {
    const cases: [string, Uint8Array, RegExp][] = [
      ['payload version 2', editedPayload((m) => m.set(0, 2)), /version/],
      ['id of 15 bytes', editedPayload((m) => m.set(1, new Uint8Array(15))), /payload\.id.*16 bytes/],
      ['id as text', editedPayload((m) => m.set(1, 'x'.repeat(16))), /payload\.id/],
      ['holder of 31 bytes', editedPayload((m) => m.set(4, [1, new Uint8Array(31)])), /holder.*32 bytes/],
      ['issuer algorithm 2', editedPayload((m) => m.set(5, [2, A1.payload.issuer])), /issuer.*algorithm 2/],
      ['holder as bare bytes', editedPayload((m) => m.set(4, A1.payload.holder)), /holder/],
      ['warrant type 2', editedPayload((m) => m.set(2, 2)), /warrant_type/],
      ['warrant type 256 (no u8 wrap-around)', editedPayload((m) => m.set(2, 256)), /warrant_type/],
    ];
    for (const [name, bytes, reason] of cases) {
      const f = failure(() => decodePayload(bytes));
      expect(f.code, name).toBe('malformed');
      expect(f.message, name).toMatch(reason);
    }
    const env = (v: CborValue) => failure(() => decodeWarrant(encode(v)));
    expect(env([2, A1_PAYLOAD, [1, A1.signature]]).message).toMatch(/envelope version 2/);
    expect(env([1, A1_PAYLOAD, [2, A1.signature]]).message).toMatch(/signature algorithm 2/);
    expect(env([1, A1_PAYLOAD, [1, A1.signature.subarray(0, 63)]]).message).toMatch(/64 bytes/);
    expect(env([1, A1_PAYLOAD, A1.signature]).message).toMatch(/signature/);
    expect(env([1, [...A1_PAYLOAD], [1, A1.signature]]).message).toMatch(/payload/);
    expect(env([1, A1_PAYLOAD]).message).toMatch(/array of 3/);
    expect(env(new Map([[0, 1]])).code).toBe('malformed');
  });

  it('keeps integers in their Rust ranges (u8, u32, u64 within 2^53)', () => {
    const cases: [number, CborValue, RegExp][] = [
      [8, 256, /max_depth.*u8/],
      [18, 2 ** 32, /depth.*u32/],
      [17, 256, /clearance.*u8/],
      [6, 2n ** 60n, /issued_at/],
      [7, -1, /expires_at/],
      [6, new Float(1704067200), /issued_at/],
    ];
    for (const [key, value, reason] of cases) {
      const bytes = editedPayload((m) => {
        m.set(key, value);
        const sorted = sortedIntKeys(m);
        m.clear();
        for (const [k, v] of sorted) m.set(k, v);
      });
      const f = failure(() => decodePayload(bytes));
      expect(f.code, String(key)).toBe('malformed');
      expect(f.message, String(key)).toMatch(reason);
    }
    expect(failure(() => encodePayload(payloadWith({ maxDepth: 256 }))).message).toMatch(/max_depth/);
    expect(failure(() => encodePayload(payloadWith({ depth: 1.5 }))).message).toMatch(/depth/);
  });

  it('refuses non-canonical bytes: a float wider than needed, unsorted maps, explicit defaults', () => {
    // Range{min: 0.0} with the float written as f64 instead of f16: same value, different bytes.
    const range = constraintToCbor({ type: 'range', min: 0, max: 10, minInclusive: true, maxInclusive: true });
    const canonical = withConstraint(range);
    expect(decodePayload(canonical).tools.read_file!.constraints.path).toMatchObject({ type: 'range', min: 0 });
    const f16 = Uint8Array.of(0xf9, 0x00, 0x00);
    const at = toHex(canonical).indexOf(toHex(f16)) / 2;
    expect(at).toBeGreaterThan(0);
    const wide = new Uint8Array([...canonical.subarray(0, at), 0xfb, 0, 0, 0, 0, 0, 0, 0, 0, ...canonical.subarray(at + 3)]);
    expect(failure(() => decodePayload(wide)).message).toMatch(/canonical/);

    const twoTools = editedPayload((m) => {
      const set = (m.get(3) as CborMap).get('read_file')!;
      m.set(
        3,
        new Map([
          ['write_file', set],
          ['read_file', set],
        ]),
      );
    });
    expect(failure(() => decodePayload(twoTools)).message).toMatch(/"read_file" is out of order/);

    const explicitFalse = editedPayload((m) => {
      const set = (m.get(3) as CborMap).get('read_file') as CborMap;
      set.set('allow_unknown', false);
    });
    expect(failure(() => decodePayload(explicitFalse)).message).toMatch(/allow_unknown/);
  });

  it('orders text-keyed maps bytewise on UTF-8, not by UTF-16 code units', () => {
    // U+FF5E (3 UTF-8 bytes, EF BD 9E) sorts before U+1F600 (F0 9F 98 80) in UTF-8; in UTF-16 the
    // surrogate D83D sorts before FF5E.
    const tools = { '\u{1F600}': { constraints: {}, allowUnknown: false }, '\uFF5E': { constraints: {}, allowUnknown: false } };
    const bytes = encodePayload(payloadWith({ tools }));
    expect([...((decode(bytes) as CborMap).get(3) as CborMap).keys()]).toEqual(['\uFF5E', '\u{1F600}']);
    expect(Object.keys(decodePayload(bytes).tools).sort()).toEqual(Object.keys(tools).sort());
  });

  it('keeps session and agent ids out of the extensions and checks their UTF-8', () => {
    expect(failure(() => encodePayload(payloadWith({ extensions: { 'tenuo.session_id': Uint8Array.of(1) } }))).message).toMatch(/reserved/);
    const badUtf8 = editedPayload((m) => {
      const depth = m.get(18)!;
      m.delete(18);
      m.set(10, new Map([['tenuo.session_id', [0xff, 0xfe]]]));
      m.set(18, depth);
    });
    expect(failure(() => decodePayload(badUtf8)).message).toMatch(/session_id.*UTF-8/);
    const bstrExt = editedPayload((m) => {
      const depth = m.get(18)!;
      m.delete(18);
      m.set(10, new Map([['x', Uint8Array.of(1, 2)]]));
      m.set(18, depth);
    });
    expect(failure(() => decodePayload(bstrExt)).message).toMatch(/extensions\.x.*array of byte values/);
    const bigByte = editedPayload((m) => {
      const depth = m.get(18)!;
      m.delete(18);
      m.set(10, new Map([['x', [1, 256]]]));
      m.set(18, depth);
    });
    expect(failure(() => decodePayload(bigByte)).message).toMatch(/extensions\.x\[1\]/);
  });
});

describe('constraint shapes', () => {
  const ok: Constraint[] = [
    { type: 'exact', value: { b: [1, new Float(2), 'x', null, true], a: -5n * 10n ** 18n } },
    { type: 'pattern', pattern: '/data/*' },
    { type: 'range', min: null, max: 1e6, minInclusive: false, maxInclusive: true },
    { type: 'range', min: -0.5, max: 1.1, minInclusive: true, maxInclusive: false },
    { type: 'one_of', values: ['a', 1, new Float(1)] },
    { type: 'regex', pattern: '^a+$' },
    { type: 'not_one_of', excluded: ['x'] },
    { type: 'cidr', network: '10.0.0.0/8' },
    { type: 'url_pattern', pattern: 'https://*.example.com/*' },
    { type: 'contains', required: ['a'] },
    { type: 'subset', allowed: ['a', 'b'] },
    { type: 'all', constraints: [{ type: 'wildcard' }, { type: 'pattern', pattern: '*' }] },
    { type: 'any', constraints: [] },
    { type: 'not', constraint: { type: 'exact', value: 'x' } },
    { type: 'cel', expression: 'value < 10' },
    { type: 'cel', expression: 'value < 5', parentExpression: 'value < 10' },
    { type: 'wildcard' },
    { type: 'subpath', root: '/data', caseSensitive: false, allowEqual: true },
    {
      type: 'url_safe',
      schemes: ['https'],
      allowDomains: ['*.example.com'],
      denyDomains: null,
      allowPorts: [443, 8443],
      blockPrivate: true,
      blockLoopback: true,
      blockMetadata: true,
      blockReserved: false,
      blockInternalTlds: true,
    },
    { type: 'shlex', allow: ['npm', 'git'] },
    { type: 'unknown', typeId: 200, payload: Uint8Array.of(1, 2, 3) },
    { type: 'unknown', typeId: 6, payload: new Uint8Array(0) },
  ];

  it('round-trips every constraint type through a payload, byte for byte', () => {
    for (const c of ok) {
      const p = payloadWith({ tools: { t: { constraints: { arg: c }, allowUnknown: true } } });
      const bytes = encodePayload(p);
      const back = decodePayload(bytes);
      expect(back.tools.t!.constraints.arg, c.type).toEqual(c);
      expect(back.tools.t!.allowUnknown).toBe(true);
      expect(toHex(encodePayload(back)), c.type).toBe(toHex(bytes));
    }
  });

  it('writes the reference shapes: bare strings, null wildcard, struct field order, floats for ranges', () => {
    expect(constraintToCbor({ type: 'cidr', network: '10.0.0.0/8' })).toEqual([8, '10.0.0.0/8']);
    expect(constraintToCbor({ type: 'url_pattern', pattern: 'https://a/*' })).toEqual([9, 'https://a/*']);
    expect(constraintToCbor({ type: 'wildcard' })).toEqual([16, null]);
    expect(toHex(encode(constraintToCbor({ type: 'range', min: 0, max: 100, minInclusive: true, maxInclusive: true })))).toBe(
      // [3, {"min": 0.0 (f90000), "max": 100.0 (f95640), "min_inclusive": true, "max_inclusive": true}]
      '8203a4636d696ef90000636d6178f956406d6d696e5f696e636c7573697665f56d6d61785f696e636c7573697665f5',
    );
    const subpath = constraintToCbor({ type: 'subpath', root: '/d', caseSensitive: true, allowEqual: false }) as [number, CborMap];
    expect([...subpath[1].keys()]).toEqual(['root', 'case_sensitive', 'allow_equal']);
    const cel = constraintToCbor({ type: 'cel', expression: 'true' }) as [number, CborMap];
    expect([...cel[1].keys()]).toEqual(['expression']);
    expect(constraintToCbor({ type: 'shlex', allow: ['ls'] })).toEqual([128, new Map([['allow', ['ls']]])]);
  });

  it('rejects wrong value shapes as malformed, naming the field', () => {
    const range = (min: CborValue) =>
      [
        3,
        struct([
          ['min', min],
          ['max', null],
          ['min_inclusive', true],
          ['max_inclusive', true],
        ]),
      ] as CborValue;
    const cases: [string, CborValue, RegExp][] = [
      ['range min as int', range(0), /range\)\.min: expected a float/],
      ['range min as NaN', range(new Float(NaN)), /min: NaN/],
      [
        'range missing field',
        [
          3,
          struct([
            ['min', null],
            ['max', null],
            ['min_inclusive', true],
          ]),
        ],
        /missing field "max_inclusive"/,
      ],
      [
        'range fields out of order',
        [
          3,
          struct([
            ['max', null],
            ['min', null],
            ['min_inclusive', true],
            ['max_inclusive', true],
          ]),
        ],
        /out of order/,
      ],
      [
        'subpath with extra field',
        [
          17,
          struct([
            ['root', '/'],
            ['case_sensitive', true],
            ['allow_equal', true],
            ['x', 1],
          ]),
        ],
        /unknown field "x"/,
      ],
      [
        'subpath root as int',
        [
          17,
          struct([
            ['root', 1],
            ['case_sensitive', true],
            ['allow_equal', true],
          ]),
        ],
        /subpath\)\.root: expected text/,
      ],
      ['cidr as a struct', [8, struct([['network', '10.0.0.0/8']])], /cidr\): expected text/],
      ['wildcard with a value', [16, true], /wildcard\): expected null/],
      ['pattern as text', [2, '/data/*'], /pattern\): expected a map/],
      ['exact value as bytes', [1, struct([['value', Uint8Array.of(1)]])], /value: byte strings/],
      ['one_of values as text', [4, struct([['values', 'a']])], /values: expected an array/],
      [
        'cel parent_expression null',
        [
          15,
          struct([
            ['expression', 'true'],
            ['parent_expression', null],
          ]),
        ],
        /parent_expression: expected text/,
      ],
      [
        'url_safe port 70000',
        [
          18,
          struct([
            ['schemes', []],
            ['allow_domains', null],
            ['deny_domains', null],
            ['allow_ports', [70000]],
            ['block_private', true],
            ['block_loopback', true],
            ['block_metadata', true],
            ['block_reserved', true],
            ['block_internal_tlds', false],
          ]),
        ],
        /allow_ports\[0\].*u16/,
      ],
      ['shlex allow entry as int', [128, struct([['allow', [1]]])], /allow\[0\]: expected text/],
      ['A.9.2: unknown shape under Shlex', [128, struct([['custom', 'data']])], /unknown field "custom"/],
      ['unknown id with a map value', [99, struct([['a', 1]])], /type 99 is not known and its value is not a byte string/],
      ['unknown id with no value', [99], /array of 2/],
      ['type id 256', [256, Uint8Array.of()], /0–255/],
      ['type id as text', ['exact', null], /type id/],
      ['constraint as a map', struct([['type', 1]]), /expected an array/],
      [
        'unsorted object value',
        [
          1,
          struct([
            [
              'value',
              struct([
                ['b', 1],
                ['a', 2],
              ]),
            ],
          ]),
        ],
        /"a" is out of order/,
      ],
      ['not without constraint', [14, struct([])], /missing field "constraint"/],
    ];
    for (const [name, c, reason] of cases) {
      const direct = failure(() => constraintFromCbor(c, 'c'));
      expect(direct.code, name).toBe('malformed');
      expect(direct.message, name).toMatch(reason);
      const inPayload = failure(() => decodePayload(withConstraint(c)));
      expect(inPayload.code, name).toBe('malformed');
      expect(inPayload.message, name).toContain('payload.tools.read_file.constraints.path');
    }
  });

  it('bounds All/Any/Not nesting at 32, and CBOR nesting at 64', () => {
    const nots = (n: number): CborValue => {
      let c: CborValue = [16, null];
      for (let i = 0; i < n; i++) c = [14, struct([['constraint', c]])];
      return c;
    };
    expect(constraintFromCbor(nots(32), 'c').type).toBe('not');
    expect(failure(() => constraintFromCbor(nots(33), 'c')).message).toMatch(/nesting deeper than 32/);
    const anys = (n: number): CborValue => {
      let c: CborValue = [16, null];
      for (let i = 0; i < n; i++) c = [13, struct([['constraints', [c]]])];
      return c;
    };
    expect(failure(() => constraintFromCbor(anys(33), 'c')).message).toMatch(/nesting deeper than 32/);
    // In a payload the CBOR depth limit (64) binds first: the payload map, tools, the constraint set
    // and its map take 4 levels and each Not 2 more, so 29 Nots fit and 30 do not.
    expect(decodePayload(withConstraint(nots(29))).tools.read_file!.constraints.path!.type).toBe('not');
    // Our encoder will not write 30 levels, so splice one more Not around the innermost wildcard.
    const notWildcard = toHex(encode([14, struct([['constraint', [16, null]]])]));
    const thirty = hex(toHex(withConstraint(nots(29))).replace('8210f6', notWildcard));
    expect(failure(() => decodePayload(thirty)).message).toMatch(/nesting deeper than 64/);
    let deep: Constraint = { type: 'wildcard' };
    for (let i = 0; i < 33; i++) deep = { type: 'not', constraint: deep };
    expect(failure(() => constraintToCbor(deep)).message).toMatch(/nesting deeper than 32/);
  });

  it('opaque unknown constraint ids round-trip through envelope bytes', () => {
    const c: Constraint = { type: 'unknown', typeId: 77, payload: Uint8Array.of(0xde, 0xad) };
    const bytes = withConstraint([77, Uint8Array.of(0xde, 0xad)]);
    expect(decodePayload(bytes).tools.read_file!.constraints.path).toEqual(c);
    const w: SignedWarrant = { payloadBytes: bytes, payload: decodePayload(bytes), signature: A1.signature };
    const back = decodeWarrant(encodeWarrant(w));
    expect(back.payload.tools.read_file!.constraints.path).toEqual(c);
    expect(toHex(encodePayload(back.payload))).toBe(toHex(bytes));
    expect(failure(() => constraintToCbor({ type: 'unknown', typeId: 16, payload: new Uint8Array() })).message).toMatch(/unassigned/);
  });
});

describe('limits and damaged input', () => {
  it('rejects a payload or envelope over 64 KiB and a stack over 256 KiB', () => {
    const big = payloadWith({
      tools: { t: { constraints: { a: { type: 'pattern', pattern: 'x'.repeat(70_000) } }, allowUnknown: false } },
    });
    expect(failure(() => encodePayload(big)).message).toMatch(/65536/);
    const bigPayload = withConstraint([2, struct([['pattern', 'x'.repeat(66_000)]])]);
    expect(failure(() => decodePayload(bigPayload)).message).toMatch(/limit is 65536/);
    expect(failure(() => decodeWarrant(encode([1, bigPayload, [1, A1.signature]]))).message).toMatch(/limit is 65536/);
    // A payload just under 64 KiB whose envelope is just over.
    const edge = withConstraint([2, struct([['pattern', 'x'.repeat(65_536 - 160)]])]);
    expect(edge.length).toBeLessThanOrEqual(65_536);
    const edgeEnvelope = encode([1, edge, [1, A1.signature]]);
    expect(edgeEnvelope.length).toBeGreaterThan(65_536);
    expect(failure(() => decodeWarrant(edgeEnvelope)).message).toMatch(/envelope is \d+ bytes/);

    const fat = withConstraint([2, struct([['pattern', 'x'.repeat(60_000)]])]);
    const fatW: SignedWarrant = { payloadBytes: fat, payload: decodePayload(fat), signature: A1.signature };
    expect(failure(() => encodeStack([fatW, fatW, fatW, fatW, fatW])).message).toMatch(/limit is 262144/);
    const raw = encode([fatW, fatW, fatW, fatW, fatW].map(() => [1, fat, [1, A1.signature]]));
    expect(failure(() => decodeStack(raw)).message).toMatch(/limit is 262144/);
  });

  it('bounds the stack count, refuses an empty stack and tells stacks from envelopes', () => {
    expect(failure(() => encodeStack(Array(66).fill(A1))).message).toMatch(/at most 65/);
    expect(decodeStack(encodeStack(Array(65).fill(A1)))).toHaveLength(65);
    expect(failure(() => decodeStack(encode(Array(66).fill([1, A1_PAYLOAD, [1, A1.signature]])))).message).toMatch(/at most 65/);
    expect(failure(() => decodeStack(encode([]))).message).toMatch(/empty/);
    expect(failure(() => decodeStack(A1_ENVELOPE)).message).toMatch(/single SignedWarrant/);
    expect(failure(() => decodeWarrant(encodeStack([A1]))).message).toMatch(/WarrantStack/);
    expect(failure(() => decodeStack(encode([[1, A1_PAYLOAD, [1, A1.signature]], 5]))).message).toMatch(/stack\[1\]/);
  });

  it('rejects every truncation and trailing bytes, as WarrantErrors', () => {
    for (let n = 0; n < A1_ENVELOPE.length; n++) {
      expect(failure(() => decodeWarrant(A1_ENVELOPE.subarray(0, n))).code, `prefix ${n}`).toBe('malformed');
    }
    for (let n = 0; n < A1_PAYLOAD.length; n++) {
      expect(failure(() => decodePayload(A1_PAYLOAD.subarray(0, n))).code, `payload prefix ${n}`).toBe('malformed');
    }
    const trailing = new Uint8Array([...A1_ENVELOPE, 0x00]);
    expect(failure(() => decodeWarrant(trailing)).message).toMatch(/trailing/);
    expect(failure(() => decodePayload(new Uint8Array([...A1_PAYLOAD, 0xf6]))).message).toMatch(/trailing/);
  });

  it('never throws anything but a WarrantError on single-bit flips of a valid envelope', () => {
    let rejected = 0;
    let accepted = 0;
    for (let i = 0; i < A1_ENVELOPE.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const mutated = A1_ENVELOPE.slice();
        mutated[i]! ^= 1 << bit;
        // The payload is decoded on first access (verify before deserialize): read it to decode it all.
        const f = failure(() => decodeWarrant(mutated).payload);
        if (f.code === 'no error') accepted++;
        else rejected++;
      }
    }
    // Flips inside ids, keys, strings or the signature still decode (the signature check is the
    // verifier's); flips in the structure do not.
    expect(rejected).toBeGreaterThan(100);
    expect(accepted).toBeGreaterThan(100);
    expect(rejected + accepted).toBe(A1_ENVELOPE.length * 8);
  });

  it('refuses to encode a model that breaks the rules, with a WarrantError', () => {
    expect(failure(() => encodePayload(payloadWith({ id: new Uint8Array(15) }))).message).toMatch(/16 bytes/);
    expect(failure(() => encodePayload(payloadWith({ holder: new Uint8Array(33) }))).message).toMatch(/holder/);
    expect(failure(() => encodePayload(payloadWith({ parentHash: new Uint8Array(31) }))).message).toMatch(/parent_hash/);
    expect(failure(() => encodePayload(payloadWith({ version: 2 }))).message).toMatch(/version/);
    expect(failure(() => encodeWarrant({ ...A1, signature: new Uint8Array(65) })).message).toMatch(/64 bytes/);
    const bad = payloadWith({ tools: { t: { constraints: { a: { type: 'exact', value: 2n ** 64n } }, allowUnknown: false } } });
    expect(failure(() => encodePayload(bad)).message).toMatch(/i64/);
  });
});
