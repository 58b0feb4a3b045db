/**
 * The encoder reuses one scratch writer (src/warrant/cbor/encode.ts) and the decoder reads short
 * ASCII text without TextDecoder (decode.ts): every result must still be a buffer of its own,
 * a failed encode must leave nothing behind for the next one, and text at and past the ASCII
 * path's bounds (length, a non-ASCII or invalid byte) must decode as before or be refused.
 */
import { describe, expect, it } from 'vitest';
import { decode, encode } from '../../src/warrant/cbor/index.js';
import { toolGrantsFromCbor, toolGrantsToCbor } from '../../src/warrant/constraints/wire.js';
import { MAX_TOOL_NAME_BYTES } from '../../src/warrant/constraints/wire.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('encode with a reused writer', () => {
  it('gives each result a buffer of its own', () => {
    const first = encode(['abc', 1]);
    const copy = hex(first);
    const second = encode(['xyz', 2, 'a longer text than the first one']);
    expect(hex(first)).toBe(copy);
    expect(first.buffer).not.toBe(second.buffer);
    expect(hex(encode(['abc', 1]))).toBe(copy);
  });

  it('starts afresh after an encode that failed half way', () => {
    const expected = hex(encode(['a', 'b']));
    expect(() => encode(['written first', (2 ** 60) as unknown as number])).toThrow(/not a safe integer/);
    expect(hex(encode(['a', 'b']))).toBe(expected);
  });

  it('encodes values larger than the kept scratch, and small ones after them', () => {
    const big = 'x'.repeat(200_000);
    const bytes = encode([big, big]);
    expect(bytes.length).toBe(2 * (5 + 200_000) + 1);
    expect(decode(bytes, { maxBytes: 1 << 20, maxDepth: 4 })).toEqual([big, big]);
    expect(hex(encode('a'))).toBe('6161');
  });
});

describe('decode of text around the ASCII path', () => {
  const text = (s: string): Uint8Array => encode(s);
  it('reads ASCII at and past its length bound, and non-ASCII anywhere', () => {
    for (const n of [0, 1, 63, 64, 65, 300]) {
      const ascii = 'a\u0000~'.repeat(n).slice(0, n);
      expect(decode(text(ascii))).toBe(ascii);
      const tail = `${'b'.repeat(Math.max(0, n - 1))}é`;
      expect(decode(text(tail))).toBe(tail);
    }
  });

  it('refuses invalid UTF-8 in a short text, whatever its ASCII prefix', () => {
    for (const bytes of [
      [0x61, 0xff],
      [0x61, 0x62, 0xc3],
      [0xc3, 0x28],
    ]) {
      expect(() => decode(Uint8Array.from([0x60 | bytes.length, ...bytes]))).toThrow(/invalid UTF-8/);
    }
  });
});

describe('the tool name limit, counted in UTF-8 bytes', () => {
  const grants = (name: string) => ({ [name]: { constraints: {}, allowUnknown: false } });
  it('holds at the bound for one-, two- and three-byte characters', () => {
    for (const [ch, bytes] of [
      ['a', 1],
      ['é', 2],
      ['€', 3],
    ] as const) {
      const fits = ch.repeat(Math.floor(MAX_TOOL_NAME_BYTES / bytes));
      const over = ch.repeat(Math.floor(MAX_TOOL_NAME_BYTES / bytes) + 1);
      expect(Object.keys(toolGrantsFromCbor(toolGrantsToCbor(grants(fits)), 'tools'))).toEqual([fits]);
      expect(() => toolGrantsToCbor(grants(over))).toThrow(/longer than 256 bytes/);
    }
  });
});
