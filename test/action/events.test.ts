/**
 * Which base each event compares against (docs/guard.md#which-base): a pull request's base, a
 * merge group's base_sha, a push's before when it is reachable; any other event has none, and the
 * report's heading and the job summary say that no comparison ran; `require-baseline: true` makes
 * that fail. The end-to-end cases drive the built action (dist/index.js) as the runner does.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readContext } from '../../src/action/event-context.js';
import { git, scenario, tempDir, writeFiles } from '../helpers/baseline-repo.js';
import { newDir, removeDirs, runAction, type RunOptions } from './run-action.js';

afterAll(removeDirs);

const ZERO = '0'.repeat(40);

function contextOf(eventName: string, payload: unknown) {
  const d = tempDir('db-events-');
  const path = join(d, 'event.json');
  writeFileSync(path, JSON.stringify(payload));
  return readContext({ GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'octo/repo' }, d);
}

describe('the event’s base', () => {
  const a = 'a'.repeat(40);
  const b = 'b'.repeat(40);
  it('a pull request’s base, a merge group’s base_sha, a push’s before', () => {
    expect(contextOf('pull_request', { pull_request: { number: 1, base: { sha: a } } })).toMatchObject({
      baseSha: a,
      baseOf: 'pull_request',
    });
    expect(contextOf('merge_group', { merge_group: { head_sha: b, base_sha: a } })).toMatchObject({ baseSha: a, baseOf: 'merge_group' });
    expect(contextOf('push', { before: a, after: b })).toMatchObject({ baseSha: a, baseOf: 'push' });
  });

  it('a new branch, and events that name no commit, have none and say why', () => {
    const created = contextOf('push', { before: ZERO, after: b, created: true });
    expect(created.baseSha).toBeUndefined();
    expect(created.noBase).toContain('created the branch');
    for (const e of ['workflow_dispatch', 'schedule', 'issue_comment']) {
      const c = contextOf(e, {});
      expect(c.baseSha).toBeUndefined();
      expect(c.noBase).toBe(`a ${e} event names no base commit to compare with`);
    }
    expect(contextOf('merge_group', { merge_group: { base_sha: 'not-a-sha' } }).noBase).toBe('this merge_group event names no base_sha');
  });
});

/**
 * A workspace that is a git repository: a base commit, then a head commit that raises
 * transfer_money's maximum. The head's own run passes: only a comparison sees the widening.
 */
function widenedRepo(): { dir: string; baseSha: string; headSha: string } {
  const dir = newDir();
  const ws = join(dir, 'workspace');
  git(ws, 'init', '-q', '-b', 'main');
  writeFiles(ws, { 'scenarios/docs.yaml': scenario() });
  git(ws, 'add', '.');
  git(ws, 'commit', '-q', '-m', 'base');
  const baseSha = git(ws, 'rev-parse', 'HEAD');
  writeFiles(ws, {
    'scenarios/docs.yaml': scenario({ transfer: '{to: {one_of: [acme]}, amount: {range: {min: 0, max: 100000}}, memo: wildcard}' }),
  });
  git(ws, 'commit', '-q', '-am', 'head');
  return { dir, baseSha, headSha: git(ws, 'rev-parse', 'HEAD') };
}

const INPUTS = { scenarios: 'scenarios', mutants: 'off', comment: 'off' };

async function run(o: RunOptions) {
  return runAction({ ...o, inputs: { ...INPUTS, ...o.inputs } });
}

describe('the built action compares against the event’s base', () => {
  it('merge_group: against its base_sha, and the widening fails the gate', async () => {
    const { dir, baseSha, headSha } = widenedRepo();
    const r = await run({ dir, event: 'merge_group', payload: { merge_group: { head_sha: headSha, base_sha: baseSha } } });
    expect(r.stdout).toContain(`baseline: the merge group's base_sha ${baseSha.slice(0, 12)}`);
    expect(r.outputs['passed']).toBe('false');
    expect(r.code).toBe(1);
    expect(r.summary).toContain(`### Changes against ${baseSha}`);
    expect(r.summary).toContain('authority_widened');
  });

  it('push: against before when it is reachable', async () => {
    const { dir, baseSha, headSha } = widenedRepo();
    const r = await run({ dir, event: 'push', payload: { ref: 'refs/heads/main', before: baseSha, after: headSha } });
    expect(r.stdout).toContain(`baseline: the push's previous commit (before) ${baseSha.slice(0, 12)}`);
    expect(r.outputs['passed']).toBe('false');
    expect(r.summary).toContain(`### Changes against ${baseSha}`);
    expect(r.summary).toContain('authority_widened');
  });

  it('push: a before that is not reachable (a force push) is no comparison, said in the heading', async () => {
    const { dir, headSha } = widenedRepo();
    const gone = 'c'.repeat(40);
    const r = await run({ dir, event: 'push', payload: { ref: 'refs/heads/main', before: gone, after: headSha } });
    expect(r.summary).toMatch(/^## delegation-bench \(✅ gate passed; no baseline comparison\)$/m);
    expect(r.summary).toContain(
      `**No baseline comparison ran:** no baseline comparison: the push's previous commit ${gone.slice(0, 12)} is not reachable`,
    );
    expect(r.code).toBe(0);
  });

  it('a new branch, workflow_dispatch: the heading and the job summary say no comparison ran; require-baseline: true fails', async () => {
    const { dir, headSha } = widenedRepo();
    const created = await run({ dir, event: 'push', payload: { ref: 'refs/heads/topic', before: ZERO, after: headSha, created: true } });
    expect(created.code).toBe(0);
    expect(created.summary).toMatch(/^## delegation-bench \(✅ gate passed; no baseline comparison\)$/m);
    expect(created.summary).toContain('created the branch');
    const results = JSON.parse((await import('node:fs')).readFileSync(created.outputs['results-file']!, 'utf8')) as {
      no_baseline?: string;
    };
    expect(results.no_baseline).toContain('created the branch');

    // Report-only mode (a later workflow posting this file) still says that nothing was compared.
    copyFileSync(created.outputs['results-file']!, join(created.workspace, 'earlier.json'));
    const reported = await run({ dir, event: 'workflow_dispatch', payload: {}, inputs: { 'results-path': 'earlier.json' } });
    expect(reported.summary).toMatch(/^## delegation-bench \(✅ gate passed; no baseline comparison\)$/m);
    expect(reported.stdout).not.toContain('no_baseline'); // rendered in the heading, not a section left out

    const dispatch = await run({ dir, event: 'workflow_dispatch', payload: {} });
    expect(dispatch.summary).toContain(
      '**No baseline comparison ran:** no baseline comparison: a workflow_dispatch event names no base commit to compare with',
    );

    const required = await run({ dir, event: 'workflow_dispatch', payload: {}, inputs: { 'require-baseline': 'true' } });
    expect(required.code).toBe(1);
    expect(required.stdout).toContain(
      '::error::require-baseline: true, and no baseline comparison: a workflow_dispatch event names no base commit to compare with',
    );
  });
});
