/**
 * One concept per file (issue 23): no source file in src/ over 450 lines, and no two files in src/
 * with the same name in different folders unless the name is a role every folder may have.
 * A failure lists every offender, so the fix can start from the message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const SRC = join(ROOT, 'src');
const MAX_LINES = 450;
/** Names that say a file's role in its folder, not its concept: every folder may have one. */
const ROLE_NAMES: ReadonlySet<string> = new Set(['index.ts', 'errors.ts', 'types.ts', 'limits.ts', 'main.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const rel = (file: string): string => relative(ROOT, file).split('\\').join('/');

/** `path (N lines)` for every file longer than `max` lines. */
function longFiles(files: readonly { path: string; text: string }[], max: number): string[] {
  return files
    .map(({ path, text }) => ({ path, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }))
    .filter(({ lines }) => lines > max)
    .map(({ path, lines }) => `${path} (${lines} lines)`);
}

/** `name: path, path` for every file name (not a role) found in more than one folder. */
function sharedNames(paths: readonly string[], roles: ReadonlySet<string>): string[] {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const name = basename(path);
    if (!roles.has(name)) byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  return [...byName]
    .filter(([, holders]) => holders.length > 1)
    .map(([name, holders]) => `${name}: ${holders.sort().join(', ')}`)
    .sort();
}

describe('file layout of src/', () => {
  it('the checks find what they look for', () => {
    expect(
      longFiles(
        [
          { path: 'a.ts', text: 'x\n'.repeat(3) },
          { path: 'b.ts', text: 'x\n'.repeat(4) },
        ],
        3,
      ),
    ).toEqual(['b.ts (4 lines)']);
    expect(sharedNames(['src/a/gate.ts', 'src/b/gate.ts', 'src/a/index.ts', 'src/b/index.ts', 'src/c/one.ts'], ROLE_NAMES)).toEqual([
      'gate.ts: src/a/gate.ts, src/b/gate.ts',
    ]);
  });

  it(`no source file is over ${MAX_LINES} lines`, () => {
    const files = sourceFiles(SRC).map((file) => ({ path: rel(file), text: readFileSync(file, 'utf8') }));
    expect(longFiles(files, MAX_LINES), 'split these files along their concepts').toEqual([]);
  });

  it('no two files in different folders share a name, except the roles index/errors/types/limits/main', () => {
    expect(sharedNames(sourceFiles(SRC).map(rel), ROLE_NAMES), 'rename these so the name says the concept').toEqual([]);
  });
});
