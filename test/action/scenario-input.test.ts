/**
 * The action's scenario input, in process (src/action/main.ts with a recording runner): files
 * outside the workspace are refused, and an invalid scenario set fails the step with a job summary
 * that lists the problems, bounded and escaped.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/action/main.js';
import type { AnnotationProps, Runner } from '../../src/action/runner.js';
import { DEFAULT_INPUTS } from './run-action.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Recorded {
  info: string[];
  failed: string[];
  errors: { message: string; props?: AnnotationProps }[];
  summary: string;
  outputs: Record<string, string>;
}

function setup(): { root: string; workspace: string; outside: string } {
  const root = mkdtempSync(join(tmpdir(), 'db-action-input-'));
  dirs.push(root);
  const workspace = join(root, 'workspace');
  const outside = join(root, 'outside');
  for (const d of [workspace, outside, join(root, 'temp')]) mkdirSync(d, { recursive: true });
  return { root, workspace, outside };
}

async function runWith(root: string, workspace: string, inputs: Record<string, string>): Promise<Recorded> {
  const all: Record<string, string> = { ...DEFAULT_INPUTS, comment: 'off', ...inputs };
  const summaryFile = join(root, 'summary.md');
  const rec: Recorded = { info: [], failed: [], errors: [], summary: '', outputs: {} };
  const runner: Runner = {
    env: { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: join(root, 'temp'), GITHUB_STEP_SUMMARY: summaryFile, GITHUB_EVENT_NAME: 'push' },
    getInput: (n) => all[n] ?? '',
    setOutput: (n, v) => void (rec.outputs[n] = v),
    setSecret: () => undefined,
    info: (m) => void rec.info.push(m),
    debug: () => undefined,
    notice: () => undefined,
    warning: () => undefined,
    error: (message, props) => void rec.errors.push(props ? { message, props } : { message }),
    group: (_name, fn) => fn(),
    summary: { file: summaryFile, append: (text) => appendFile(summaryFile, text, 'utf8') },
    setFailed: (m) => void rec.failed.push(m),
  };
  await run(runner, workspace);
  try {
    rec.summary = readFileSync(summaryFile, 'utf8');
  } catch {
    rec.summary = '';
  }
  return rec;
}

const SECRET = 'TOP-SECRET-RUNNER-FILE';

describe('the action reads scenario files from inside the workspace only', () => {
  it('refuses a symlinked file, a symlinked folder, a symlink inside a folder and ../', async () => {
    const { root, workspace, outside } = setup();
    writeFileSync(join(outside, 'secret.yaml'), `name: ${SECRET}\n`);
    symlinkSync(join(outside, 'secret.yaml'), join(workspace, 'link.yaml'));
    symlinkSync(outside, join(workspace, 'linked-folder'));
    mkdirSync(join(workspace, 'mixed'));
    symlinkSync(join(outside, 'secret.yaml'), join(workspace, 'mixed', 'a.yaml'));
    for (const input of ['link.yaml', 'linked-folder', 'mixed', '../outside/secret.yaml', 'mixed/a.yaml']) {
      const r = await runWith(root, workspace, { scenarios: input });
      expect(r.failed).toHaveLength(1);
      expect(r.failed[0]).toContain('outside the workspace');
      expect(r.failed[0]).not.toContain(SECRET);
      expect(r.summary).toContain('outside the workspace');
      expect(r.summary).not.toContain(SECRET);
      expect(r.outputs['passed']).toBeUndefined();
    }
  });

  it('refuses a symlink in a subfolder that leads out, and a symlinked folder below', async () => {
    const { root, workspace, outside } = setup();
    writeFileSync(join(outside, 'secret.yaml'), `name: ${SECRET}\n`);
    mkdirSync(join(workspace, 'deep', 'sub'), { recursive: true });
    symlinkSync(join(outside, 'secret.yaml'), join(workspace, 'deep', 'sub', 'a.yaml'));
    mkdirSync(join(workspace, 'tree', 'sub'), { recursive: true });
    writeFileSync(join(workspace, 'tree', 'x.yaml'), 'name: x\n');
    symlinkSync(outside, join(workspace, 'tree', 'sub', 'out'));
    const deep = await runWith(root, workspace, { scenarios: 'deep' });
    expect(deep.failed).toHaveLength(1);
    expect(deep.failed[0]).toContain('deep/sub/a.yaml: resolves (through a symlink or');
    expect(deep.failed[0]).toContain('outside the workspace');
    const tree = await runWith(root, workspace, { scenarios: 'tree' });
    expect(tree.failed).toHaveLength(1);
    expect(tree.failed[0]).toContain('tree/sub/out: a symlink to a folder: folders are not read through symlinks');
    for (const r of [deep, tree]) {
      expect(r.failed[0]).not.toContain(SECRET);
      expect(r.summary).not.toContain(SECRET);
      expect(r.outputs['passed']).toBeUndefined();
    }
  });

  it('reads the folders below and logs how many files and scenarios it read', async () => {
    const { root, workspace } = setup();
    const builtin = fileURLToPath(new URL('../../scenarios', import.meta.url));
    mkdirSync(join(workspace, 'scen', 'sub'), { recursive: true });
    writeFileSync(join(workspace, 'scen', 'code_review.yaml'), readFileSync(join(builtin, 'code_review.yaml')));
    writeFileSync(join(workspace, 'scen', 'sub', 'log_analysis.yaml'), readFileSync(join(builtin, 'log_analysis.yaml')));
    const r = await runWith(root, workspace, { scenarios: 'scen', probes: 'false', mutants: 'false' });
    expect(r.failed).toEqual([]);
    expect(r.info).toContain('read 2 files, 2 scenarios from scen');
    expect(r.outputs['passed']).toBe('true');
  });

  it('still reads a symlink that stays inside the workspace', async () => {
    const { root, workspace } = setup();
    mkdirSync(join(workspace, 'real'));
    writeFileSync(join(workspace, 'real', 'x.yaml'), 'name: x\n');
    symlinkSync(join(workspace, 'real', 'x.yaml'), join(workspace, 'inside.yaml'));
    const r = await runWith(root, workspace, { scenarios: 'inside.yaml' });
    // It is read (and found incomplete): the problems are about its content, not its place.
    expect(r.failed[0]).not.toContain('outside the workspace');
    expect(r.failed[0]).toContain("missing required key 'description'");
  });
});

describe('an invalid scenario set', () => {
  it('fails the step and lists every problem, escaped, in the job summary', async () => {
    const { root, workspace } = setup();
    writeFileSync(join(workspace, 'bad.yaml'), 'name: x\nfoo: 1\n');
    writeFileSync(join(workspace, 'worse.YML'), 'name: "@octocat see https://evil.example #1"\n');
    const r = await runWith(root, workspace, { scenarios: 'bad.yaml', ...{} });
    expect(r.failed).toHaveLength(1);
    expect(r.summary).toContain('⚠️ not evaluated');
    expect(r.summary).toContain("- `bad.yaml:2:1`: unknown key 'foo'");
    expect(r.summary).toContain('the run stopped before it had results');
    const both = await runWith(root, workspace, { scenarios: 'bad.yaml\nworse.YML' });
    expect(both.failed).toHaveLength(1);
    expect(both.summary).toContain('worse.YML:1:7');
    expect(both.summary).not.toMatch(/@octocat|https:\/\/|#1/);
  });

  it('does not echo a results file or a huge file passed as scenarios', async () => {
    const { root, workspace } = setup();
    // A results file (JSON is YAML) with long values and keys: every one of them is a problem.
    const big = 'Z'.repeat(2_000);
    const keys = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`${big}${i}`, i]));
    writeFileSync(join(workspace, 'results.yaml'), JSON.stringify({ version: 2, name: big, ...keys, calls: [{ tool: big }] }));
    const r = await runWith(root, workspace, { scenarios: 'results.yaml' });
    expect(r.failed).toHaveLength(1);
    for (const text of [r.failed[0]!, r.summary, ...r.errors.map((e) => e.message)]) {
      expect(text).not.toContain('Z'.repeat(100));
    }
    expect(r.failed[0]!.length).toBeLessThan(201 * 200);
    expect(r.failed[0]).toMatch(/more problems in this file/);
  });
});
