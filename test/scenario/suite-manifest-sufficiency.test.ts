/** A suite manifest's `policy_sufficiency` (docs/results.md#suites): read strictly, with its bounds, at its JSON path. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/model/scenario.js';
import { ScenarioError } from '../../src/scenario/errors.js';
import { parseSuiteManifest, readSuiteManifests } from '../../src/scenario/suite-manifest.js';
import { suiteReports } from '../../src/trial/suite-reports.js';

const base = { format: 'delegation-bench suite 1', suite: 'bank', skipped: [{ name: 'bank_u1_i0', reason: 'no ground truth' }] };

function problems(manifest: unknown): string[] {
  const read = parseSuiteManifest(JSON.stringify(manifest), 'bank/suite.json');
  return 'problems' in read ? read.problems.map((p) => p.message) : [];
}

describe('the manifest: policy_sufficiency', () => {
  it('reads {scenario, finding} entries, and an empty list', () => {
    const read = parseSuiteManifest(JSON.stringify({ ...base, policy_sufficiency: [{ scenario: 'bank_u0_i0', finding: 'cap' }] }), 'f');
    expect('manifest' in read && read.manifest.policySufficiency).toEqual([{ scenario: 'bank_u0_i0', finding: 'cap' }]);
    expect(problems({ ...base, policy_sufficiency: [] })).toEqual([]);
  });

  it('refuses what does not fit, every problem at its JSON path', () => {
    expect(
      problems({
        ...base,
        policy_sufficiency: [
          'bank_u0_i0',
          { scenario: '', finding: 'x' },
          { scenario: 'a', finding: 'x', extra: 1 },
          { scenario: 'a', finding: 'y' },
          { scenario: 'b'.repeat(201), finding: 'x' },
        ],
      }),
    ).toEqual([
      '$.policy_sufficiency[0]: expected {scenario, finding}',
      '$.policy_sufficiency[1].scenario: expected a non-empty string',
      '$.policy_sufficiency[2].extra: unknown key (scenario, finding)',
      "$.policy_sufficiency[3].scenario: 'a' has a finding already",
      '$.policy_sufficiency[4].scenario: longer than 200 characters',
    ]);
    expect(problems({ ...base, policy_sufficiency: 3 })).toEqual([
      '$.policy_sufficiency: expected a list of {scenario, finding} (empty when there is no finding)',
    ]);
    const many = Array.from({ length: 100_001 }, () => 0);
    expect(problems({ ...base, policy_sufficiency: many })).toEqual(['$.policy_sufficiency: more than 100000 entries']);
  });

  it('refuses a finding about a skipped pair or a scenario not in the suite; the report keeps the pairs that ran', () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-manifest-'));
    const scenario = (name: string) => ({ name, suite: 'bank', file: join(dir, `${name}.yaml`) }) as unknown as Scenario;
    const write = (findings: unknown) => writeFileSync(join(dir, 'suite.json'), JSON.stringify({ ...base, policy_sufficiency: findings }));
    const refused = (findings: unknown): string => {
      write(findings);
      try {
        readSuiteManifests([scenario('bank_u0_i0')], dir);
      } catch (e) {
        if (e instanceof ScenarioError) return e.problems.map((p) => p.message).join('\n');
        throw e;
      }
      return '';
    };
    expect(refused([{ scenario: 'bank_u1_i0', finding: 'x' }])).toContain(
      "$.policy_sufficiency[0].scenario: 'bank_u1_i0' is listed as skipped",
    );
    expect(refused([{ scenario: 'bank_u9_i9', finding: 'x' }])).toContain(
      "$.policy_sufficiency[0].scenario: 'bank_u9_i9' is not a scenario of the suite",
    );
    // Every such finding at once, each at its own path, as the manifest's other cross-checks are.
    expect(
      refused([
        { scenario: 'bank_u9_i9', finding: 'x' },
        { scenario: 'bank_u0_i0', finding: 'kept' },
        { scenario: 'bank_u1_i0', finding: 'y' },
        { scenario: 'bank_u8_i8', finding: 'z' },
      ]).split('\n'),
    ).toEqual([
      "$.policy_sufficiency[0].scenario: 'bank_u9_i9' is not a scenario of the suite (neither beside the manifest nor in its imported list)",
      "$.policy_sufficiency[2].scenario: 'bank_u1_i0' is listed as skipped: a skipped pair has no policy to judge",
      "$.policy_sufficiency[3].scenario: 'bank_u8_i8' is not a scenario of the suite (neither beside the manifest nor in its imported list)",
    ]);
    write([{ scenario: 'bank_u0_i0', finding: 'cap' }]);
    const manifests = readSuiteManifests([scenario('bank_u0_i0')], dir);
    const [report] = suiteReports([scenario('bank_u0_i0')], [], manifests)!;
    expect(report!.policy_sufficiency).toEqual([{ scenario: 'bank_u0_i0', finding: 'cap' }]);
  });
});
