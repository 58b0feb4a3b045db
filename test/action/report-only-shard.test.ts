/**
 * Report-only mode runs nothing, so a `shard` input cannot apply to it; read as it is in a run
 * (a shard leaves the gates to the merge), it would pass a failing results file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/action/main.js';
import type { Runner } from '../../src/action/runner.js';
import { FIXTURES } from '../report/results-builders.js';

const dir = mkdtempSync(join(tmpdir(), 'db-report-shard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recording(inputs: Record<string, string>): Runner & { failed: string[]; outputs: Record<string, string> } {
  const failed: string[] = [];
  const outputs: Record<string, string> = {};
  return {
    env: { RUNNER_TEMP: dir, GITHUB_WORKSPACE: dir },
    failed,
    outputs,
    getInput: (n) => (inputs[n] ?? '').trim(),
    setOutput: (n, v) => void (outputs[n] = v),
    setSecret: () => undefined,
    info: () => undefined,
    debug: () => undefined,
    notice: () => undefined,
    warning: () => undefined,
    error: () => undefined,
    group: (_name, fn) => fn(),
    summary: undefined,
    setFailed: (m) => void failed.push(m),
  };
}

describe('report-only mode and the shard input', () => {
  it('refuses shard with results-path: the failing file fails the step', async () => {
    const r = recording({
      comment: 'off',
      'job-summary': 'false',
      'results-path': join(FIXTURES, 'failing.json'),
      mode: 'both',
      model: 'm',
      'openai-base-url': 'http://127.0.0.1:9/v1',
      shard: '1/2',
    });
    await run(r, dir);
    expect(r.failed.join('\n')).toMatch(/input shard: report-only mode \(results-path\) runs nothing/);
  });

  it('without shard, the same file fails the gate', async () => {
    const r = recording({ comment: 'off', 'job-summary': 'false', 'results-path': join(FIXTURES, 'failing.json') });
    await run(r, dir);
    expect(r.outputs.passed).toBe('false');
    expect(r.failed.join('\n')).toMatch(/gate failed/);
  });
});
