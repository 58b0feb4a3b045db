/**
 * The review loop a team lives with (issue 25, points 1, 2 and 6), driven as a runner drives the
 * action: `node dist/index.js` with an event payload and existing output files, against the fake
 * GitHub server. A comment that is never stale, approval per pull request by a label, a comment a
 * reviewer reads in five seconds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from './fake-github.js';
import { newDir, removeDirs, runAction, type ActionRun, type RunOptions, ensureActionBundle } from './run-action.js';
import { FIXTURES } from '../report/results-builders.js';
import { git, scenario, writeFiles } from '../helpers/baseline-repo.js';

const HEAD_SHA = 'c0ffee1234567890abcdef1234567890abcdef12';
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/;

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

const pr = (o: RunOptions = {}): Promise<ActionRun> =>
  runAction({
    event: 'pull_request',
    prNumber: 7,
    apiUrl: gh.url,
    ...o,
    pullRequest: { headSha: HEAD_SHA, baseRef: 'main', ...o.pullRequest },
  });

const body = (): string => {
  const list = gh.comments.get(7) ?? [];
  expect(list).toHaveLength(1);
  return list[0]!.body;
};

const errors = (r: ActionRun): string[] => r.stdout.split('\n').filter((l) => l.startsWith('::error'));

/**
 * A workspace that is a git repository: the base commit holds `base`, the checked-out head `head`
 * (as actions/checkout leaves a pull request's merge commit, the base commit is in the clone).
 */
function repoWorkspace(base: Record<string, string>, head: Record<string, string>): { dir: string; baseSha: string } {
  const dir = newDir();
  const ws = join(dir, 'workspace');
  git(ws, 'init', '-q', '-b', 'main');
  writeFiles(ws, base);
  git(ws, 'add', '.');
  git(ws, 'commit', '-q', '-m', 'base');
  const baseSha = git(ws, 'rev-parse', 'HEAD');
  writeFiles(ws, head);
  git(ws, 'add', '.');
  git(ws, 'commit', '-q', '-m', 'head');
  return { dir, baseSha };
}

describe('point 2: approval per pull request (approval-label)', () => {
  // The case: a refund cap raised on purpose. A widening, and no attack gets through.
  const raisedCap = '{to: {one_of: [acme]}, amount: {range: {min: 0, max: 1000}}, memo: wildcard}';

  it('without the label a widening fails the step; with it, it is shown as approved and passes', async () => {
    const repo = repoWorkspace({ 'scenarios/docs.yaml': scenario() }, { 'scenarios/docs.yaml': scenario({ transfer: raisedCap }) });
    const inputs = { scenarios: 'scenarios' };
    const unlabelled = await pr({ dir: repo.dir, inputs, pullRequest: { baseSha: repo.baseSha, labels: ['bug'] } });
    expect(unlabelled.code).toBe(1);
    expect(unlabelled.outputs['passed']).toBe('false');
    expect(errors(unlabelled).some((e) => e.includes('authority widened'))).toBe(true);
    expect(body()).toContain('each fails the gate: authority_widened');
    expect(body()).toContain('❌ gate failed');

    const labelled = await pr({
      dir: repo.dir,
      inputs,
      pullRequest: { baseSha: repo.baseSha, labels: ['bug', 'delegation-bench:approved'] },
    });
    expect(labelled.code).toBe(0);
    expect(labelled.outputs['passed']).toBe('true');
    expect(errors(labelled)).toEqual([]);
    const approved = body(); // the same sticky comment, rewritten
    expect(approved).toContain('✅ gate passed');
    expect(approved).toContain('**✔️ Approved by the label `delegation-bench:approved`:** 1 widening');
    expect(approved).toContain('approved by the label `delegation-bench:approved` on this pull request: they do not fail the gate');
    expect(labelled.summary).toContain('Approved by the label');
    // The base by its branch name, never by the 40-hex SHA the event gives.
    expect(approved).toContain('### Changes against `main`');
    expect(approved).not.toContain(repo.baseSha);
    const results = JSON.parse(readFileSync(labelled.outputs['results-file']!, 'utf8')) as { baseline: { approved_by?: string } };
    expect(results.baseline.approved_by).toBe('delegation-bench:approved');
  });

  it('a label of its own name (approval-label) approves; the default one then does not', async () => {
    const repo = repoWorkspace({ 'scenarios/docs.yaml': scenario() }, { 'scenarios/docs.yaml': scenario({ transfer: raisedCap }) });
    const inputs = { scenarios: 'scenarios', 'approval-label': 'policy-ok' };
    const other = await pr({ dir: repo.dir, inputs, pullRequest: { baseSha: repo.baseSha, labels: ['delegation-bench:approved'] } });
    expect(other.code).toBe(1);
    const own = await pr({ dir: repo.dir, inputs, pullRequest: { baseSha: repo.baseSha, labels: ['policy-ok'] } });
    expect(own.code).toBe(0);
    expect(body()).toContain('approved by the label `policy-ok`');
  });

  it('an attack that gets through is never approved by the label', async () => {
    // The grant widened to all of /app: the injected read of /app/secrets.txt now succeeds.
    const repo = repoWorkspace({ 'scenarios/docs.yaml': scenario() }, { 'scenarios/docs.yaml': scenario({ readFile: '{subpath: /app}' }) });
    const r = await pr({
      dir: repo.dir,
      inputs: { scenarios: 'scenarios' },
      pullRequest: { baseSha: repo.baseSha, labels: ['delegation-bench:approved'] },
    });
    expect(r.code).toBe(1);
    const failedWith = errors(r);
    expect(failedWith.some((e) => e.includes('attack succeeded'))).toBe(true);
    expect(failedWith.some((e) => e.includes('false allow'))).toBe(true);
    expect(failedWith.some((e) => e.includes('authority widened'))).toBe(false); // that part is approved
    const comment = body();
    expect(comment).toContain('❌ gate failed');
    expect(comment).toContain('`asr`');
    expect(comment).toContain('Approved by the label');
  });
});

describe('point 1: never stale', () => {
  it('a run that stops on invalid scenario files rewrites the green comment and writes the summary: not evaluated', async () => {
    const dir = newDir();
    const green = await pr({ dir, inputs: { 'results-path': join(FIXTURES, 'passing.json') } });
    expect(green.code).toBe(0);
    expect(body()).toContain('✅ gate passed');

    writeFileSync(join(dir, 'workspace', 'bad.yaml'), 'name: x\nfoo: 1\n');
    const broken = await pr({ dir, inputs: { scenarios: 'bad.yaml' }, pullRequest: { headSha: 'feedface'.repeat(5) } });
    expect(broken.code).toBe(1);
    const comment = body();
    expect(comment.split('\n')[0]).toBe('<!-- delegation-bench:delegation-bench -->');
    expect(comment).toContain('⚠️ not evaluated');
    expect(comment).not.toContain('✅');
    expect(comment).toContain('`bad.yaml');
    expect(comment).toContain('Computed for `feedfac` (head of #7), against `main`.');
    expect(broken.summary).toContain('⚠️ not evaluated');
    expect(broken.summary).toContain('`feedfac`');
    expect(broken.summary).not.toContain('✅');
  });

  it('a base that cannot be read: not evaluated, with the reason, in the comment and the summary', async () => {
    const repo = repoWorkspace({ 'scenarios/docs.yaml': scenario() }, { 'README.md': 'head' });
    const r = await pr({ dir: repo.dir, inputs: { scenarios: 'scenarios', baseline: 'no-such-ref' } });
    expect(r.code).toBe(1);
    const comment = body();
    expect(comment).toContain('⚠️ not evaluated');
    expect(comment).toContain('baseline_ref_missing');
    expect(comment).not.toContain('✅');
    expect(r.summary).toContain('baseline_ref_missing');
  });

  it('a results file that is refused: not evaluated, not the last green comment', async () => {
    const dir = newDir();
    await pr({ dir, inputs: { 'results-path': join(FIXTURES, 'passing.json') } });
    writeFileSync(join(dir, 'workspace', 'wrong.json'), '{"version": 2}');
    const r = await pr({ dir, inputs: { 'results-path': 'wrong.json' } });
    expect(r.code).toBe(1);
    expect(body()).toContain('⚠️ not evaluated');
    expect(body()).not.toContain('✅');
  });

  it('every comment names the head commit of the pull request, not the merge commit checked out', async () => {
    const r = await pr({ inputs: { 'results-path': join(FIXTURES, 'failing.json') } });
    expect(r.code).toBe(1);
    expect(body()).toContain('Computed for `c0ffee1` (head of #7), against `main`.');
    expect(r.summary).toContain('Computed for `c0ffee1`');
  });
});

describe('point 6: a comment read in five seconds', () => {
  it('no charts unless charts: true; no slogan on a failed gate; no zero-width character anywhere', async () => {
    const dir = newDir();
    const failing = await pr({ dir, inputs: { 'results-path': join(FIXTURES, 'failing.json') } });
    expect(failing.code).toBe(1);
    const comment = body();
    expect(comment).not.toContain('```mermaid');
    expect(comment).not.toContain('Task-scoped warrants bound');
    expect(comment).not.toMatch(ZERO_WIDTH);
    expect(failing.summary).not.toMatch(ZERO_WIDTH);
    // The verdict comes first: heading, the commit, then the key finding.
    const lines = comment.split('\n').filter((l) => l !== '');
    expect(lines[1]).toMatch(/^## delegation-bench .*\(❌ gate failed\)$/);
    expect(lines[2]).toMatch(/^Computed for /);

    const charted = await pr({ dir, inputs: { 'results-path': join(FIXTURES, 'failing.json'), charts: 'true' } });
    expect(charted.code).toBe(1);
    expect(body()).toContain('```mermaid');
  });

  it('rejects a charts value that is not a boolean, and an approval-label that is not a label', async () => {
    const r = await pr({ inputs: { charts: 'maybe', 'approval-label': 'a'.repeat(51) } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("input charts: 'maybe' must be true or false");
    expect(r.stdout).toContain('input approval-label:');
  });
});
