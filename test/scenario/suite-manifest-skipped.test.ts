/** A suite manifest's `skipped` list (docs/results.md#suites): one entry a case, so the report counts each once. */
import { describe, expect, it } from 'vitest';
import { parseSuiteManifest } from '../../src/scenario/suite-manifest.js';

function problems(manifest: unknown): string[] {
  const read = parseSuiteManifest(JSON.stringify(manifest), 'bank/suite.json');
  return 'problems' in read ? read.problems.map((p) => p.message) : [];
}

describe('the manifest: skipped', () => {
  it('refuses a case listed twice (the report would count it twice), at its JSON path', () => {
    const skipped = [
      { name: 'bank_u1_i0', reason: 'no ground truth' },
      { name: 'bank_u2_i0', reason: 'no ground truth' },
      { name: 'bank_u1_i0', reason: 'another reason' },
    ];
    expect(problems({ format: 'delegation-bench suite 1', suite: 'bank', skipped })).toEqual([
      "$.skipped[2].name: 'bank_u1_i0' is listed as skipped already",
    ]);
    expect(problems({ format: 'delegation-bench suite 1', suite: 'bank', skipped: skipped.slice(0, 2) })).toEqual([]);
  });
});
