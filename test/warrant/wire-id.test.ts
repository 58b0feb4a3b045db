/** UUIDv7 warrant ids from an injected clock and randomness; display and hex forms. */
import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/lib/bytes.js';
import { isWarrantError } from '../../src/warrant/errors.js';
import { newWarrantId, parseWarrantId, warrantIdHex, warrantIdString } from '../../src/warrant/id.js';
import vectors from '../fixtures/tenuo-test-vectors.json' with { type: 'json' };

const fixedRandom = (bytes: number[]) => (n: number) => {
  expect(n).toBe(10);
  return Uint8Array.from(bytes);
};

function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (!isWarrantError(e)) throw e;
    return e.code;
  }
  return 'no error';
}

describe('warrant ids', () => {
  it("reproduces A.1's id from its timestamp and random bits", () => {
    // A.1's id 019471f8-0000-7000-8000-000000000001: unix ms 0x019471f80000, version 7, variant 10,
    // random bits all zero but the last.
    const ms = 0x019471f80000;
    const id = newWarrantId(() => ms / 1000, fixedRandom([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]));
    const a1 = vectors.vectors.find((v) => v.id === 'A.1')!.warrants![0]!;
    expect(warrantIdString(id)).toBe(a1.warrant_id);
    expect(warrantIdHex(id)).toBe(a1.warrant_id_hex);
  });

  it('puts truncated clock milliseconds big-endian in the first 48 bits, then version and variant', () => {
    const seconds = 1704067200.9876;
    const id = newWarrantId(() => seconds, fixedRandom([0xff, 0xab, 0xff, 1, 2, 3, 4, 5, 6, 7]));
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, BigInt(Math.floor(seconds * 1000)));
    expect(toHex(id.subarray(0, 6))).toBe(toHex(new Uint8Array(view.buffer).subarray(2)));
    expect(id[6]! >> 4).toBe(7); // version
    expect(id[6]! & 0x0f).toBe(0x0f); // rand_a from random[0]
    expect(id[7]).toBe(0xab);
    expect(id[8]! >> 6).toBe(0b10); // variant
    expect(id[8]! & 0x3f).toBe(0x3f);
    expect([...id.subarray(9)]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Same clock, same randomness: same id (reproducible runs).
    expect(newWarrantId(() => seconds, fixedRandom([0xff, 0xab, 0xff, 1, 2, 3, 4, 5, 6, 7]))).toEqual(id);
  });

  it('refuses a clock or random source it cannot use', () => {
    const r = () => new Uint8Array(10);
    expect(code(() => newWarrantId(() => NaN, r))).toBe('malformed');
    expect(code(() => newWarrantId(() => -1, r))).toBe('malformed');
    expect(code(() => newWarrantId(() => 2 ** 48, r))).toBe('malformed');
    expect(
      code(() =>
        newWarrantId(
          () => 1,
          () => new Uint8Array(9),
        ),
      ),
    ).toBe('malformed');
  });

  it('formats and parses the display (tnu_wrt_) and bare hex forms', () => {
    const id = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    const display = warrantIdString(id);
    expect(display).toBe('tnu_wrt_00112233445566778899aabbccddeeff');
    expect(warrantIdHex(id)).toBe('00112233445566778899aabbccddeeff');
    expect(parseWarrantId(display)).toEqual(id);
    expect(parseWarrantId(warrantIdHex(id))).toEqual(id);
    expect(parseWarrantId(display.toUpperCase().replace('TNU_WRT_', 'tnu_wrt_'))).toEqual(id);
    for (const bad of [
      '',
      'tnu_wrt_',
      'tnu_wrt_0011',
      `${display}00`,
      'tnu_wrt_0011223344556677889gaabbccddeeff',
      'TNU_WRT_00112233445566778899aabbccddeeff',
    ]) {
      expect(
        code(() => parseWarrantId(bad)),
        bad,
      ).toBe('malformed');
    }
    expect(code(() => warrantIdString(new Uint8Array(15)))).toBe('malformed');
  });
});
