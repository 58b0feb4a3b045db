/**
 * The pre-verification skim (payload-key.ts): it returns exactly the issuer (key 5) / holder (key 4)
 * the full decoder would, refuses every framing the strict CBOR decoder refuses (so it is no weaker
 * a gate in front of the signature check), and ignores what only the full decode judges (unknown or
 * out-of-order keys), which runs after the signature.
 */
import { describe, expect, it } from 'vitest';
import { decode, encode, type CborValue } from '../../src/warrant/cbor/index.js';
import { decodePayload } from '../../src/warrant/envelope.js';
import { WarrantError } from '../../src/warrant/errors.js';
import { payloadHolder, payloadIssuer } from '../../src/warrant/payload-key.js';
import { MAX_CBOR_DEPTH, MAX_WARRANT_BYTES } from '../../src/warrant/payload.js';
import { hex, VECTORS, type VectorWarrant } from './chain-fixtures.js';

const ALL: VectorWarrant[] = VECTORS.vectors.flatMap((v) => v.warrants ?? []);
const A1 = hex(ALL[0]!.payload_cbor);
const A1_MAP = decode(A1) as Map<CborValue, CborValue>;
const ISSUER = decodePayload(A1).issuer;

function failure(f: () => unknown): WarrantError {
  try {
    f();
  } catch (e) {
    if (e instanceof WarrantError) return e;
    throw e;
  }
  throw new Error('expected a WarrantError');
}

/** A1's map with `changes` applied (undefined deletes), keys in the given order. */
function mapWith(changes: [number, CborValue | undefined][], order?: number[]): Uint8Array {
  const m = new Map(A1_MAP);
  for (const [k, v] of changes) {
    if (v === undefined) m.delete(k);
    else m.set(k, v);
  }
  if (order === undefined) return encode(m);
  const sorted = new Map<CborValue, CborValue>();
  for (const k of order) if (m.has(k)) sorted.set(k, m.get(k)!);
  for (const [k, v] of m) if (!sorted.has(k)) sorted.set(k, v);
  return encode(sorted);
}

/** Replaces the encoded value of key 3 (tools) with raw bytes, to put any item inside a skipped value. */
function withRawTools(raw: Uint8Array): Uint8Array {
  const marker = 'f00dfeedf00dfeed';
  const bytes = encode(new Map([...A1_MAP].map(([k, v]) => [k, k === 3 ? hex(marker) : v])));
  const at = Buffer.from(bytes).indexOf(Buffer.from(hex(marker))) - 1; // the 0x48 head of the bstr(8)
  return Uint8Array.from([...bytes.subarray(0, at), ...raw, ...bytes.subarray(at + 9)]);
}

describe('payloadIssuer / payloadHolder', () => {
  it('returns the issuer and holder the full decoder reads, for every vector warrant', () => {
    expect(ALL.length).toBeGreaterThan(20);
    for (const w of ALL) {
      const bytes = hex(w.payload_cbor);
      const full = decodePayload(bytes);
      expect(payloadIssuer(bytes), w.label).toEqual(full.issuer);
      expect(payloadHolder(bytes), w.label).toEqual(full.holder);
    }
  });

  it('returns a copy, not a view of the input', () => {
    const bytes = A1.slice();
    const key = payloadIssuer(bytes);
    bytes.fill(0);
    expect(key).toEqual(ISSUER);
  });

  it('leaves unknown and out-of-order keys to the full decode that follows the signature', () => {
    const withTwelve = mapWith([[12, 7]]);
    expect(payloadIssuer(withTwelve)).toEqual(ISSUER);
    expect(failure(() => decodePayload(withTwelve)).code).toBe('unknown_field');
    const shuffled = mapWith([], [18, 5, 0]);
    expect(payloadIssuer(shuffled)).toEqual(ISSUER);
    expect(failure(() => decodePayload(shuffled)).message).toMatch(/out of order/);
  });

  it('refuses a payload without a usable key 5, naming the field', () => {
    const cases: [Uint8Array, RegExp][] = [
      [mapWith([[5, undefined]]), /missing field 5 \(issuer\)/],
      [mapWith([[5, [2, new Uint8Array(32)]]]), /payload\.issuer: unsupported key algorithm/],
      [mapWith([[5, [1, new Uint8Array(31)]]]), /payload\.issuer\[1\]: expected 32 bytes, got 31/],
      [mapWith([[5, [1, 'x'.repeat(32)]]]), /payload\.issuer\[1\]: expected a byte string/],
      [mapWith([[5, [1, new Uint8Array(32), 0]]]), /payload\.issuer: expected a public key/],
      [mapWith([[5, new Uint8Array(32)]]), /payload\.issuer: expected a public key/],
      [encode([1, 2]), /a WarrantPayload is a CBOR map/],
    ];
    for (const [bytes, reason] of cases) {
      const f = failure(() => payloadIssuer(bytes));
      expect(f.code).toBe('malformed');
      expect(f.message).toMatch(reason);
    }
    expect(failure(() => payloadHolder(mapWith([[4, undefined]]))).message).toMatch(/missing field 4 \(holder\)/);
  });

  it('refuses key 5 twice (the full decoder refuses duplicate keys too)', () => {
    // A1 with one more entry (5 → the same key): bump the map head by one and append the entry.
    const extra = encode(new Map<CborValue, CborValue>([[5, [1, ISSUER]]])).subarray(1);
    const bytes = Uint8Array.from([A1[0]! + 1, ...A1.subarray(1), ...extra]);
    expect(failure(() => payloadIssuer(bytes)).message).toMatch(/duplicate field 5/);
    expect(failure(() => decode(bytes)).message).toMatch(/duplicate map key/);
  });

  it('refuses every framing the strict decoder refuses, even inside values it skips', () => {
    const bad: [string, Uint8Array][] = [
      ['empty', new Uint8Array(0)],
      ['indefinite-length map', Uint8Array.from([0xbf, ...A1.subarray(1), 0xff])],
      ['trailing byte', Uint8Array.from([...A1, 0x00])],
      ['tag in a skipped value', withRawTools(Uint8Array.of(0xc1, 0x00))],
      ['indefinite array in a skipped value', withRawTools(Uint8Array.of(0x9f, 0xff))],
      ['non-minimal head in a skipped value', withRawTools(Uint8Array.of(0x18, 0x05))],
      ['non-minimal 8-byte head', withRawTools(Uint8Array.of(0x1b, 0, 0, 0, 0, 0, 0, 1, 0))],
      ['undefined (simple 23)', withRawTools(Uint8Array.of(0xf7))],
      ['simple value in a byte', withRawTools(Uint8Array.of(0xf8, 0x20))],
      ['stray break', withRawTools(Uint8Array.of(0xff))],
      ['reserved additional info', withRawTools(Uint8Array.of(0x1c))],
      ['length beyond the input', withRawTools(Uint8Array.of(0x5a, 0x00, 0x01, 0x00, 0x00))],
      ['array count beyond the input', withRawTools(Uint8Array.of(0x9a, 0x7f, 0xff, 0xff, 0xff))],
    ];
    for (const [name, bytes] of bad) {
      const f = failure(() => payloadIssuer(bytes));
      expect(f.code, name).toBe('malformed');
      expect(() => decode(bytes), name).toThrow(WarrantError);
    }
    // The same slot holding well-formed items is skipped without complaint.
    for (const raw of [
      Uint8Array.of(0xf9, 0x3e, 0x00),
      Uint8Array.of(0xfb, 1, 2, 3, 4, 5, 6, 7, 8),
      Uint8Array.of(0xf6),
      Uint8Array.of(0x3b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
    ]) {
      expect(payloadIssuer(withRawTools(raw))).toEqual(ISSUER);
    }
  });

  it('allows nesting to exactly the decoder limit of 64 and refuses one level more', () => {
    // The payload map is level 1; a skipped value nested n arrays deep reaches level n + 1.
    const nested = (n: number) => Uint8Array.from([...Array<number>(n).fill(0x81), 0x00]);
    const ok = withRawTools(nested(MAX_CBOR_DEPTH - 1));
    expect(payloadIssuer(ok)).toEqual(ISSUER);
    expect(() => decode(ok, { maxBytes: MAX_WARRANT_BYTES, maxDepth: MAX_CBOR_DEPTH })).not.toThrow();
    const deep = withRawTools(nested(MAX_CBOR_DEPTH));
    expect(failure(() => payloadIssuer(deep)).message).toMatch(/nesting deeper than 64/);
    expect(() => decode(deep, { maxBytes: MAX_WARRANT_BYTES, maxDepth: MAX_CBOR_DEPTH })).toThrow(/nesting deeper/);
  });

  it('refuses more than 64 KiB before reading anything', () => {
    const big = new Uint8Array(MAX_WARRANT_BYTES + 1);
    big.set(A1);
    expect(failure(() => payloadIssuer(big)).message).toMatch(/limit is 65536/);
  });

  it('every truncation of a payload is malformed', () => {
    for (let n = 0; n < A1.length; n++) {
      expect(failure(() => payloadIssuer(A1.subarray(0, n))).code, `prefix ${n}`).toBe('malformed');
    }
  });

  it('on every single-bit flip: a WarrantError or the issuer the full decode would also give', () => {
    let agreed = 0;
    for (let i = 0; i < A1.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const mutated = A1.slice();
        mutated[i]! ^= 1 << bit;
        let skimmed: Uint8Array | WarrantError;
        try {
          skimmed = payloadIssuer(mutated);
        } catch (e) {
          if (!(e instanceof WarrantError)) throw e;
          skimmed = e;
        }
        let full: Uint8Array | undefined;
        try {
          full = decodePayload(mutated).issuer;
        } catch (e) {
          if (!(e instanceof WarrantError)) throw e;
        }
        if (full !== undefined) {
          // Whatever the full decoder accepts, the skim read the same issuer from it.
          expect(skimmed, `byte ${i} bit ${bit}`).toEqual(full);
          agreed++;
        }
      }
    }
    expect(agreed).toBeGreaterThan(100);
  });
});
