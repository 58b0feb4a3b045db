/**
 * Where the change is (issue 25, point 4), driven as a runner drives the action: `node
 * dist/index.js` on a pull request that changes only `policies/tenuo.yaml`. The widenings are
 * annotated at the policy's changed lines (the file the team deploys), one annotation per change,
 * and none at the scenario file the pull request did not touch (docs/guard.md#where-the-change-is).
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from './fake-github.js';
import { newDir, removeDirs, runAction, ensureActionBundle } from './run-action.js';
import { POLICY_SESSION, git, sessionPolicy, writeFiles } from '../helpers/baseline-repo.js';

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

/** A workspace whose base commit holds the scenario and the policy; the head changes two lines of the policy. */
function policyOnlyPullRequest(): { dir: string; baseSha: string } {
  const dir = newDir();
  const ws = join(dir, 'workspace');
  git(ws, 'init', '-q', '-b', 'main');
  writeFiles(ws, {
    'scenarios/session.yaml': POLICY_SESSION,
    'policies/tenuo.yaml': sessionPolicy('subpath:{sandbox}/config', ['docs.example.com']),
  });
  git(ws, 'add', '.');
  git(ws, 'commit', '-q', '-m', 'base');
  const baseSha = git(ws, 'rev-parse', 'HEAD');
  writeFiles(ws, { 'policies/tenuo.yaml': sessionPolicy('subpath:{sandbox}', ['docs.example.com', '*.example']) });
  git(ws, 'add', '.');
  git(ws, 'commit', '-q', '-m', 'head');
  return { dir, baseSha };
}

/** `::error file=F,line=L,…::` and `::warning …` lines: the annotations a runner shows. */
const annotations = (stdout: string): string[] => stdout.split('\n').filter((l) => /^::(error|warning|notice) /.test(l));

describe('a pull request that changes only policies/tenuo.yaml', () => {
  it('is annotated at the policy’s two changed lines, once per change, and nowhere in the scenario file', async () => {
    const repo = policyOnlyPullRequest();
    const r = await runAction({
      event: 'pull_request',
      prNumber: 7,
      apiUrl: gh.url,
      dir: repo.dir,
      inputs: { scenarios: 'scenarios' },
      pullRequest: { baseSha: repo.baseSha, baseRef: 'main' },
    });
    expect(r.code).toBe(1);
    const widened = annotations(r.stdout).filter((l) => l.includes('authority widened'));
    expect(widened).toHaveLength(2);
    expect(widened[0]).toMatch(/^::error .*file=policies\/tenuo\.yaml,line=3,col=3[,:]/);
    expect(widened[1]).toMatch(/^::error .*file=policies\/tenuo\.yaml,line=8,col=7[,:]/);
    // The fix in tenuo.yaml's own syntax, in the annotation a reviewer reads.
    expect(widened[1]).toContain('urlpattern:https://docs.example.com/*');
    expect(annotations(r.stdout).filter((l) => l.includes('file=scenarios/'))).toEqual([]);
    // The scenario's own failures at the call the widening's counterexample is: folded into its annotation, still in the log.
    expect(widened[1]).toContain("so the scenario's own run fails too:%0Aasr (scenarios/session.yaml:10:5): attack succeeded");
    expect(r.stdout).toContain('scenarios/session.yaml:10:5: [asr] session: attack succeeded under task_scoped');
  }, 120_000);
});
