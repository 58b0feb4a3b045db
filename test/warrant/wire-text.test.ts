/** Text forms: base64url (no padding), hex, PEM (single, chain, concatenated blocks). */
import { describe, expect, it } from 'vitest';
import { fromHex, toBase64Url, toHex } from '../../src/lib/bytes.js';
import { decodeWarrant } from '../../src/warrant/envelope.js';
import { encodeStack } from '../../src/warrant/stack.js';
import { parseTokens, toBase64UrlToken, toHexToken, toPem } from '../../src/warrant/text.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import vectors from '../fixtures/tenuo-test-vectors.json' with { type: 'json' };
import { failure } from '../helpers/failure.js';

const hex = (s: string): Uint8Array => fromHex(s)!;
const vector = (id: string) => vectors.vectors.find((v) => v.id === id)!;
const a1 = vector('A.1');
const A1 = decodeWarrant(hex(a1.data!.full_envelope_cbor!));
const A1_TOKEN = a1.data!.base64url!;
const a3 = vector('A.3').warrants!;
const CHAIN: SignedWarrant[] = a3.map((w) => decodeWarrant(hex(toHex(encodeStackless(hex(w.payload_cbor), hex(w.signature))))));
function encodeStackless(payload: Uint8Array, signature: Uint8Array): Uint8Array {
  // [1, bstr payload, [1, bstr(64)]] built by hand from the vector's parts.
  const head = payload.length < 256 ? [0x58, payload.length] : [0x59, payload.length >> 8, payload.length & 0xff];
  return Uint8Array.from([0x83, 0x01, ...head, ...payload, 0x82, 0x01, 0x58, 0x40, ...signature]);
}

const ids = (ws: SignedWarrant[]) => ws.map((w) => toHex(w.payload.id));

describe('parseTokens', () => {
  it('reads base64url, hex (either case) and surrounding whitespace', () => {
    expect(ids(parseTokens(A1_TOKEN))).toEqual(ids([A1]));
    expect(ids(parseTokens(`\n  ${A1_TOKEN}\t\n`))).toEqual(ids([A1]));
    expect(ids(parseTokens(a1.data!.full_envelope_cbor!))).toEqual(ids([A1]));
    expect(ids(parseTokens(a1.data!.full_envelope_cbor!.toUpperCase()))).toEqual(ids([A1]));
    expect(toBase64UrlToken(A1)).toBe(A1_TOKEN);
    expect(toHexToken(A1)).toBe(a1.data!.full_envelope_cbor);
  });

  it('reads a WarrantStack in any form, root first', () => {
    const stack = encodeStack(CHAIN);
    expect(ids(parseTokens(toBase64Url(stack)))).toEqual(ids(CHAIN));
    expect(ids(parseTokens(toHex(stack)))).toEqual(ids(CHAIN));
    expect(ids(parseTokens(vector('A.8').data!.base64url!))).toEqual(ids(CHAIN));
  });

  it('reads PEM: one block, a CHAIN block, concatenated blocks, CRLF line ends', () => {
    const one = toPem(A1);
    expect(one.startsWith('-----BEGIN TENUO WARRANT-----\n')).toBe(true);
    expect(one.endsWith('-----END TENUO WARRANT-----\n')).toBe(true);
    const body = one.split('\n').slice(1, -2);
    expect(body.every((l) => l.length <= 64)).toBe(true);
    expect(body.slice(0, -1).every((l) => l.length === 64)).toBe(true);
    expect(body.join('')).toBe(A1_TOKEN);
    expect(toPem([A1])).toBe(one);
    expect(ids(parseTokens(one))).toEqual(ids([A1]));

    const chain = toPem(CHAIN);
    expect(chain.startsWith('-----BEGIN TENUO WARRANT CHAIN-----\n')).toBe(true);
    expect(ids(parseTokens(chain))).toEqual(ids(CHAIN));

    const concatenated = CHAIN.map((w) => toPem(w)).join('\n');
    expect(ids(parseTokens(concatenated))).toEqual(ids(CHAIN));
    expect(ids(parseTokens(concatenated.replace(/\n/g, '\r\n')))).toEqual(ids(CHAIN));
  });

  it('says what is wrong with a bad token', () => {
    const cases: [string, string, RegExp][] = [
      ['empty', '   ', /empty/],
      ['padding', `${A1_TOKEN}==`, /padding '=' is not allowed/],
      ['standard base64', A1_TOKEN.replace(/-/, '+'), /standard base64/],
      ['junk', 'hello world!', /whitespace/],
      ['junk character', 'not*a*token', /not base64url, hex or PEM: '\*' at position 4/],
      ['odd hex', a1.data!.full_envelope_cbor!.slice(1), /odd number of digits/],
      ['base64url of a non-array', toBase64Url(Uint8Array.of(0xa0)), /not a CBOR array/],
      ['impossible base64url length', 'gwFYk', /invalid base64url/],
      ['truncated token', A1_TOKEN.slice(0, 100), /exceeds the remaining input|truncated/],
    ];
    for (const [name, text, reason] of cases) {
      const f = failure(() => parseTokens(text));
      expect(f.code, name).toBe('malformed');
      expect(f.message, name).toMatch(reason);
    }
  });

  it('says what is wrong with bad PEM', () => {
    const pem = toPem(A1);
    const lines = pem.split('\n');
    const long = [lines[0], lines[1]! + lines[2]!, ...lines.slice(3)].join('\n');
    const cases: [string, string, RegExp][] = [
      ['long line', long, /PEM line 2 is longer than 64 characters/],
      ['padding', pem.replace('\n-----END', '=\n-----END'), /padding '='/],
      ['no END', lines.slice(0, -2).join('\n'), /has no END line/],
      ['mismatched END', pem.replace('END TENUO WARRANT', 'END TENUO WARRANT CHAIN'), /closes a BEGIN TENUO WARRANT block/],
      ['other label', pem.replace(/TENUO WARRANT/g, 'PUBLIC KEY'), /unexpected label "PUBLIC KEY"/],
      ['text between blocks', `${pem}garbage\n${pem}`, /text outside a BEGIN\/END block/],
      ['empty block', '-----BEGIN TENUO WARRANT-----\n-----END TENUO WARRANT-----', /empty/],
      ['blank line inside', pem.replace(`${lines[1]}\n`, `${lines[1]}\n\n`), /PEM line 3 is empty/],
      ['a stack under a WARRANT CHAIN label must be a stack', pem.replace(/TENUO WARRANT/g, 'TENUO WARRANT CHAIN'), /single SignedWarrant/],
    ];
    for (const [name, text, reason] of cases) {
      const f = failure(() => parseTokens(text));
      expect(f.code, name).toBe('malformed');
      expect(f.message, name).toMatch(reason);
    }
  });
});
