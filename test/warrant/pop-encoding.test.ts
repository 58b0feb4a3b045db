/**
 * The PoP challenge is exactly encode([id, tool, sorted canonical pairs, window]) for any
 * arguments, any id and tool text and any time, and every window a verifier tries carries exactly
 * those bytes (a PoP made at a window boundary verifies from the neighbouring windows, across
 * every change of the window integer's head width).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareUtf8, toHex } from '../../src/lib/bytes.js';
import { encode, Float, type CborValue } from '../../src/warrant/cbor/index.js';
import { popSigningMessage } from '../../src/warrant/crypto/domain.js';
import { WarrantError } from '../../src/warrant/errors.js';
import { SigningKey } from '../../src/warrant/keys.js';
import { canonicalArgs, popChallenge, popWindow, signPop, verifyPop } from '../../src/warrant/pop.js';
import { valueToCbor, type Args, type Value } from '../../src/warrant/constraint-value.js';

/** The challenge by its definition. */
function reference(id: string, tool: string, args: Args, now: number): string {
  const canonical = canonicalArgs(args);
  const pairs: CborValue[] = Object.keys(canonical)
    .sort(compareUtf8)
    .map((k) => [k, valueToCbor(canonical[k]!)]);
  return toHex(encode([id, tool, pairs, popWindow(now)]));
}

// Strings of any UTF-16 code units, lone surrogates included.
const text = fc.string({ unit: 'binary', maxLength: 40 });
const scalar: fc.Arbitrary<Value> = fc.oneof(
  text,
  fc.integer(),
  fc.constantFrom(0, 23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, -24, -25, -(2 ** 32), -(2 ** 32) - 1),
  fc.maxSafeInteger(),
  fc.boolean(),
  fc.constant(null),
);
const fastValue: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('v'), { maxLength: 4 })),
})).v;
// Floats, bigints, objects (maps), nested anywhere.
const anyValue: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.double().map((x) => new Float(x)),
    fc.double({ noNaN: true }).filter((x) => !Number.isInteger(x)),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(text, tie('v'), { maxKeys: 3 }),
  ),
})).v;
const times = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  fc.maxSafeInteger().filter((n) => Math.abs(n) <= 2 ** 52),
  fc.double({ min: -(2 ** 52), max: 2 ** 52, noNaN: true }),
);

describe('PoP challenge bytes = the codec over [id, tool, args, window]', () => {
  it('for text, integers, booleans, null and lists', () => {
    fc.assert(
      fc.property(text, text, fc.dictionary(text, fastValue, { maxKeys: 5 }), times, (id, tool, args, now) => {
        expect(toHex(popChallenge(id, tool, args, now))).toBe(reference(id, tool, args, now));
      }),
      { numRuns: 400 },
    );
  });

  it('for flat arguments and lists with nulls or holes (canonicalization drops those)', () => {
    const flatScalar = fc.oneof(text, fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -0, 23, 24, -24, -25, 2 ** 32), fc.boolean());
    // Lists, some with a null or a hole (not flat: canonicalization drops those).
    const list = fc.array(flatScalar, { maxLength: 30 });
    const holey = list.map((l) => {
      const out = [...l, 'x'];
      delete out[0];
      return out as Value[];
    });
    const withNull = list.map((l) => [null, ...l]);
    const flatValue = fc.oneof(flatScalar, list, holey, withNull);
    fc.assert(
      fc.property(text, text, fc.dictionary(text, flatValue, { maxKeys: 8 }), times, (id, tool, args, now) => {
        expect(toHex(popChallenge(id, tool, args, now))).toBe(reference(id, tool, args, now));
      }),
      { numRuns: 400 },
    );
  });

  it('for long text, ASCII or not (a file content, a mail body)', () => {
    const long = fc.oneof(
      fc.string({ unit: 'binary-ascii', minLength: 20, maxLength: 400 }),
      fc.string({ unit: 'binary', minLength: 20, maxLength: 400 }),
    );
    const value = fc.oneof(long, fc.array(long, { maxLength: 3 }));
    fc.assert(
      fc.property(long, fc.dictionary(long, value, { maxKeys: 4 }), times, (tool, args, now) => {
        expect(toHex(popChallenge('tnu_wrt_0', tool, args, now))).toBe(reference('tnu_wrt_0', tool, args, now));
      }),
      { numRuns: 300 },
    );
  });

  it('for arguments with floats, bigints and objects', () => {
    fc.assert(
      fc.property(text, text, fc.dictionary(text, anyValue, { maxKeys: 4 }), times, (id, tool, args, now) => {
        expect(toHex(popChallenge(id, tool, args, now))).toBe(reference(id, tool, args, now));
      }),
      { numRuns: 300 },
    );
  });

  it('signPop signs popSigningMessage(popChallenge(hex id, ...)) exactly', () => {
    const key = SigningKey.fromSeed(new Uint8Array(32).fill(7));
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        text,
        fc.dictionary(text, anyValue, { maxKeys: 3 }),
        times,
        (id, tool, args, now) => {
          const expected = key.sign(popSigningMessage(popChallenge(toHex(id), tool, args, now)));
          expect(toHex(signPop(key, id, tool, args, now))).toBe(toHex(expected));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('every window the verifier tries carries the right integer', () => {
  const key = SigningKey.fromSeed(new Uint8Array(32).fill(9));
  const id = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
  const args: Args = { path: '/app/config/auth.yml', n: [1, null, 'x'] };
  // Windows whose neighbours need a different head width (1, 2, 3, 5, 9 bytes), both signs.
  const edges = [0, 23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 52 - 200];
  const nows = [...new Set(edges.flatMap((e) => [e, -e - 1]).map((e) => popWindow(e)))];

  it.each(nows)('a PoP made in window %d verifies from 2 windows either side, not 3', (made) => {
    const sig = signPop(key, id, 'read_file', args, made);
    for (const k of [-2, -1, 0, 1, 2]) {
      expect(verifyPop(key.publicKey, id, 'read_file', args, sig, made + 30 * k), `offset ${k}`).toBe(true);
    }
    expect(verifyPop(key.publicKey, id, 'read_file', args, sig, made + 90)).toBe(false);
    expect(verifyPop(key.publicKey, id, 'read_file', args, sig, made - 90)).toBe(false);
    // And the bytes it verified are the codec's for each neighbouring window.
    for (const k of [-2, -1, 1, 2]) {
      const w = made + 30 * k;
      expect(toHex(popChallenge(toHex(id), 'read_file', args, w))).toBe(reference(toHex(id), 'read_file', args, w));
    }
  });
});

describe('hostile ids and tools still fail closed', () => {
  it('signPop throws a coded error; verifyPop says false', () => {
    const key = SigningKey.fromSeed(new Uint8Array(32).fill(3));
    const sig = new Uint8Array(64);
    for (const [id, tool] of [
      [new Uint8Array(15), 't'],
      [new Uint8Array(17), 't'],
      ['0123456789abcdef0123456789abcdef', 't'],
      [new Uint8Array(16), 5],
    ] as const) {
      expect(() => signPop(key, id as Uint8Array, tool as string, {}, 0)).toThrow(WarrantError);
      expect(verifyPop(key.publicKey, id as Uint8Array, tool as string, {}, sig, 0)).toBe(false);
    }
    expect(() => popChallenge(7 as unknown as string, 't', {}, 0)).toThrow(WarrantError);
    expect(() => popChallenge('x', null as unknown as string, {}, 0)).toThrow(WarrantError);
  });
});
