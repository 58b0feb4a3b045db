/**
 * Which base (docs/guard.md#which-base): `run --baseline REF` compares with the merge base of HEAD
 * and REF, what `git diff REF...HEAD` compares, so that a branch behind REF is not charged with
 * removing the scenarios REF gained since; `--baseline-exact` compares with REF itself. In a
 * shallow clone the merge base is fetched when allowed, and otherwise fails closed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/run.js';
import { mergeBaseWithHead } from '../../src/guard/which-base.js';
import { BaselineError } from '../../src/guard/errors.js';
import { fakeIo } from '../scenario/helpers.js';
import { git, scenario, tempDir, writeFiles } from '../helpers/baseline-repo.js';
import { behindRepo } from '../helpers/behind-base.js';

interface Out {
  baseline: { ref: string; commit: string; removed: string[]; suite_changes: unknown[]; reason?: string };
  gate: { passed: boolean; violations: { kind: string }[] };
}

async function runAgainst(dir: string, ...flags: string[]): Promise<{ code: number; out: Out; err: string }> {
  const io = fakeIo(dir);
  const code = await runCommand(['--scenarios', 'scenarios', '--format', 'json', '--workers', '1', '--no-mutants', ...flags], io);
  return { code, out: JSON.parse(io.out) as Out, err: io.err };
}

describe('run --baseline REF from a branch behind REF', () => {
  it('compares with the merge base: a scenario REF gained later is not removed', async () => {
    const dir = tempDir();
    const repo = behindRepo(dir);
    const r = await runAgainst(dir, '--baseline', 'main');
    expect(r.out.baseline.commit).toBe(repo.forkSha);
    expect(r.out.baseline.ref).toBe(repo.forkSha);
    expect(r.out.baseline.removed).toEqual([]);
    expect(r.out.baseline.suite_changes).toEqual([]);
    expect(r.out.gate.violations.map((v) => v.kind)).not.toContain('suite_weakened');
    expect(r.out.baseline.reason).toContain('the merge base of HEAD and main');
    expect(r.out.baseline.reason).toContain('`git diff main...HEAD`');
    expect(r.err).toContain(`compared with ${repo.forkSha.slice(0, 12)}: the merge base of HEAD and main`);
    expect(r.code).toBe(0);
  });

  it('--baseline-exact compares with REF itself (the scenario REF gained is then removed)', async () => {
    const dir = tempDir();
    const repo = behindRepo(dir);
    const r = await runAgainst(dir, '--baseline', 'main', '--baseline-exact');
    expect(r.out.baseline.commit).toBe(repo.baseSha);
    expect(r.out.baseline.removed).toEqual(['other']);
    expect(r.out.gate.violations.map((v) => v.kind)).toContain('suite_weakened');
    expect(r.out.baseline.reason).toBeUndefined();
    expect(r.code).toBe(1);
  });

  it('a REF that HEAD contains is compared as before: REF itself, no reason', async () => {
    const dir = tempDir();
    const repo = behindRepo(dir);
    const r = await runAgainst(dir, '--baseline', repo.forkSha);
    expect(r.out.baseline.ref).toBe(repo.forkSha);
    expect(r.out.baseline.reason).toBeUndefined();
  });

  it('--baseline-exact without --baseline is a usage error', async () => {
    const dir = tempDir();
    behindRepo(dir);
    await expect(runCommand(['--baseline-exact'], fakeIo(dir))).rejects.toThrow('--baseline-exact needs --baseline REF');
  });
});

describe('the merge base in a shallow clone', () => {
  /** `origin` with the repository behind its base; `ws` a depth-1 clone of `feat`, `main`'s tip fetched alone. */
  function shallowClone(): { ws: string; repo: ReturnType<typeof behindRepo> } {
    const root = tempDir();
    const origin = join(root, 'origin');
    mkdirSync(origin);
    const repo = behindRepo(origin);
    const ws = join(root, 'ws');
    execFileSync('git', ['clone', '-q', '--depth=1', '--branch', 'feat', `file://${origin}`, ws]);
    git(ws, 'fetch', '-q', '--depth=1', 'origin', repo.baseSha);
    return { ws, repo };
  }

  it('is fetched from origin when allowed, and proven complete before it is used', async () => {
    const { ws, repo } = shallowClone();
    expect(git(ws, 'rev-parse', '--is-shallow-repository')).toBe('true');
    const chosen = await mergeBaseWithHead(repo.baseSha, ws, true, 'main');
    expect(chosen.ref).toBe(repo.forkSha);
    expect(chosen.reason).toContain('the merge base of HEAD and main');
  });

  it('fails closed with what to set when it may not fetch', async () => {
    const { ws, repo } = shallowClone();
    const e = await mergeBaseWithHead(repo.baseSha, ws, false, 'main').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(BaselineError);
    expect((e as BaselineError).code).toBe('baseline_merge_base_missing');
    expect((e as BaselineError).message).toContain('fetch-depth: 0');
  });

  it('unrelated histories have no merge base: refused, not compared with something else', async () => {
    const dir = tempDir();
    behindRepo(dir);
    git(dir, 'checkout', '-q', '--orphan', 'lone');
    writeFiles(dir, { 'scenarios/docs.yaml': scenario() });
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'lone');
    const e = await mergeBaseWithHead('main', dir, false).catch((x: unknown) => x);
    expect((e as BaselineError).code).toBe('baseline_merge_base_missing');
    expect((e as BaselineError).message).toContain('no common ancestor');
  });
});
