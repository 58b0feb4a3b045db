/**
 * Which base a pull request is compared with (issue 25 point 5, docs/guard.md#which-base), driven
 * as a runner drives the built action: a head checkout behind its base is compared with the merge
 * base of HEAD and the base (no scenario the base gained later is "removed"); GitHub's merge commit
 * with its base; a shallow head checkout fetches what the merge base needs from origin. The report,
 * the comment and the results say which commit was compared and why.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from './fake-github.js';
import { ensureActionBundle, newDir, removeDirs, runAction, type ActionRun } from './run-action.js';
import { git } from '../helpers/baseline-repo.js';
import { behindRepo, mergeCommitOf, type BehindRepo } from '../helpers/behind-base.js';

beforeAll(() => {
  expect(ensureActionBundle()).toBe(true);
}, 120_000);
afterAll(removeDirs);

let gh: FakeGitHub;
beforeEach(async () => {
  gh = new FakeGitHub();
  await gh.start();
});
afterEach(async () => {
  await gh.stop();
});

interface Baseline {
  ref: string;
  commit: string;
  removed: string[];
  reason?: string;
}

function baselineOf(r: ActionRun): Baseline {
  return (JSON.parse(readFileSync(r.outputs['results-file']!, 'utf8')) as { baseline: Baseline }).baseline;
}

function prRun(dir: string, repo: BehindRepo): Promise<ActionRun> {
  return runAction({
    dir,
    event: 'pull_request',
    prNumber: 7,
    apiUrl: gh.url,
    inputs: { scenarios: 'scenarios', mutants: 'off' },
    pullRequest: { headSha: repo.headSha, baseSha: repo.baseSha, baseRef: 'main' },
  });
}

const comment = (): string => gh.comments.get(7)?.[0]?.body ?? '';

describe('a pull request compared with the right base', () => {
  it('a head checkout behind its base: the merge base, and nothing the base gained later is removed', async () => {
    const dir = newDir();
    const repo = behindRepo(join(dir, 'workspace'));
    const r = await prRun(dir, repo);
    const b = baselineOf(r);
    expect(b.commit).toBe(repo.forkSha);
    expect(b.removed).toEqual([]);
    expect(r.stdout).not.toContain('suite_weakened');
    expect(r.code).toBe(0);
    const why = `the merge base ${repo.forkSha.slice(0, 7)} of HEAD and main: the workspace is the pull request's head ${repo.headSha.slice(0, 7)}, not GitHub's merge commit`;
    expect(b.reason).toContain(why);
    expect(r.stdout).toContain(`baseline: ${why}`);
    for (const text of [r.summary, comment()]) {
      expect(text).toContain(`### Changes against the base (\`${repo.forkSha.slice(0, 7)}\`)`);
      expect(text).toContain(`Compared with ${why}`);
    }
  });

  it('GitHub’s merge commit: the pull request’s base sha, and the comment says why', async () => {
    const dir = newDir();
    const ws = join(dir, 'workspace');
    const repo = behindRepo(ws);
    mergeCommitOf(ws, repo);
    const r = await prRun(dir, repo);
    const b = baselineOf(r);
    expect(b.commit).toBe(repo.baseSha);
    expect(b.removed).toEqual([]);
    expect(r.code).toBe(0);
    const why = `the pull request's base main (${repo.baseSha.slice(0, 7)}): the workspace is GitHub's merge commit of the head onto it`;
    expect(b.reason).toBe(why);
    expect(comment()).toContain(`### Changes against \`main\` (\`${repo.baseSha.slice(0, 7)}\`)`);
    expect(comment()).toContain(`Compared with ${why}.`);
  });

  it('a shallow head checkout fetches the base and the history down to the merge base from origin', async () => {
    const dir = newDir();
    const origin = join(dir, 'origin');
    mkdirSync(origin);
    const repo = behindRepo(origin);
    const ws = join(dir, 'workspace');
    rmSync(ws, { recursive: true, force: true });
    execFileSync('git', ['clone', '-q', '--depth=1', '--branch', 'feat', `file://${origin}`, ws]);
    expect(() => git(ws, 'cat-file', '-e', repo.baseSha)).toThrow(); // the base is not in the clone
    const r = await prRun(dir, repo);
    expect(baselineOf(r).commit).toBe(repo.forkSha);
    expect(baselineOf(r).removed).toEqual([]);
    expect(r.code).toBe(0);
  });
});
