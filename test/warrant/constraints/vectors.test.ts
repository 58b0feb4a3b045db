/**
 * The official constraint vectors A.19.1–A.19.3 and A.25.1–A.25.8: every authorization input must be
 * allowed or denied exactly as the vector says. None skipped: the test fails if the set shrinks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkConstraintSet } from '../../../src/warrant/constraints/satisfy.js';
import { decodePayload } from '../../../src/warrant/envelope.js';
import { fromHex } from '../../../src/lib/bytes.js';
import type { Args } from '../../../src/warrant/constraint-value.js';
import { toolsFromDecoded, typedValue } from './helpers.js';

interface Vector {
  id: string;
  tool: string;
  warrants: { decoded: { tools: Parameters<typeof toolsFromDecoded>[0] }; payload_cbor: string }[];
  authorization_inputs: { valid: boolean; args: [string, Parameters<typeof typedValue>[0]][]; source: string }[];
}

const file = JSON.parse(readFileSync(new URL('../../fixtures/tenuo-test-vectors.json', import.meta.url), 'utf8')) as { vectors: Vector[] };

const vectors = file.vectors.filter((v) => /^A\.(19\.[123]|25\.[1-8])$/.test(v.id));

function argsOf(input: Vector['authorization_inputs'][number]): Args {
  return Object.fromEntries(input.args.map(([k, v]) => [k, typedValue(v)]));
}

describe('constraint vectors', () => {
  it('covers all 11 vectors and their 23 inputs', () => {
    expect(vectors.map((v) => v.id)).toEqual([
      'A.19.1',
      'A.19.2',
      'A.19.3',
      'A.25.1',
      'A.25.2',
      'A.25.3',
      'A.25.4',
      'A.25.5',
      'A.25.6',
      'A.25.7',
      'A.25.8',
    ]);
    expect(vectors.reduce((n, v) => n + v.authorization_inputs.length, 0)).toBe(23);
  });

  for (const v of vectors) {
    for (const input of v.authorization_inputs) {
      it(`${v.id} ${input.source} → ${input.valid ? 'allowed' : 'denied'}`, () => {
        const tools = toolsFromDecoded(v.warrants[0]!.decoded.tools);
        const err = checkConstraintSet(v.tool, tools[v.tool]!, argsOf(input));
        if (input.valid) {
          expect(err).toBeUndefined();
        } else {
          expect(err?.code).toBe('constraint_not_satisfied');
          expect(err?.message).toMatch(new RegExp(`^${v.tool}\\.`));
        }
      });
    }
  }

  it('gives the same verdicts on the constraints decoded from the signed payload bytes', () => {
    for (const v of vectors) {
      const payload = decodePayload(fromHex(v.warrants[0]!.payload_cbor)!);
      const set = payload.tools[v.tool]!;
      for (const input of v.authorization_inputs) {
        expect(checkConstraintSet(v.tool, set, argsOf(input)) === undefined, `${v.id} ${input.source}`).toBe(input.valid);
      }
    }
  });
});
