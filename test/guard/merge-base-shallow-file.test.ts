/**
 * The merge base is only trusted when the clone's depth is known (src/guard/merge-base.ts): a
 * `.git/shallow` that exists but cannot be read fails closed, never read as "a full clone".
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  return {
    ...real,
    readFile: (async (path: unknown, ...rest: unknown[]) => {
      if (typeof path === 'string' && path.endsWith('shallow'))
        throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' });
      return (real.readFile as (...a: unknown[]) => Promise<unknown>)(path, ...rest);
    }) as typeof real.readFile,
  };
});

const { mergeBaseOf } = await import('../../src/guard/merge-base.js');
const { BaselineError } = await import('../../src/guard/errors.js');
const { git, tempDir } = await import('../helpers/baseline-repo.js');
const { behindRepo } = await import('../helpers/behind-base.js');

describe('mergeBaseOf with an unreadable shallow file', () => {
  it('fails closed instead of trusting git as if the clone were full', async () => {
    const dir = tempDir();
    const repo = behindRepo(dir);
    const head = git(dir, 'rev-parse', 'HEAD');
    const err = await mergeBaseOf(dir, head, repo.baseSha, 'main', false).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BaselineError);
    expect((err as Error).message).toContain('whether this clone is shallow');
  });
});
