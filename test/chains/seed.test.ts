/**
 * The run's derivations (seed.ts) are HMAC-SHA256 over length-prefixed labels: checked against an
 * independent HMAC (@noble/hashes) over an encoding written out here, so a change of hash backend
 * cannot silently change every key and warrant id of a seeded run.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, test } from 'vitest';
import { deriveBytes, seededRandom } from '../../src/chains/seed.js';

const enc = new TextEncoder();
function labels(parts: string[], counter?: number): Uint8Array {
  const chunks: number[] = [];
  for (const p of ['delegation-bench/v1', ...parts]) {
    const b = enc.encode(p);
    chunks.push((b.length >>> 24) & 255, (b.length >>> 16) & 255, (b.length >>> 8) & 255, b.length & 255, ...b);
  }
  if (counter !== undefined) chunks.push((counter >>> 24) & 255, (counter >>> 16) & 255, (counter >>> 8) & 255, counter & 255);
  return Uint8Array.from(chunks);
}

describe('seed derivations', () => {
  test('deriveBytes is HMAC-SHA256(seed, labels)', () => {
    for (const [seed, parts] of [
      ['delegation-bench', ['key', 'org']],
      ['', []],
      ['s'.repeat(1024), ['é', 'scenario', 'task_scoped']],
    ] as [string, string[]][]) {
      expect(deriveBytes(seed, parts)).toEqual(hmac(sha256, enc.encode(seed), labels(parts)));
    }
  });

  test('seededRandom is HMAC in counter mode under a derived key, drawn in order', () => {
    const key = hmac(sha256, enc.encode('seed'), labels(['root', 'x', 'random']));
    const stream = new Uint8Array([...hmac(sha256, key, labels([], 0)), ...hmac(sha256, key, labels([], 1))]);
    const r = seededRandom('seed', ['root', 'x']);
    expect(r(10)).toEqual(stream.slice(0, 10));
    expect(r(30)).toEqual(stream.slice(10, 40));
    expect(seededRandom('seed', ['root', 'y'])(10)).not.toEqual(stream.slice(0, 10));
  });

  test('any sequence of draws reads the same stream, and each draw is a copy of its own', () => {
    const key = hmac(sha256, enc.encode('seed'), labels(['p', 'random']));
    const stream = new Uint8Array(Array.from({ length: 8 }, (_, i) => [...hmac(sha256, key, labels([], i))]).flat());
    const r = seededRandom('seed', ['p']);
    let at = 0;
    const draws = [9, 9, 9, 9, 1, 0, 70, 9, 32, 3];
    const got = draws.map((n) => r(n));
    for (const [i, n] of draws.entries()) {
      expect(got[i], `draw ${i}`).toEqual(stream.slice(at, at + n));
      at += n;
    }
    got[0]!.fill(0);
    expect(got[1]).toEqual(stream.slice(9, 18));
  });
});
