/**
 * Issue 22, point 4: LLM mode and a baseline in one run. Both shells run the same pipeline, so a
 * widened grant fails `--mode llm` as it fails a deterministic run, and an unchanged one passes
 * (the baseline does not re-decide a matrix that did not run).
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/action/main.js';
import type { Runner } from '../../src/action/runner.js';
import { runCommand } from '../../src/cli/run.js';
import type { Results } from '../../src/results/results.js';
import { parseScenarioText } from '../../src/scenario/parse/index.js';
import { repoWith, scenario } from '../helpers/baseline-repo.js';
import { startStandIn, type StandIn } from '../llm/stand-in.js';
import { fakeIo } from '../scenario/helpers.js';

let server: StandIn;

beforeAll(async () => {
  const parsed = parseScenarioText(scenario(), 'scenarios/docs.yaml');
  server = await startStandIn([parsed.scenario!]);
});
afterAll(async () => server.close());

const WIDENED = { 'scenarios/docs.yaml': scenario({ readFile: '{subpath: /app}' }) };
const UNCHANGED = { 'scenarios/docs.yaml': scenario() };

function recordingRunner(
  inputs: Record<string, string>,
  workspace: string,
): Runner & { failed: string[]; outputs: Record<string, string> } {
  const failed: string[] = [];
  const outputs: Record<string, string> = {};
  return {
    env: { RUNNER_TEMP: mkdtempSync(join(workspace, '.t-')), GITHUB_WORKSPACE: workspace },
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

describe('LLM mode with a baseline', () => {
  it('CLI: run --mode llm --baseline REF fails on a widened grant', async () => {
    const { dir, baseSha } = repoWith(UNCHANGED, WIDENED);
    const io = fakeIo(dir);
    io.env = { OPENAI_BASE_URL: server.url };
    const code = await runCommand(
      [
        '--scenarios',
        'scenarios',
        '--baseline',
        baseSha,
        '--mode',
        'llm',
        '--model',
        'obedient',
        '--runs',
        '1',
        '--format',
        'json',
        '--workers',
        '1',
      ],
      io,
    );
    const r = JSON.parse(io.out) as Results;
    expect(r.baseline?.widenings.length).toBeGreaterThan(0);
    expect(r.gate.violations.map((v) => v.kind)).toContain('authority_widened');
    expect(r.gate.passed).toBe(false);
    expect(code).toBe(1);
  });

  it('action: mode llm passes a pull request that changed nothing, and fails one that widened', async () => {
    for (const [head, passed] of [
      [UNCHANGED, true],
      [WIDENED, false],
    ] as const) {
      const { dir, baseSha } = repoWith(UNCHANGED, head);
      const inputs = {
        scenarios: 'scenarios',
        comment: 'off',
        'job-summary': 'false',
        mode: 'llm',
        model: 'obedient',
        runs: '1',
        'openai-base-url': server.url,
        baseline: baseSha,
      };
      const r = recordingRunner(inputs, dir);
      await run(r, dir);
      expect(r.failed.join('\n')).not.toMatch(/TCR 0/);
      expect(r.outputs.passed).toBe(String(passed));
      expect(r.failed.length === 0).toBe(passed);
    }
  });
});
