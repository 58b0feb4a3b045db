/**
 * Issue 22, point 4: one pipeline, one verdict. The CLI and the action over every combination of
 * mode (deterministic, llm, both) × baseline (none, unchanged, widened) × shard × report-only,
 * against the OpenAI-compatible stand-in, on a one-scenario suite. Each cell's verdict is
 * compared with the other shell's and with the expected one; where both shells write results,
 * they are the same bytes. A combination refused by design is refused by both shells.
 *
 * The whole table runs the shells in-process (src/cli/main.ts `main`, src/action/main.ts `run`:
 * what dist/cli.js and dist/index.js bind to the process, src/cli/index.ts and
 * src/action/index.ts); a few cells run as processes of the built bundles too, the action with an
 * event payload and the fake GitHub API as test/action/run-action.ts drives it, and must agree.
 *
 * The widening is one no scripted call exercises (a transfer's maximum 100 → 1000), so the matrix
 * and the LLM results pass and only the guard's finding can fail the run: a stage that drops it
 * shows as a wrong verdict.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/action/main.js';
import type { Runner } from '../../src/action/runner.js';
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import type { Results } from '../../src/results/results.js';
import { parseScenarioText } from '../../src/scenario/parse/index.js';
import { git, scenario, writeFiles } from '../helpers/baseline-repo.js';
import { FakeGitHub } from '../action/fake-github.js';
import { newDir, removeDirs, ROOT, runAction } from '../action/run-action.js';
import { startStandIn, type StandIn } from '../llm/stand-in.js';

const MODES = ['deterministic', 'llm', 'both'] as const;
const BASELINES = ['none', 'unchanged', 'widened'] as const;
type Mode = (typeof MODES)[number];
type Baseline = (typeof BASELINES)[number];
type Verdict = 'passed' | 'failed' | 'deferred' | 'refused';

interface Cell {
  mode: Mode;
  baseline: Baseline;
  /** One shard (1/2) of a split LLM run. */
  shard: boolean;
  /** The run's results file judged again: the action's report-only mode, the CLI's `merge`. */
  reportOnly: boolean;
}

const BASE_TEXT = scenario();
const WIDENED_TEXT = scenario({ transfer: '{to: {one_of: [acme]}, amount: {range: {min: 0, max: 1000}}, memo: wildcard}' });

/**
 * What the run must come to. Refused by design: a shard outside LLM mode (nothing to split), a
 * report of one shard (the merge of all of them decides), and, on the CLI, a report of scripted
 * results (its report of results files is `merge`, which joins LLM shards).
 */
function expected(c: Cell, shell: 'cli' | 'action'): Verdict {
  if (c.shard && c.mode === 'deterministic') return 'refused';
  if (c.reportOnly && c.shard) return 'refused';
  if (c.reportOnly && shell === 'cli' && c.mode === 'deterministic') return 'refused';
  if (c.shard) return 'deferred';
  return c.baseline === 'widened' ? 'failed' : 'passed';
}

let server: StandIn;
let root: string;
/** baseline kind → a repository whose HEAD is the head suite, and the base commit. */
const repos = new Map<Baseline, { dir: string; baseSha: string }>();

function makeRepo(dir: string, head: string): string {
  git(dir, 'init', '-q', '-b', 'main');
  writeFiles(dir, { 'scenarios/docs.yaml': BASE_TEXT });
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'base');
  const baseSha = git(dir, 'rev-parse', 'HEAD');
  writeFiles(dir, { 'scenarios/docs.yaml': head });
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'head');
  return baseSha;
}

beforeAll(async () => {
  server = await startStandIn([parseScenarioText(BASE_TEXT, 'scenarios/docs.yaml').scenario!]);
  root = mkdtempSync(join(tmpdir(), 'db-shells-'));
  for (const b of BASELINES) {
    const dir = join(root, b);
    mkdirSync(dir);
    repos.set(b, { dir, baseSha: makeRepo(dir, b === 'widened' ? WIDENED_TEXT : BASE_TEXT) });
  }
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
  removeDirs();
});

/** The CLI's arguments for a cell's run (what the action's inputs say, as flags). */
function cliArgs(c: Cell): string[] {
  const repo = repos.get(c.baseline)!;
  const args = ['run', '--scenarios', 'scenarios', '--format', 'json', '--out', 'results.json', '--workers', '1'];
  if (c.baseline !== 'none') args.push('--baseline', repo.baseSha);
  if (c.mode !== 'deterministic') args.push('--mode', c.mode, '--model', 'obedient', '--runs', '1', '--gate', 'llm');
  if (c.shard) args.push('--shard', '1/2');
  return args;
}

/** The action's inputs for a cell's run. */
function actionInputs(c: Cell): Record<string, string> {
  const repo = repos.get(c.baseline)!;
  const inputs: Record<string, string> = {
    scenarios: 'scenarios',
    comment: 'off',
    'job-summary': 'false',
    baseline: c.baseline === 'none' ? 'off' : repo.baseSha,
  };
  if (c.mode !== 'deterministic')
    Object.assign(inputs, { mode: c.mode, model: 'obedient', runs: '1', gate: 'llm', 'openai-base-url': server.url });
  if (c.shard) inputs.shard = '1/2';
  return inputs;
}

interface Ran {
  verdict: Verdict;
  /** The results as written (the CLI's --out, the action's results-file output). */
  results?: string;
  message: string;
}

async function cliInProcess(argv: string[], cwd: string, c: Cell): Promise<Ran> {
  let stderr = '';
  const io: CliIO = {
    stdout: () => undefined,
    stderr: (t) => void (stderr += t),
    readStdin: async () => '',
    cwd,
    env: { OPENAI_BASE_URL: server.url },
    stderrIsTTY: false,
  };
  const out = join(cwd, 'results.json');
  rmSync(out, { force: true });
  const code = await main(argv, io);
  return { verdict: cliVerdict(code, c), ...(existsSync(out) ? { results: readFileSync(out, 'utf8') } : {}), message: stderr };
}

function cliVerdict(code: number | null, c: Cell): Verdict {
  if (code === 2) return 'refused';
  if (code === 1) return 'failed';
  if (code !== 0) throw new Error(`unexpected exit code ${code}`);
  return c.shard && !c.reportOnly ? 'deferred' : 'passed';
}

async function actionInProcess(inputs: Record<string, string>, workspace: string, c: Cell): Promise<Ran> {
  const failed: string[] = [];
  const outputs: Record<string, string> = {};
  const runner: Runner = {
    env: { RUNNER_TEMP: mkdtempSync(join(root, 'temp-')), GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' },
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
  await run(runner, workspace);
  const file = outputs['results-file'];
  const results = file ? readFileSync(file, 'utf8') : undefined;
  return {
    verdict: actionVerdict(failed, results !== undefined, outputs.passed, c),
    ...(results ? { results } : {}),
    message: failed.join('\n'),
  };
}

/** Refused: the step failed before it judged anything (no results file). */
function actionVerdict(failed: readonly string[], judged: boolean, passedOutput: string | undefined, c: Cell): Verdict {
  if (!judged) {
    if (failed.length === 0) throw new Error('the step wrote no results and did not fail');
    return 'refused';
  }
  if (failed.length > 0) return 'failed';
  if (c.shard && !c.reportOnly) return 'deferred';
  expect(passedOutput).toBe('true');
  return 'passed';
}

const CELLS: Cell[] = MODES.flatMap((mode) =>
  BASELINES.flatMap((baseline) =>
    [false, true].flatMap((shard) => [false, true].map((reportOnly) => ({ mode, baseline, shard, reportOnly }))),
  ),
);

const name = (c: Cell) => `${c.mode} × baseline ${c.baseline}${c.shard ? ' × shard 1/2' : ''}${c.reportOnly ? ' × report-only' : ''}`;

describe('one verdict from both shells', () => {
  // The runs first (report-only cells judge their results files).
  const runs = new Map<string, { cli: Ran; action: Ran }>();
  const key = (c: Cell) => `${c.mode}/${c.baseline}/${c.shard}`;

  it.each(CELLS.filter((c) => !c.reportOnly).map((c) => [name(c), c] as const))('%s', async (_name, c) => {
    const { dir } = repos.get(c.baseline)!;
    // The two shells at once (they write to different places): half the wall time on a busy machine.
    const [cli, action] = await Promise.all([cliInProcess(cliArgs(c), dir, c), actionInProcess(actionInputs(c), dir, c)]);
    runs.set(key(c), { cli, action });
    expect({ cli: cli.verdict, action: action.verdict }, `${cli.message}\n${action.message}`).toEqual({
      cli: expected(c, 'cli'),
      action: expected(c, 'action'),
    });
    if (cli.verdict === 'refused') {
      expect(cli.results).toBeUndefined();
      expect(cli.message).toMatch(/--shard applies to LLM mode only/);
      expect(action.message).toMatch(/inputs model and shard apply to LLM mode only/);
      return;
    }
    // The same results, byte for byte: one pipeline, one configuration.
    expect(action.results).toBe(cli.results);
    const r = JSON.parse(cli.results!) as Results;
    // The gate holds every part: a shard's file carries it for the merge.
    expect(r.gate.passed).toBe(c.baseline !== 'widened');
    expect(r.gate.violations.map((v) => v.kind)).toEqual(c.baseline === 'widened' ? ['authority_widened'] : []);
    if (c.mode !== 'deterministic') expect(r.llm?.gate?.passed).toBe(true);
    // Under mode llm the matrix did not run: no rates to compare with the baseline's.
    if (c.mode === 'llm' && r.baseline) expect([r.summary, r.baseline.summary, r.baseline.flips]).toEqual([{}, {}, []]);
  });

  it.each(CELLS.filter((c) => c.reportOnly).map((c) => [name(c), c] as const))('%s', async (_name, c) => {
    const ran = runs.get(key(c));
    expect(ran, 'the run cell ran first').toBeDefined();
    const { dir } = repos.get(c.baseline)!;
    const folder = mkdtempSync(join(dir, 'report-'));
    const file = join(folder, 'results.json');
    if (ran!.cli.results === undefined) {
      // The run itself was refused: nothing to report on; both shells still refuse the step.
      expect(expected(c, 'cli')).toBe('refused');
      return;
    }
    writeFileSync(file, ran!.cli.results);
    const rel = folder.slice(dir.length + 1);
    const cli = await cliInProcess(['merge', '--format', 'json', '--out', 'results.json', `${rel}/results.json`], dir, c);
    const inputs: Record<string, string> = {
      comment: 'off',
      'job-summary': 'false',
      'results-path': `${rel}/results.json`,
      gate: c.mode === 'deterministic' ? 'deterministic' : 'llm',
    };
    if (c.shard) inputs.shard = '1/2';
    const action = await actionInProcess(inputs, dir, c);
    expect({ cli: cli.verdict, action: action.verdict }, `${cli.message}\n${action.message}`).toEqual({
      cli: expected(c, 'cli'),
      action: expected(c, 'action'),
    });
    if (c.shard) {
      expect(cli.message).toMatch(/shard 2\/2 not given/);
      expect(action.message).toMatch(/input shard: report-only mode/);
    } else if (c.mode === 'deterministic') {
      expect(cli.message).toMatch(/no \$\.llm|llm/);
    } else {
      // The report judges the run's parts again and comes to the run's verdict, on the same file.
      expect(JSON.parse(action.results!).gate).toEqual(JSON.parse(cli.results!).gate);
    }
  });
});

describe('the built bundles agree', () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = new FakeGitHub();
    await gh.start();
  });
  afterAll(async () => gh.stop());

  /** dist/cli.js as a process. */
  function cliProcess(argv: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...argv], {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', OPENAI_BASE_URL: server.url },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    return new Promise((res) => child.on('close', (code) => res({ code, stderr })));
  }

  it.each([
    { mode: 'llm', baseline: 'widened', shard: false, reportOnly: false },
    { mode: 'llm', baseline: 'unchanged', shard: false, reportOnly: false },
  ] as Cell[])('$mode × baseline $baseline: dist/cli.js and dist/index.js on a pull request', async (c) => {
    const { dir } = repos.get(c.baseline)!;
    // The action on a pull_request event, its comment posted to the fake GitHub API, in a clone.
    const d = newDir();
    const workspace = join(d, 'workspace');
    rmSync(workspace, { recursive: true });
    git(root, 'clone', '-q', dir, workspace);
    const pr = c.baseline === 'widened' ? 21 : 22;
    const inputs = { ...actionInputs(c), comment: 'auto' };
    const [cli, action] = await Promise.all([
      cliProcess(cliArgs(c), dir),
      runAction({ event: 'pull_request', prNumber: pr, apiUrl: gh.url, dir: d, inputs }),
    ]);
    expect(cliVerdict(cli.code, c), cli.stderr).toBe(expected(c, 'cli'));
    expect(action.outputs.passed, action.stdout).toBe(String(expected(c, 'action') === 'passed'));
    expect(action.code).toBe(expected(c, 'action') === 'passed' ? 0 : 1);
    const results = readFileSync(action.outputs['results-file']!, 'utf8');
    expect(results).toBe(readFileSync(join(dir, 'results.json'), 'utf8'));
    const comment = gh.comments.get(pr)?.[0]?.body ?? '';
    expect(comment).toContain(expected(c, 'action') === 'passed' ? 'gate passed' : 'gate failed');
  });
});
