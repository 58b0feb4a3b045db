/**
 * Proof-of-possession: the 11 runtime cases of the reference's pop_canonical.json byte for byte,
 * the A.6 / A.20.1 vectors, window arithmetic at its boundaries, and binding to id, tool, args.
 */
import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/tenuo-test-vectors.json' with { type: 'json' };
import { decode, Float, type CborValue } from '../../src/warrant/cbor/index.js';
import { concatBytes, fromHex, toHex, utf8 } from '../../src/lib/bytes.js';
import { popSigningMessage } from '../../src/warrant/crypto/domain.js';
import { nobleEd25519 } from '../../src/warrant/crypto/ed25519-noble.js';
import { nodeEd25519 } from '../../src/warrant/crypto/ed25519-node.js';
import { SigningKey, verifySignature } from '../../src/warrant/keys.js';
import { canonicalArgs, popChallenge, popWindow, popWindowOffsets, signPop, verifyPop } from '../../src/warrant/pop.js';
import type { Args, Value } from '../../src/warrant/constraint-value.js';

const hex = (s: string): Uint8Array => {
  const b = fromHex(s);
  if (!b) throw new Error(`bad hex in fixture: ${s.slice(0, 16)}…`);
  return b;
};
const keys = vectors.keys as Record<string, { seed: string; public_key: string }>;

interface Typed {
  type: string;
  value: unknown;
}
/** The fixture's typed values → the Value model (int → number/bigint, float → Float). */
function typedToValue(t: Typed): Value {
  switch (t.type) {
    case 'string':
    case 'bool':
      return t.value as string | boolean;
    case 'int':
      return Number.isSafeInteger(t.value) ? (t.value as number) : BigInt(t.value as number);
    case 'float':
      return new Float(t.value as number);
    case 'list':
      return (t.value as Typed[]).map(typedToValue);
    default:
      throw new Error(`fixture type ${t.type} not handled`);
  }
}
const typedArgs = (pairs: unknown): Args => Object.fromEntries((pairs as [string, Typed][]).map(([k, v]) => [k, typedToValue(v)]));

const pop = vectors.pop_canonical_fixture;
const holder = SigningKey.fromSeed(hex(pop.holder_seed));

describe('pop_canonical (Warrant::sign_with_timestamp, bare-hex id)', () => {
  it('has the 11 cases and the holder key derives from its seed', () => {
    expect(pop.cases).toHaveLength(11);
    expect(toHex(holder.publicKey)).toBe(pop.holder_public_key);
  });

  it.each(pop.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const env = decode(hex(c.warrant_envelope_cbor)) as CborValue[];
    const payload = decode(env[1] as Uint8Array) as Map<CborValue, CborValue>;
    const id = payload.get(1) as Uint8Array;
    const warrantHolder = (payload.get(4) as CborValue[])[1] as Uint8Array;
    expect(toHex(id)).toBe(c.challenge_id_string);
    expect(c.warrant_id).toBe(`tnu_wrt_${c.challenge_id_string}`);
    expect(toHex(warrantHolder)).toBe(pop.holder_public_key);

    const args = typedArgs(c.args_typed);
    expect(popWindow(c.timestamp)).toBe(c.window);
    const challenge = popChallenge(c.challenge_id_string, c.tool, args, c.timestamp);
    expect(toHex(challenge)).toBe(c.challenge_cbor);
    const message = popSigningMessage(challenge);
    expect(toHex(message)).toBe(c.ed25519_message);

    const signature = signPop(holder, id, c.tool, args, c.timestamp);
    expect(toHex(signature)).toBe(c.expected_signature);
    expect(toHex(nobleEd25519.signerFromSeed(hex(pop.holder_seed)).sign(message))).toBe(c.expected_signature);
    expect(nodeEd25519.verify(warrantHolder, message, signature)).toBe(true);
    expect(nobleEd25519.verify(warrantHolder, message, signature)).toBe(true);
    expect(verifyPop(warrantHolder, id, c.tool, args, signature, c.timestamp)).toBe(true);

    const raw = (c as { raw_args_before_none_stripping?: Record<string, string | null> }).raw_args_before_none_stripping;
    if (raw) {
      // A null optional argument is stripped before signing: both forms give one challenge.
      expect(Object.values(raw)).toContain(null);
      expect(toHex(popChallenge(c.challenge_id_string, c.tool, raw, c.timestamp))).toBe(c.challenge_cbor);
      expect(verifyPop(warrantHolder, id, c.tool, raw, signature, c.timestamp)).toBe(true);
    }
  });
});

describe('A.6 and A.20.1 (generated with the tnu_wrt_ id form)', () => {
  const byId = new Map(vectors.vectors.map((v) => [v.id, v]));

  it('A.6: the encoder reproduces the challenge, message and signature from its id string', () => {
    const v = byId.get('A.6')! as unknown as { pop: Record<string, unknown> & { args_typed: unknown } };
    const p = v.pop;
    const challenge = popChallenge(
      p['challenge_id_string'] as string,
      p['tool'] as string,
      typedArgs(p.args_typed),
      p['timestamp'] as number,
    );
    expect(toHex(challenge)).toBe(p['challenge_cbor']);
    const message = popSigningMessage(challenge);
    expect(toHex(message)).toBe(p['ed25519_message']);
    expect(toHex(message)).toBe(toHex(concatBytes(utf8('tenuo-warrant-v1'), hex(p['preimage'] as string))));
    const worker = SigningKey.fromSeed(hex(keys['worker']!.seed));
    expect(toHex(worker.sign(message))).toBe(p['signature']);
    expect(verifySignature(worker.publicKey, message, hex(p['signature'] as string))).toBe(true);
    // The preimage alone (without the warrant context) is not what was signed.
    expect(verifySignature(worker.publicKey, hex(p['preimage'] as string), hex(p['signature'] as string))).toBe(false);
    // The runtime challenge uses the bare hex id, so this vector's signature is not a runtime PoP.
    const id = hex((p['challenge_id_string'] as string).slice('tnu_wrt_'.length));
    expect(
      verifyPop(
        worker.publicKey,
        id,
        p['tool'] as string,
        typedArgs(p.args_typed),
        hex(p['signature'] as string),
        p['timestamp'] as number,
      ),
    ).toBe(false);
  });

  it("A.20.1: the attacker's signature fails under the worker key; the holder's verifies", () => {
    const v = byId.get('A.20.1')! as unknown as { pop: Record<string, unknown> & { args_typed: unknown } };
    const p = v.pop;
    const challenge = popChallenge(
      p['challenge_id_string'] as string,
      p['tool'] as string,
      typedArgs(p.args_typed),
      p['timestamp'] as number,
    );
    expect(toHex(challenge)).toBe(p['challenge_cbor']);
    const message = popSigningMessage(challenge);
    const worker = hex(keys['worker']!.public_key);
    const attacker = hex(keys['attacker']!.public_key);
    const invalid = hex(p['invalid_pop_signature'] as string);
    const valid = hex(p['valid_pop_signature'] as string);
    for (const backend of [nodeEd25519, nobleEd25519]) {
      expect(backend.verify(worker, message, invalid)).toBe(false);
      expect(backend.verify(attacker, message, invalid)).toBe(true);
      expect(backend.verify(worker, message, valid)).toBe(true);
    }
    expect(toHex(SigningKey.fromSeed(hex(keys['attacker']!.seed)).sign(message))).toBe(p['invalid_pop_signature']);
    expect(toHex(SigningKey.fromSeed(hex(keys['worker']!.seed)).sign(message))).toBe(p['valid_pop_signature']);
  });
});

describe('windows', () => {
  const id = hex('019471f8000070008000000000000060');
  const key = SigningKey.fromSeed(hex(keys['worker']!.seed));
  const args: Args = { path: '/data/report.pdf' };
  const T = 1704067200; // a multiple of 30: the start of a window
  const at = (signedAt: number, checkedAt: number, maxWindows?: number) =>
    verifyPop(key.publicKey, id, 'read_file', args, signPop(key, id, 'read_file', args, signedAt), checkedAt, maxWindows);

  it('window = trunc(now / 30) × 30, truncating toward zero like Rust', () => {
    expect(popWindow(T)).toBe(T);
    expect(popWindow(T + 29)).toBe(T);
    expect(popWindow(T + 30)).toBe(T + 30);
    expect(popWindow(29.9)).toBe(0);
    expect(popWindow(-1)).toBe(0);
    expect(popWindow(-31)).toBe(-30);
  });

  it('accepts a PoP made at T until T+89 and from T−60; rejects at T+90 and T−61 (default 5)', () => {
    expect(T % 30).toBe(0);
    expect(at(T, T)).toBe(true);
    expect(at(T, T + 89)).toBe(true);
    expect(at(T, T + 90)).toBe(false);
    expect(at(T, T - 60)).toBe(true);
    expect(at(T, T - 61)).toBe(false);
    // Signed at the end of its window: the same window, the same limits.
    expect(at(T + 29, T + 89)).toBe(true);
    expect(at(T + 29, T + 90)).toBe(false);
  });

  it('honours max_windows: 2 = [0, −1] only, 10 = ±5 windows', () => {
    expect(at(T, T + 59, 2)).toBe(true);
    expect(at(T, T + 60, 2)).toBe(false);
    expect(at(T, T - 1, 2)).toBe(false); // no future window with 2
    expect(at(T, T - 1, 3)).toBe(true);
    expect(at(T, T + 179, 10)).toBe(true);
    expect(at(T, T + 180, 10)).toBe(false);
    expect(at(T, T - 120, 10)).toBe(true); // +4 is the last future window with 10
    expect(at(T, T - 121, 10)).toBe(false);
  });

  it('generates the spec offsets, closest first', () => {
    expect(popWindowOffsets(2)).toEqual([0, -1]);
    expect(popWindowOffsets(3)).toEqual([0, -1, 1]);
    expect(popWindowOffsets(4)).toEqual([0, -1, 1, -2]);
    expect(popWindowOffsets()).toEqual([0, -1, 1, -2, 2]);
    expect(popWindowOffsets(10)).toEqual([0, -1, 1, -2, 2, -3, 3, -4, 4, -5]);
  });

  it('rejects max_windows outside 2–10 with an error, not a verdict', () => {
    const sig = signPop(key, id, 'read_file', args, T);
    for (const bad of [0, 1, 11, 2.5, Number.NaN, -5]) {
      expect(() => verifyPop(key.publicKey, id, 'read_file', args, sig, T, bad)).toThrow(expect.objectContaining({ code: 'malformed' }));
    }
  });
});

describe('binding and canonical form', () => {
  const id = hex('019dae3d13ee7bc3a4729567d14e5822');
  const key = SigningKey.fromSeed(hex(keys['worker']!.seed));
  const T = 1700000000;
  const args: Args = { path: '/data/log.txt', max_size: 2048 };
  const sig = signPop(key, id, 'read_file', args, T);

  it('binds the warrant id, tool, every argument, and the holder key', () => {
    expect(verifyPop(key.publicKey, id, 'read_file', args, sig, T)).toBe(true);
    const otherId = id.slice();
    otherId[15] = otherId[15]! ^ 1;
    expect(verifyPop(key.publicKey, otherId, 'read_file', args, sig, T)).toBe(false);
    expect(verifyPop(key.publicKey, id, 'write_file', args, sig, T)).toBe(false);
    expect(verifyPop(key.publicKey, id, 'read_file', { ...args, max_size: 2049 }, sig, T)).toBe(false);
    expect(verifyPop(key.publicKey, id, 'read_file', { path: '/data/log.txt' }, sig, T)).toBe(false);
    expect(verifyPop(key.publicKey, id, 'read_file', { ...args, extra: 'x' }, sig, T)).toBe(false);
    expect(verifyPop(hex(keys['worker2']!.public_key), id, 'read_file', args, sig, T)).toBe(false);
  });

  it('keeps int and float distinct (1 ≠ 1.0) and argument order irrelevant', () => {
    const intC = popChallenge('x', 't', { n: 1 }, T);
    const floatC = popChallenge('x', 't', { n: new Float(1) }, T);
    expect(toHex(intC)).not.toBe(toHex(floatC));
    expect(toHex(intC)).toContain('82616e01'); // ["n", 1]
    expect(toHex(floatC)).toContain('82616ef93c00'); // ["n", 1.0]
    expect(toHex(popChallenge('x', 't', { n: 0.5 }, T))).toContain('82616ef93800');
    expect(verifyPop(key.publicKey, id, 'read_file', { max_size: new Float(2048), path: '/data/log.txt' }, sig, T)).toBe(false);
    expect(verifyPop(key.publicKey, id, 'read_file', { max_size: 2048, path: '/data/log.txt' }, sig, T)).toBe(true);
  });

  it('sorts keys bytewise on UTF-8, not by UTF-16 code units', () => {
    // U+FF61 (ef bd a1) sorts before U+1F600 (f0 9f 98 80) in UTF-8; JS `<` says the opposite.
    const c = toHex(popChallenge('x', 't', { '\u{1F600}': 1, '\uff61': 2 }, T));
    expect(c.indexOf('63efbda1')).toBeLessThan(c.indexOf('64f09f9880'));
    expect(c.indexOf('63efbda1')).toBeGreaterThan(0);
  });

  it('canonicalizes nulls as the SDK does: top-level keys and list elements, not object members', () => {
    const same = (a: Args, b: Args) => toHex(popChallenge('x', 't', a, T)) === toHex(popChallenge('x', 't', b, T));
    expect(same({ a: null, b: 1 }, { b: 1 })).toBe(true);
    expect(same({ b: [null, 'x', [null, [null, 2]]] }, { b: ['x', [[2]]] })).toBe(true);
    expect(same({ b: { c: null } }, { b: {} })).toBe(false); // objects are not entered
    expect(same({ b: [{ c: null }] }, { b: [{}] })).toBe(false);
    expect(canonicalArgs({ a: null, b: [null, 1] })).toEqual({ b: [1] });
  });

  it('signs an argument named __proto__ like any other key', () => {
    const withProto = JSON.parse('{"__proto__": "x", "a": 1}') as Args;
    const c = toHex(popChallenge('x', 't', withProto, T));
    expect(c).not.toBe(toHex(popChallenge('x', 't', { a: 1 }, T)));
    expect(c).toContain(toHex(utf8('__proto__')));
    expect(Object.keys(canonicalArgs(withProto))).toEqual(['__proto__', 'a']);
  });

  it('fails closed on hostile input: false from verifyPop, a coded error from signPop', () => {
    let deep: Value = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const hostile: Args[] = [{ deep }, { big: 2n ** 64n }];
    for (const h of hostile) {
      expect(verifyPop(key.publicKey, id, 'read_file', h, sig, T)).toBe(false);
      expect(() => signPop(key, id, 'read_file', h, T)).toThrow(expect.objectContaining({ code: 'malformed' }));
    }
    expect(verifyPop(key.publicKey, id.subarray(0, 15), 'read_file', args, sig, T)).toBe(false);
    expect(verifyPop(key.publicKey, id, 'read_file', args, sig.subarray(1), T)).toBe(false);
    expect(verifyPop(key.publicKey, id, 'read_file', args, sig, Number.NaN)).toBe(false);
    expect(verifyPop(key.publicKey, id, 'read_file', args, sig, 1e300)).toBe(false);
    expect(verifyPop(key.publicKey, id, 42 as unknown as string, args, sig, T)).toBe(false);
    expect(verifyPop(key.publicKey, id, 'read_file', null as unknown as Args, sig, T)).toBe(false);
  });
});
