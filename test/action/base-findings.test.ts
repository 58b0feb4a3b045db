/**
 * Issue 25, point 3, driven as a runner drives the action (`node dist/index.js`, an event payload,
 * the fake GitHub server): a policy hole the base already has raises no annotation and is collapsed
 * under "already on the base"; a hole the pull request brings is annotated at its grant.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from './fake-github.js';
import { newDir, removeDirs, runAction, ensureActionBundle } from './run-action.js';
import { git, scenario, writeFiles } from '../helpers/baseline-repo.js';

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

/** A workspace whose first commit holds `base` and whose checked-out head holds `head`. */
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

const annotations = (stdout: string, kind: 'warning' | 'error'): string[] => stdout.split('\n').filter((l) => l.startsWith(`::${kind}`));
const holes = (stdout: string): string[] => annotations(stdout, 'warning').filter((l) => l.includes('policy hole'));

/** The scenario of the base, said otherwise: its holes are the base's. */
const RETOLD = scenario().replace('description: Document the config;', 'description: Document the configuration;');
/** The same, and a listing of /app/config granted by a Subpath: a hole of its own. */
const LISTING = scenario({
  extraCalls: '  - tool: list_files\n    args: {directory: /app/config}\n',
  extraGrants: '  list_files: {directory: {subpath: /app/config}}\n',
});

describe('findings already on the base (action)', () => {
  it('a hole the base has: no annotation, collapsed in the comment; a new hole: annotated at its grant', async () => {
    const old = repoWorkspace({ 'scenarios/docs.yaml': scenario() }, { 'scenarios/docs.yaml': RETOLD });
    const r = await runAction({
      dir: old.dir,
      event: 'pull_request',
      prNumber: 7,
      apiUrl: gh.url,
      inputs: { scenarios: 'scenarios' },
      pullRequest: { headSha: 'c0ffee1234567890abcdef1234567890abcdef12', baseRef: 'main', baseSha: old.baseSha },
    });
    expect(r.code).toBe(0);
    expect(holes(r.stdout)).toEqual([]);
    const comment = gh.comments.get(7)![0]!.body;
    expect(comment).toMatch(/- probes: (\d+) escaped → \1 \(\1 already on the base\)/);
    expect(comment).toMatch(/<details><summary>already on the base \(\d+\)<\/summary>/);
    expect(comment).not.toContain('Policy holes');

    const fresh = repoWorkspace({ 'scenarios/docs.yaml': scenario() }, { 'scenarios/docs.yaml': LISTING });
    const n = await runAction({
      dir: fresh.dir,
      event: 'pull_request',
      prNumber: 8,
      apiUrl: gh.url,
      inputs: { scenarios: 'scenarios', 'allow-widening': 'true' },
      pullRequest: { headSha: 'c0ffee1234567890abcdef1234567890abcdef12', baseRef: 'main', baseSha: fresh.baseSha },
    });
    const annotated = holes(n.stdout);
    expect(annotated.length).toBeGreaterThan(0);
    expect(annotated.every((l) => l.includes('list_files.directory') && l.includes('file=scenarios/docs.yaml'))).toBe(true);
  });

  it("max-escapes: 0 still fails on the base's holes (the threshold judges the head), but annotates no file for them", async () => {
    const old = repoWorkspace({ 'scenarios/docs.yaml': scenario() }, { 'scenarios/docs.yaml': RETOLD });
    const r = await runAction({
      dir: old.dir,
      event: 'pull_request',
      prNumber: 7,
      apiUrl: gh.url,
      inputs: { scenarios: 'scenarios', 'max-escapes': '0' },
      pullRequest: { headSha: 'c0ffee1234567890abcdef1234567890abcdef12', baseRef: 'main', baseSha: old.baseSha },
    });
    expect(r.code).toBe(1);
    const escapes = annotations(r.stdout, 'error').filter((l) => l.includes('title=delegation-bench gate%3A probe escaped'));
    expect(escapes.length).toBeGreaterThan(0);
    expect(escapes.every((l) => !l.includes('file=') && l.includes('already on the base'))).toBe(true);
  });
});
