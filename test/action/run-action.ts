/**
 * Runs the built action (`node dist/index.js`) as the runner does: a child process with INPUT_*
 * variables (upper-cased, hyphens kept), the event payload in a file, GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY files, RUNNER_TEMP, and the API URLs pointing at the fake server.
 * The environment is built from scratch so that a CI runner's own GITHUB_* never leaks in.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The bundle under test; DELEGATION_BENCH_ACTION_BUNDLE may point at another build of it. */
export function bundlePath(): string {
  return process.env['DELEGATION_BENCH_ACTION_BUNDLE'] ?? join(ROOT, 'dist', 'index.js');
}

export const DEFAULT_INPUTS: Readonly<Record<string, string>> = {
  // What the runner passes from action.yml's defaults.
  scenarios: 'builtin',
  'max-asr': '0',
  'min-tcr': '100',
  'github-token': 'test-token',
  comment: 'auto',
  name: 'delegation-bench',
  'job-summary': 'true',
  'badge-path': '',
  'results-path': '',
  'pr-number': '',
};

export interface RunOptions {
  /** The event's name (GITHUB_EVENT_NAME); push, pull_request and workflow_run get a payload of their own. */
  event?: 'push' | 'pull_request' | 'workflow_run' | 'merge_group' | 'workflow_dispatch' | 'issue_comment' | 'schedule';
  /** The event payload, instead of the one built for `event`. */
  payload?: Record<string, unknown>;
  prNumber?: number;
  /** The pull request's head repository, when it is a fork. */
  forkRepo?: string;
  /** More of the event's `pull_request` (labels, head.sha, base.ref, base.sha), merged in. */
  pullRequest?: { labels?: string[]; headSha?: string; baseRef?: string; baseSha?: string };
  inputs?: Record<string, string>;
  apiUrl?: string;
  runId?: string;
  /** Reuse a workspace (and its summary/output files) from an earlier run. */
  dir?: string;
  /** Another copy of the bundle to run. */
  bundle?: string;
  /** More environment variables. */
  env?: Record<string, string>;
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** The GITHUB_OUTPUT file as written. */
  outputText: string;
  summary: string;
  dir: string;
  workspace: string;
}

const created: string[] = [];

/** Removes every temp dir made by newDir() (call from afterAll). */
export function removeDirs(): void {
  for (const d of created.splice(0)) rmSync(d, { recursive: true, force: true });
}

export function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'db-action-'));
  created.push(dir);
  mkdirSync(join(dir, 'workspace'), { recursive: true });
  mkdirSync(join(dir, 'runner-temp'), { recursive: true });
  return dir;
}

function payload(o: RunOptions): Record<string, unknown> {
  const repo = { full_name: 'octo/repo', name: 'repo', owner: { login: 'octo' } };
  if (o.event === 'pull_request') {
    return {
      action: 'synchronize',
      number: o.prNumber ?? 7,
      pull_request: {
        number: o.prNumber ?? 7,
        head: { repo: { full_name: o.forkRepo ?? 'octo/repo' }, ...(o.pullRequest?.headSha ? { sha: o.pullRequest.headSha } : {}) },
        base: {
          repo: { full_name: 'octo/repo' },
          ...(o.pullRequest?.baseRef ? { ref: o.pullRequest.baseRef } : {}),
          ...(o.pullRequest?.baseSha ? { sha: o.pullRequest.baseSha } : {}),
        },
        ...(o.pullRequest?.labels ? { labels: o.pullRequest.labels.map((name, i) => ({ id: i + 1, name })) } : {}),
      },
      repository: repo,
    };
  }
  if (o.event === 'workflow_run') return { action: 'completed', workflow_run: { pull_requests: [] }, repository: repo };
  return { ref: 'refs/heads/main', repository: repo };
}

/** GITHUB_OUTPUT's `name<<DELIM … DELIM` records. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]!);
    out[m[1]!] = value.join('\n');
  }
  return out;
}

export async function runAction(o: RunOptions = {}): Promise<ActionRun> {
  const dir = o.dir ?? newDir();
  const workspace = join(dir, 'workspace');
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(o.payload ?? payload(o)));
  const outputFile = join(dir, 'github-output.txt');
  const summaryFile = join(dir, 'step-summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: o.event ?? 'push',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'octo/repo',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: o.runId ?? '4242',
    GITHUB_WORKSPACE: workspace,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_OUTPUT: outputFile,
    RUNNER_TEMP: join(dir, 'runner-temp'),
    GITHUB_API_URL: o.apiUrl ?? 'http://127.0.0.1:9', // nothing listens: a call would fail loudly
    GITHUB_GRAPHQL_URL: `${o.apiUrl ?? 'http://127.0.0.1:9'}/graphql`,
  };
  for (const [k, v] of Object.entries({ ...DEFAULT_INPUTS, ...o.inputs })) env[`INPUT_${k.toUpperCase()}`] = v;
  Object.assign(env, o.env);

  const child = spawn(process.execPath, [o.bundle ?? bundlePath()], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const code = await new Promise<number | null>((res) => child.on('close', res));
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(outputFile, 'utf8')),
    outputText: readFileSync(outputFile, 'utf8'),
    summary: existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '',
    dir,
    workspace,
  };
}

/** Newest modification time of the files a build reads. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * The real bundle, built by the project's own build script. `npm test` has just built it; the
 * build (which empties dist/ first) runs again only when src/ is newer, so that it never pulls
 * dist/ from under test files running in parallel. A prebuilt bundle may be named instead.
 * Returns whether the bundle exists afterwards.
 */
export function ensureActionBundle(): boolean {
  if (!process.env['DELEGATION_BENCH_ACTION_BUNDLE']) {
    const built = existsSync(bundlePath()) ? statSync(bundlePath()).mtimeMs : 0;
    const sources = Math.max(newestSource(join(ROOT, 'src')), statSync(join(ROOT, 'scripts', 'build.mjs')).mtimeMs);
    if (built < sources) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  }
  return existsSync(bundlePath());
}
