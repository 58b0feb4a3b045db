/** A suite manifest's `skipped` list (docs/results.md#suites): one entry a case, so the report counts each once. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/model/scenario.js';
import { ScenarioError } from '../../src/scenario/errors.js';
import { parseSuiteManifest, readSuiteManifests } from '../../src/scenario/suite-manifest.js';

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

  it('says every disagreement with the files at once: a skipped case that runs, a finding about no scenario, a file gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-manifest-'));
    writeFileSync(join(dir, 'bank_u0_i0.yaml'), 'name: bank_u0_i0\n');
    const scenario = { name: 'bank_u0_i0', suite: 'bank', file: join(dir, 'bank_u0_i0.yaml') } as unknown as Scenario;
    const manifest = {
      format: 'delegation-bench suite 1',
      suite: 'bank',
      imported: ['bank_u0_i0.yaml', 'bank_u2_i0.yaml'],
      skipped: [{ name: 'bank_u0_i0', reason: 'no ground truth' }],
      policy_sufficiency: [{ scenario: 'bank_u9_i9', finding: 'cap' }],
    };
    writeFileSync(join(dir, 'suite.json'), JSON.stringify(manifest));
    let messages: string[] = [];
    try {
      readSuiteManifests([scenario], dir);
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      messages = e.problems.map((p) => p.message);
    }
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain("$.skipped[0].name: 'bank_u0_i0' is listed as skipped");
    expect(messages[1]).toContain("$.policy_sufficiency[0].scenario: 'bank_u9_i9'");
    expect(messages[2]).toContain("$.imported[1]: 'bank_u2_i0.yaml'");
  });
});
