import { describe, expect, it } from 'vitest';
import { decode, encode, encodeFloat, Float, type CborValue } from '../../src/warrant/cbor/index.js';
import { fromHex, toHex } from '../../src/lib/bytes.js';
import vectors from '../fixtures/tenuo-test-vectors.json' with { type: 'json' };

const hex = (s: string) => fromHex(s)!;
const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return 'no error';
};

describe('CBOR codec', () => {
  it('re-encodes every payload and envelope in the official vectors byte for byte', () => {
    let count = 0;
    for (const v of vectors.vectors) {
      for (const w of (v as { warrants?: { payload_cbor: string; envelope_cbor?: string }[] }).warrants ?? []) {
        for (const h of [w.payload_cbor, w.envelope_cbor]) {
          if (!h) continue;
          expect(toHex(encode(decode(hex(h))))).toBe(h);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThanOrEqual(44);
  });

  it('writes floats in the shortest exact width', () => {
    expect(toHex(encodeFloat(0))).toBe('f90000');
    expect(toHex(encodeFloat(100))).toBe('f95640');
    expect(toHex(encodeFloat(0.5))).toBe('f93800');
    expect(toHex(encodeFloat(-0))).toBe('f98000');
    expect(toHex(encodeFloat(1e6))).toBe('fa49742400');
    expect(toHex(encodeFloat(0.1))).toBe('fb3fb999999999999a');
    expect(toHex(encodeFloat(5.960464477539063e-8))).toBe('f90001'); // smallest half subnormal
    expect(toHex(encodeFloat(Infinity))).toBe('f97c00');
    expect(toHex(encodeFloat(NaN))).toBe('f97e00');
    for (const x of [0.5, 1.5, 65504, 1e-7, 3.4028234663852886e38, 123456.789, -2.5]) {
      const back = decode(encode(new Float(x)));
      expect(back).toBeInstanceOf(Float);
      expect((back as Float).value).toBe(x);
    }
  });

  it('keeps int and float apart and carries integers beyond 2^53 as bigint', () => {
    expect(toHex(encode(0))).toBe('00');
    expect(toHex(encode(new Float(0)))).toBe('f90000');
    expect(toHex(encode(2n ** 64n - 1n))).toBe('1bffffffffffffffff');
    expect(decode(hex('1bffffffffffffffff'))).toBe(2n ** 64n - 1n);
    expect(decode(hex('3bffffffffffffffff'))).toBe(-(2n ** 64n));
    expect(decode(hex('1b001fffffffffffff'))).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => encode(0.5)).toThrow(/Float/);
  });

  it('keeps map insertion order (callers sort)', () => {
    const m = new Map<CborValue, CborValue>([
      ['b', 1],
      ['a', 2],
    ]);
    expect(toHex(encode(m))).toBe('a2616201616102');
  });

  it.each([
    ['trailing bytes', '0000'],
    ['indefinite array', '9f00ff'],
    ['indefinite text', '7f6161ff'],
    ['non-minimal head (uint8 for 1)', '1801'],
    ['non-minimal head (uint16 for 255)', '1900ff'],
    ['non-minimal length', '5800'],
    ['duplicate map keys', 'a2000100 02'.replace(' ', '')],
    ['tag', 'c11a65920080'],
    ['undefined', 'f7'],
    ['simple value', 'f0'],
    ['reserved info', '1c'],
    ['break outside indefinite', 'ff'],
    ['truncated', '1a0000'],
    ['length beyond input', '5bffffffffffffffff'],
    ['invalid UTF-8', '62c328'],
    ['empty input', ''],
  ])('rejects %s as malformed', (_what, h) => {
    expect(code(() => decode(hex(h)))).toBe('malformed');
  });

  it('bounds nesting and size', () => {
    const nested = (n: number) => hex('81'.repeat(n) + '00');
    expect(() => decode(nested(64))).not.toThrow();
    expect(code(() => decode(nested(65)))).toBe('malformed');
    expect(code(() => decode(new Uint8Array(70_000).fill(0x00), { maxBytes: 65_536, maxDepth: 64 }))).toBe('malformed');
  });
});
