/** The action's baseline: which ref it compares with, and a shallow checkout of a pull request. */
import { describe, expect, it } from 'vitest';
import { baselineRef, reportBaseline, writeActionCiFiles } from '../../src/action/baseline-step.js';
import type { ActionContext } from '../../src/action/event-context.js';
import { parseInputs, type ActionConfig } from '../../src/action/inputs.js';
import { actionPipelineConfig, run } from '../../src/action/main.js';
import type { Runner } from '../../src/action/runner.js';
import { runPipeline } from '../../src/pipeline/pipeline.js';
import { cfg, git, RENAMED_WIDENED, repoWith, scenario, tempDir } from '../helpers/baseline-repo.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { readResultsFile, ResultsFileError } from '../../src/action/results-file.js';
import type { Results } from '../../src/results/results.js';
import { renderJson } from '../../src/report/json.js';

function fakeRunner(): Runner & { log: string[]; failed: string[]; outputs: Record<string, string> } {
  const log: string[] = [];
  const failed: string[] = [];
  const outputs: Record<string, string> = {};
  return {
    env: {},
    log,
    failed,
    outputs,
    getInput: () => '',
    setOutput: (n, v) => void (outputs[n] = v),
    setSecret: () => undefined,
    info: (m) => void log.push(m),
    debug: () => undefined,
    notice: (m) => void log.push(m),
    warning: (m) => void log.push(`warning: ${m}`),
    error: (m) => void log.push(`error: ${m}`),
    group: (_name, fn) => fn(),
    summary: undefined,
    setFailed: (m) => void failed.push(m),
  };
}

/** The action's run with the comparison, through the pipeline as main.ts calls it. */
async function applyActionBaseline(runner: Runner, config: ActionConfig, ctx: ActionContext): Promise<Results> {
  const ref = baselineRef(config, ctx);
  const outcome = await runPipeline(
    { ...actionPipelineConfig(config, ctx, ref.ref), workers: 1 },
    { compared: (b) => reportBaseline(runner, b) },
  );
  return outcome.results;
}

describe('action baseline', () => {
  it('defaults to the pull request base, `off` disables, a ref wins; no base on a push', () => {
    const sha = 'a'.repeat(40);
    expect(baselineRef({ baseline: '' }, { baseSha: sha, eventName: 'pull_request' }).ref).toBe(sha);
    expect(baselineRef({ baseline: 'off' }, { baseSha: sha, eventName: 'pull_request' }).ref).toBeUndefined();
    expect(baselineRef({ baseline: 'main' }, { baseSha: sha, eventName: 'pull_request' }).ref).toBe('main');
    const push = baselineRef({ baseline: '' }, { baseSha: undefined, eventName: 'push' });
    expect(push.ref).toBeUndefined();
    expect(push.why).toContain('no pull request base in this push event');
  });

  it('on a shallow pull-request checkout, fetches the base, fails the gate on a widening, writes SARIF and JUnit', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/docs.yaml': scenario() },
      { 'scenarios/docs.yaml': scenario({ readFile: '{subpath: /app}' }) },
    );
    const clone = tempDir('db-action-');
    git(clone, 'clone', '-q', '--depth', '1', `file://${dir}`, 'ws');
    const workspace = `${clone}/ws`;
    const config = parseInputs((n) => (n === 'scenarios' ? 'scenarios' : ''));
    const ctx = { workspace, baseSha, eventName: 'pull_request' } as ActionContext;
    const runner = fakeRunner();
    const out = await applyActionBaseline(runner, config, ctx);
    expect(runner.failed).toEqual([]);
    expect(out?.baseline?.widenings.map((w) => w.counterexample)).toEqual([{ tool: 'read_file', args: { path: '/app/secrets.txt' } }]);
    expect(out?.gate.violations.map((v) => v.kind)).toContain('authority_widened');
    await writeActionCiFiles(runner, out!, clone);
    expect(
      JSON.parse(readFileSync(runner.outputs['sarif-file']!, 'utf8')).runs[0].results.map((r: { ruleId: string }) => r.ruleId),
    ).toContain('authority_widened');
    expect(readFileSync(runner.outputs['junit-file']!, 'utf8')).toContain('<failure type="authority_widened"');
  });

  it('a base that cannot be read fails the step with the reason', async () => {
    const { dir } = repoWith({ 'scenarios/docs.yaml': scenario() }, {});
    const inputs: Record<string, string> = { scenarios: 'scenarios', baseline: 'no-such-ref', comment: 'off', 'job-summary': 'false' };
    const runner = {
      ...fakeRunner(),
      env: { RUNNER_TEMP: tempDir('db-action-t-'), GITHUB_WORKSPACE: dir },
      getInput: (n: string) => inputs[n] ?? '',
    };
    const failed: string[] = [];
    runner.setFailed = (m) => void failed.push(m);
    await run(runner, dir);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/^baseline no-such-ref: baseline_ref_missing: /);
  });

  it('report-only mode carries a checked baseline from the file, and refuses a malformed one', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/docs.yaml': scenario() },
      { 'scenarios/docs.yaml': scenario({ readFile: '{subpath: /app}' }) },
    );
    const config = parseInputs((n) => (n === 'scenarios' ? 'scenarios' : ''));
    const out = await applyActionBaseline(fakeRunner(), config, { workspace: dir, baseSha, eventName: 'pull_request' } as ActionContext);
    const file = `${dir}/results.json`;
    writeFileSync(file, renderJson(out!));
    const step = { maxAsr: 0, minTcr: 1, maxFalseAllows: 0, maxFalseBlocks: 0 };
    const read = await readResultsFile(file, step);
    expect(read.results.baseline).toEqual(out!.baseline);
    expect(read.results.gate.violations.map((v) => v.kind)).toContain('authority_widened');
    // A forged file: the widening's violation removed, the gate marked passed, widening "allowed".
    // Report-only mode judges the widening again with this step's allow-widening.
    const forged = JSON.parse(renderJson(out!)) as Results;
    forged.baseline!.allow_widening = true;
    forged.gate.violations = forged.gate.violations.filter((v) => v.kind !== 'authority_widened');
    forged.gate.passed = forged.gate.violations.length === 0;
    writeFileSync(file, JSON.stringify(forged));
    const judged = await readResultsFile(file, step);
    expect(judged.results.gate.passed).toBe(false);
    expect(judged.results.gate.violations.map((v) => v.kind)).toContain('authority_widened');
    expect(judged.results.baseline!.allow_widening).toBe(false);
    const allowed = await readResultsFile(file, step, { allowWidening: true });
    expect(allowed.results.gate.violations.map((v) => v.kind)).not.toContain('authority_widened');
    expect(allowed.results.baseline!.allow_widening).toBe(true);
    const bad = JSON.parse(renderJson(out!)) as { baseline: { widenings: { effect: unknown }[] } };
    bad.baseline.widenings[0]!.effect = { output: 1 };
    writeFileSync(file, JSON.stringify(bad));
    const err = await readResultsFile(file, step).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResultsFileError);
    expect((err as Error).message).toContain('$.baseline.widenings[0].effect.output: expected a string');
  });

  it('allow-suite-changes reaches the comparison; report-only mode judges suite changes again with the step input', async () => {
    const { dir, baseSha } = repoWith({ 'scenarios/cfg.yaml': cfg() }, { 'scenarios/cfg.yaml': RENAMED_WIDENED });
    const ctx = { workspace: dir, baseSha, eventName: 'pull_request' } as ActionContext;
    const inputs = (extra: Record<string, string>) => parseInputs((n) => (n === 'scenarios' ? 'scenarios' : (extra[n] ?? '')));
    const config = inputs({});
    const runner = fakeRunner();
    const out = await applyActionBaseline(runner, config, ctx);
    expect(out?.baseline?.renamed).toEqual([{ base: 'cfg', head: 'cfg_v2', file: 'scenarios/cfg.yaml' }]);
    expect(out?.gate.violations.map((v) => v.kind)).toContain('suite_weakened');
    expect(runner.log.join('\n')).toContain('2 suite change(s)');
    const allowedRun = await applyActionBaseline(fakeRunner(), inputs({ 'allow-suite-changes': 'true' }), ctx);
    expect(allowedRun?.gate.violations.map((v) => v.kind)).not.toContain('suite_weakened');
    expect(allowedRun?.baseline?.allow_suite_changes).toBe(true);

    // A forged file: suite changes "allowed" and their violations dropped. The step's input decides.
    const file = `${dir}/results.json`;
    const forged = JSON.parse(renderJson(out!)) as Results;
    forged.baseline!.allow_suite_changes = true;
    forged.gate.violations = forged.gate.violations.filter((v) => v.kind !== 'suite_weakened');
    writeFileSync(file, JSON.stringify(forged));
    const step = { maxAsr: 0, minTcr: 1, maxFalseAllows: 0, maxFalseBlocks: 0 };
    const judged = await readResultsFile(file, step);
    expect(judged.results.baseline).toEqual({ ...out!.baseline, allow_suite_changes: false });
    expect(judged.results.gate.violations.filter((v) => v.kind === 'suite_weakened')).toEqual(
      out!.gate.violations.filter((v) => v.kind === 'suite_weakened'),
    );
    const allowed = await readResultsFile(file, step, { allowSuiteChanges: true, allowWidening: false });
    expect(allowed.results.gate.violations.map((v) => v.kind)).not.toContain('suite_weakened');
    expect(allowed.results.gate.violations.map((v) => v.kind)).toContain('authority_widened');
    expect(allowed.results.baseline!.allow_suite_changes).toBe(true);

    // Checked in full: an unknown change kind, or a file without the suite's part, is refused.
    const bad = JSON.parse(renderJson(out!)) as { baseline: { suite_changes: { change: string }[]; renamed?: unknown } };
    bad.baseline.suite_changes[0]!.change = 'nothing_to_see';
    writeFileSync(file, JSON.stringify(bad));
    await expect(readResultsFile(file, step)).rejects.toThrow(/\$\.baseline\.suite_changes\[0\]\.change/);
    const old = JSON.parse(renderJson(out!)) as { baseline: { renamed?: unknown } };
    delete old.baseline.renamed;
    writeFileSync(file, JSON.stringify(old));
    await expect(readResultsFile(file, step)).rejects.toThrow(/\$\.baseline\.renamed/);
  });
});
