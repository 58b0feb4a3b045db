/**
 * Property: random byte mutations (bit flip, truncation, insertion, splice of two tokens) of valid
 * warrants and stacks never verify, and parsing + verifying them never throws anything but a
 * WarrantError. Sources: the official vectors (single warrants, the A.3 chain, the A.8 stack) and
 * chains made by our own builders.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Authorizer } from '../../src/warrant/authorize.js';
import { grant, mint } from '../../src/warrant/builder.js';
import { bytesEqual } from '../../src/lib/bytes.js';
import { decodeWarrant, encodeWarrant } from '../../src/warrant/envelope.js';
import { WarrantError } from '../../src/warrant/errors.js';
import { signPop } from '../../src/warrant/pop.js';
import { encodeStack } from '../../src/warrant/stack.js';
import { decodeTokenBytes } from '../../src/warrant/text.js';
import type { SignedWarrant } from '../../src/warrant/types.js';
import { fixedClock, hex, key, NOW, publicKey, seededRandom, vector, vectorChain } from './chain-fixtures.js';

const org = key('control_plane');
const p = key('orchestrator');
const q = key('worker');

const tools = (glob: string) => ({
  read_file: { constraints: { path: { type: 'pattern' as const, pattern: glob } }, allowUnknown: false },
  transfer_money: {
    constraints: { amount: { type: 'range' as const, min: 0, max: 100, minInclusive: true, maxInclusive: false } },
    allowUnknown: false,
  },
});
const builtRoot = mint({
  issuer: org,
  holder: p.publicKey,
  tools: tools('/data/*'),
  ttlSeconds: 3600,
  clock: fixedClock(NOW),
  random: seededRandom(1),
  maxDepth: 4,
});
const builtLeaf = grant({
  parent: builtRoot,
  signer: p,
  holder: q.publicKey,
  tools: tools('/data/reports/*'),
  ttlSeconds: 600,
  clock: fixedClock(NOW),
  random: seededRandom(2),
});

const a3 = vectorChain('A.3');
/** Valid tokens, each the bytes of one envelope or of one WarrantStack; all verify at NOW. */
const TOKENS: Uint8Array[] = [
  hex(vector('A.1').warrants![0]!.envelope_cbor),
  hex(vector('A.7').warrants![0]!.envelope_cbor),
  hex(vector('A.21.1').warrants![0]!.envelope_cbor),
  encodeWarrant(a3[0]!),
  hex(vector('A.8').data!.warrantstack_cbor as string),
  encodeWarrant(builtRoot),
  encodeStack([builtRoot, builtLeaf]),
];

const authorizer = new Authorizer({ trustedRoots: [publicKey('control_plane')], clock: fixedClock(NOW) });

type Mutation =
  | { op: 'flip'; at: number; bit: number }
  | { op: 'truncate'; length: number }
  | { op: 'insert'; at: number; bytes: Uint8Array }
  | { op: 'splice'; other: number; cut: number; from: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ op: fc.constant('truncate' as const), length: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 9 }) }),
  fc.record({ op: fc.constant('splice' as const), other: fc.nat(), cut: fc.nat(), from: fc.nat() }),
);

function apply(bytes: Uint8Array, m: Mutation): Uint8Array {
  switch (m.op) {
    case 'flip': {
      const out = bytes.slice();
      const i = m.at % out.length;
      out[i] = out[i]! ^ (1 << m.bit);
      return out;
    }
    case 'truncate':
      return bytes.slice(0, m.length % bytes.length);
    case 'insert': {
      const i = m.at % (bytes.length + 1);
      const out = new Uint8Array(bytes.length + m.bytes.length);
      out.set(bytes.subarray(0, i));
      out.set(m.bytes, i);
      out.set(bytes.subarray(i), i + m.bytes.length);
      return out;
    }
    case 'splice': {
      const other = TOKENS[m.other % TOKENS.length]!;
      const cut = m.cut % (bytes.length + 1);
      const from = m.from % (other.length + 1);
      const out = new Uint8Array(cut + other.length - from);
      out.set(bytes.subarray(0, cut));
      out.set(other.subarray(from), cut);
      return out;
    }
  }
}

/** 'valid' or the WarrantError code; anything else thrown escapes and fails the property. */
function verdictOf(bytes: Uint8Array): string {
  try {
    authorizer.verifyChain(decodeTokenBytes(bytes));
    return 'valid';
  } catch (e) {
    if (e instanceof WarrantError) return e.code;
    throw e;
  }
}

const isOriginal = (bytes: Uint8Array) => TOKENS.some((t) => bytesEqual(t, bytes));

describe('byte mutations of valid tokens', () => {
  it('every original token verifies (so a failure below is the mutation)', () => {
    for (const t of TOKENS) expect(verdictOf(t)).toBe('valid');
  });

  it('a mutated token never verifies and only ever fails with a WarrantError', () => {
    fc.assert(
      fc.property(fc.nat(), mutation, (which, m) => {
        const mutated = apply(TOKENS[which % TOKENS.length]!, m);
        fc.pre(!isOriginal(mutated));
        expect(verdictOf(mutated)).not.toBe('valid');
      }),
      { numRuns: 1500 },
    );
  });

  it('mutating one envelope of a multi-link chain breaks the chain', () => {
    const chains: SignedWarrant[][] = [a3, [builtRoot, builtLeaf]];
    fc.assert(
      fc.property(fc.nat(), fc.nat(), mutation, (c, link, m) => {
        const chain = chains[c % chains.length]!;
        const i = link % chain.length;
        const original = encodeWarrant(chain[i]!);
        const mutated = apply(original, m);
        fc.pre(!bytesEqual(mutated, original));
        let result: string;
        try {
          const copy = [...chain];
          copy[i] = decodeWarrant(mutated);
          authorizer.verifyChain(copy);
          result = 'valid';
        } catch (e) {
          if (!(e instanceof WarrantError)) throw e;
          result = e.code;
        }
        expect(result).not.toBe('valid');
      }),
      { numRuns: 600 },
    );
  });

  it('a mutated PoP never authorizes the call', () => {
    const args = { path: '/data/reports/q.pdf' };
    const pop = signPop(q, builtLeaf.payload.id, 'read_file', args, NOW);
    const chain = [builtRoot, builtLeaf];
    authorizer.authorize(chain, { tool: 'read_file', args, pop });
    fc.assert(
      fc.property(
        mutation.filter((m) => m.op !== 'splice'),
        (m) => {
          const mutated = apply(pop, m);
          fc.pre(!bytesEqual(mutated, pop));
          try {
            authorizer.authorize(chain, { tool: 'read_file', args, pop: mutated });
            expect.unreachable('a mutated PoP was accepted');
          } catch (e) {
            expect(e).toBeInstanceOf(WarrantError);
            expect((e as WarrantError).code).toBe('pop_failed');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
