import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkResults, readResultsFile } from '../../src/action/results-file.js';
import { FIXTURES, fixture } from '../report/results-builders.js';

describe('report-only results file', () => {
  it('accepts the fixtures', async () => {
    expect(checkResults(fixture('passing'))).toBeUndefined();
    expect(checkResults(fixture('failing'))).toBeUndefined();
    expect((await readResultsFile(join(FIXTURES, 'passing.json'))).gate.passed).toBe(true);
  });

  it.each([
    [(r: any) => { r.version = 2; }, '$.version: expected one of 1'],
    [(r: any) => { delete r.gate; }, '$.gate: missing'],
    [(r: any) => { r.summary.task_scoped.asr = 1.5; }, '$.summary.task_scoped.asr: expected a rate between 0 and 1'],
    [(r: any) => { r.summary.everything = r.summary.broad; }, "$.summary key 'everything': expected one of"],
    [(r: any) => { r.trials[4].calls[2].authorized = 'yes'; }, '$.trials[4].calls[2].authorized: expected true or false'],
    [(r: any) => { r.trials[0].condition = 'none'; }, '$.trials[0].condition: expected one of "no_warrant", "broad", "task_scoped"'],
    [(r: any) => { r.gate.passed = false; }, '$.gate: passed disagrees with its violations'],
    [(r: any) => { r.trials = {}; }, '$.trials: expected a list'],
  ])('rejects a bad shape (%#) naming the field', (mutate, message) => {
    const r = fixture('passing');
    mutate(r);
    expect(checkResults(r)).toContain(message);
  });

  it('says clearly when the file is missing or not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-results-'));
    await expect(readResultsFile(join(dir, 'none.json'))).rejects.toThrow(/results-path .*none\.json: cannot read it \(ENOENT\)/);
    writeFileSync(join(dir, 'bad.json'), '{"version": 1,');
    await expect(readResultsFile(join(dir, 'bad.json'))).rejects.toThrow(/bad\.json: not JSON/);
    writeFileSync(join(dir, 'arr.json'), '[]');
    await expect(readResultsFile(join(dir, 'arr.json'))).rejects.toThrow(/not a delegation-bench results file: \$: expected an object/);
  });
});
