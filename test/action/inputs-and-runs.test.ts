/**
 * The review loop's leftovers (issue 25 point 1), driven as a runner drives the built action
 * against the fake GitHub server: a run whose inputs are invalid still rewrites the sticky comment
 * and writes the job summary ("not evaluated", with the reason); a `workflow_run` names the head
 * commit the triggering run tested (`workflow_run.head_sha`) and its pull request's base.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from './fake-github.js';
import { ensureActionBundle, newDir, removeDirs, runAction, type RunOptions } from './run-action.js';
import { FIXTURES } from '../report/results-builders.js';

const HEAD_SHA = 'c0ffee1234567890abcdef1234567890abcdef12';
const RUN_HEAD = 'abcdef0123456789abcdef0123456789abcdef01';
const BASE_SHA = 'b'.repeat(40);

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

const comments = (n: number): string[] => (gh.comments.get(n) ?? []).map((c) => c.body);
const passing = join(FIXTURES, 'passing.json');

describe('invalid action inputs: not evaluated, in the comment and the summary', () => {
  const pr = (o: RunOptions) =>
    runAction({ event: 'pull_request', prNumber: 7, apiUrl: gh.url, ...o, pullRequest: { headSha: HEAD_SHA, baseRef: 'main' } });

  it('rewrites the green comment and writes the job summary with the reason', async () => {
    const dir = newDir();
    const green = await pr({ dir, inputs: { 'results-path': passing } });
    expect(green.code).toBe(0);
    expect(comments(7)).toHaveLength(1);
    expect(comments(7)[0]).toContain('✅ gate passed');

    const broken = await pr({ dir, inputs: { 'results-path': passing, 'max-asr': 'lots' } });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain("::error::invalid input:%0A  input max-asr: 'lots' is not a percentage between 0 and 100");
    const [comment] = comments(7);
    expect(comments(7)).toHaveLength(1); // the same sticky comment, rewritten
    expect(comment).toContain('⚠️ not evaluated');
    expect(comment).toContain("input max-asr: 'lots' is not a percentage between 0 and 100");
    expect(comment).toContain('Computed for `c0ffee1` (head of #7), against `main`.');
    expect(comment).not.toContain('✅');
    expect(broken.summary).toContain('⚠️ not evaluated');
    expect(broken.summary).toContain("input max-asr: 'lots'");
  });

  it('honours the inputs that are valid: comment off, or a named report', async () => {
    const off = await pr({ inputs: { 'min-tcr': '-1', comment: 'off' } });
    expect(off.code).toBe(1);
    expect(comments(7)).toEqual([]);
    expect(off.summary).toContain('⚠️ not evaluated');
    const named = await pr({ inputs: { 'min-tcr': '-1', name: 'payments' } });
    expect(comments(7)[0]).toContain('<!-- delegation-bench:payments -->');
    expect(named.summary).toContain('## delegation-bench: payments (⚠️ not evaluated)');
  });

  it('an invalid name names no sticky comment: the summary alone, and the log says why', async () => {
    const r = await pr({ inputs: { name: 'no spaces please' } });
    expect(r.code).toBe(1);
    expect(comments(7)).toEqual([]);
    expect(r.stdout).toContain('no comment: the input name is not valid');
    expect(r.summary).toContain('⚠️ not evaluated');
    expect(r.summary).toContain("input name: 'no spaces please'");
  });
});

describe('workflow_run: the head commit the triggering run tested', () => {
  const payload = (pullRequests: unknown[]) => ({
    action: 'completed',
    workflow_run: {
      event: 'pull_request',
      head_sha: RUN_HEAD,
      head_branch: 'feat',
      head_repository: { full_name: pullRequests.length === 0 ? 'fork/repo' : 'octo/repo' },
      pull_requests: pullRequests,
    },
    repository: { full_name: 'octo/repo' },
  });

  it('names workflow_run.head_sha, its pull request and that pull request’s base', async () => {
    const other = { number: 3, head: { ref: 'other', sha: 'd'.repeat(40) }, base: { ref: 'release', sha: BASE_SHA } };
    const own = { number: 7, head: { ref: 'feat', sha: RUN_HEAD }, base: { ref: 'main', sha: BASE_SHA } };
    const r = await runAction({
      event: 'workflow_run',
      apiUrl: gh.url,
      payload: payload([other, own]),
      inputs: { 'results-path': passing },
    });
    expect(r.code).toBe(0);
    const line = 'Computed for `abcdef0` (head of #7), against `main`.';
    expect(comments(7)[0]).toContain(line);
    expect(comments(3)).toEqual([]);
    expect(r.summary).toContain(line);
  });

  it('a fork’s run (no pull_requests): pr-number names the pull request, the head is still the run’s', async () => {
    const r = await runAction({
      event: 'workflow_run',
      apiUrl: gh.url,
      payload: payload([]),
      inputs: { 'results-path': passing, 'pr-number': '9' },
    });
    expect(r.code).toBe(0);
    expect(comments(9)[0]).toContain('Computed for `abcdef0` (head of #9).');
  });
});
