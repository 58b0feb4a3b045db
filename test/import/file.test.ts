/**
 * `from:` reads a regular file of the work tree only: nothing inside a `.git` folder (however its
 * name is spelled on a case-folding or name-normalising file system), no folder, FIFO or device.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArtifactFileError, isDotGit, readArtifactFile } from '../../src/import/file.js';
import { problemsOf, scenarioText, tempDir } from '../scenario/helpers.js';

function refusal(from: string, dir: string): { code: string; message: string } | undefined {
  try {
    readArtifactFile(from, join(dir, 's.yaml'), { maxBytes: 1024 });
  } catch (e) {
    if (e instanceof ArtifactFileError) return { code: e.code, message: e.message };
    throw e;
  }
  return undefined;
}

describe('from: refuses what is not a regular file of the work tree', () => {
  it.each(['.git', '.GIT', '.Git', '.git.', '.git ', 'GIT~1', '.g\u200cit'])('%j names a .git folder', (name) => {
    expect(isDotGit(name)).toBe(true);
  });

  it.each(['git', '.gitignore', '.github', 'x.git', '.git2'])('%j does not', (name) => {
    expect(isDotGit(name)).toBe(false);
  });

  it('refuses a path into .git, written or through a symlink, in any case', () => {
    const d = tempDir();
    mkdirSync(join(d, '.git'));
    writeFileSync(join(d, '.git', 'config'), '[core]\n');
    symlinkSync(join(d, '.git', 'config'), join(d, 'policy.yaml'));
    for (const from of ['.git/config', './.GIT/config', 'sub/../.git/config', 'policy.yaml']) {
      expect(refusal(from, d)).toEqual({
        code: 'file_in_git_dir',
        message: expect.stringMatching(
          /^points into a \.git folder \(path component "\.(git|GIT)"\): git's own files are not read; name a file in the work tree$/,
        ),
      });
    }
  });

  it('a checkout below a folder named .git is not refused for it', () => {
    const d = tempDir();
    mkdirSync(join(d, '.git', 'checkout'), { recursive: true });
    writeFileSync(join(d, '.git', 'checkout', 'ok.txt'), 'ok');
    expect(readArtifactFile('ok.txt', join(d, '.git', 'checkout', 's.yaml'), { maxBytes: 1024 })).toBe('ok');
  });

  it('refuses a folder and a device', () => {
    const d = tempDir();
    mkdirSync(join(d, 'dir'));
    expect(refusal('dir', d)).toEqual({
      code: 'file_not_regular',
      message: 'is a folder, not a regular file; only a regular file is read',
    });
    expect(refusal('/dev/zero', d)).toEqual({
      code: 'file_not_regular',
      message: 'is a device, not a regular file; only a regular file is read',
    });
  });

  it('refuses a FIFO without opening it (opening one waits for a writer)', async () => {
    const d = tempDir();
    const fifo = join(d, 'pipe');
    execFileSync('mkfifo', [fifo]);
    // A writer, so that a reader that opens the FIFO (as before) ends instead of hanging the test.
    const writer = spawn('sh', ['-c', `echo x > "$1"`, 'sh', fifo], { stdio: 'ignore' });
    try {
      expect(refusal('pipe', d)).toEqual({
        code: 'file_not_regular',
        message: 'is a FIFO (named pipe), not a regular file; only a regular file is read',
      });
    } finally {
      writer.kill();
    }
  });

  it('the loader names the from: at FILE:LINE:COL, for warrant and tools', async () => {
    const d = tempDir({ 's.yaml': scenarioText({ warrant: 'warrant:\n  from: .git/config' }) });
    mkdirSync(join(d, '.git'));
    writeFileSync(join(d, '.git', 'config'), '[core]\n');
    mkdirSync(join(d, 'tools.json'));
    writeFileSync(join(d, 't.yaml'), scenarioText({ tools: 'tools:\n  from: tools.json' }).replace('name: demo', 'name: t'));
    const problems = await problemsOf(['s.yaml', 't.yaml'], d);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^s\.yaml:\d+:3: warrant\.from: '\.git\/config': points into a \.git folder/),
        expect.stringMatching(/^t\.yaml:\d+:3: tools\.from: 'tools\.json': is a folder, not a regular file/),
      ]),
    );
  });
});
