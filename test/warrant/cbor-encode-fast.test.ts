/**
 * The encoder writes heads in place and ASCII text inline; these tests hold it to the plain
 * definition it replaced (TextEncoder for every string, a temporary array per head) on random
 * values: text of any UTF-16 units (lone surrogates included), ints at every head width, nesting.
 * The decoder reads heads byte by byte and tells duplicate text keys by their strings: it must
 * read those bytes back, and still refuse a repeated key of any type.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, encode, type CborValue } from '../../src/warrant/cbor/index.js';

function head(out: number[], major: number, arg: number): void {
  const m = major << 5;
  if (arg < 24) out.push(m | arg);
  else if (arg <= 0xff) out.push(m | 24, arg);
  else if (arg <= 0xffff) out.push(m | 25, arg >> 8, arg & 0xff);
  else out.push(m | 26, (arg >>> 24) & 0xff, (arg >>> 16) & 0xff, (arg >>> 8) & 0xff, arg & 0xff);
}

/** The definition, for the values generated below (text, uint32 ints, arrays, text-keyed maps). */
function reference(v: CborValue, out: number[] = []): number[] {
  if (typeof v === 'string') {
    const b = new TextEncoder().encode(v);
    head(out, 3, b.length);
    out.push(...b);
  } else if (typeof v === 'number') {
    if (v >= 0) head(out, 0, v);
    else head(out, 1, -1 - v);
  } else if (Array.isArray(v)) {
    head(out, 4, v.length);
    for (const x of v) reference(x, out);
  } else if (v instanceof Map) {
    head(out, 5, v.size);
    for (const [k, x] of v) {
      reference(k, out);
      reference(x, out);
    }
  }
  return out;
}

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 400 }),
  fc.string({ unit: 'binary', minLength: 250, maxLength: 300 }),
);
const int = fc.oneof(
  fc.integer({ min: -(2 ** 32), max: 2 ** 32 - 1 }),
  fc.constantFrom(0, 23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, -1, -24, -25, -256, -257, -(2 ** 32)),
);
const value: fc.Arbitrary<CborValue> = fc.letrec<{ v: CborValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    text,
    int,
    fc.array(tie('v'), { maxLength: 30 }),
    fc.array(fc.tuple(text, tie('v')), { maxLength: 4 }).map((e) => new Map(e)),
  ),
})).v;

describe('encode = the plain definition', () => {
  it('for text, ints at every head width, arrays and maps', () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(Array.from(encode(v))).toEqual(reference(v));
      }),
      { numRuns: 500 },
    );
  });
});

describe('decode reads the definition back', () => {
  it('for the same values (text without lone surrogates, which UTF-8 cannot carry)', () => {
    const wellFormed = (v: CborValue): boolean =>
      typeof v === 'string'
        ? !/[\uD800-\uDFFF]/.test(v.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))
        : Array.isArray(v)
          ? v.every(wellFormed)
          : v instanceof Map
            ? [...v].every(([k, x]) => wellFormed(k) && wellFormed(x) && new Set([...v.keys()]).size === v.size)
            : true;
    fc.assert(
      fc.property(value.filter(wellFormed), (v) => {
        expect(decode(Uint8Array.from(reference(v)), { maxBytes: 1 << 20, maxDepth: 64 })).toEqual(v);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a repeated map key, text or not', () => {
    const dup = (k: CborValue) => [0xa2, ...reference(k), 0x01, ...reference(k), 0x02];
    for (const k of ['a', '', 'é', 0, 24, -1, 300, ['x'], new Map([['k', 1]])] as CborValue[]) {
      expect(() => decode(Uint8Array.from(dup(k))), JSON.stringify(k)).toThrow(/duplicate map key/);
    }
    // The same text and a different key type with the same content bytes are different keys.
    expect((decode(Uint8Array.from([0xa2, 0x61, 0x61, 0x01, 0x41, 0x61, 0x02])) as Map<CborValue, CborValue>).size).toBe(2);
  });
});
