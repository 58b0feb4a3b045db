/**
 * Every file is read: a scenarios folder is read with the folders below it (hidden ones and
 * `node_modules` excepted), in path order, symlinked folders refused, limits refused as a whole;
 * `run` and `validate` say how many files and scenarios they read.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkScenarioTree, type TreeReader } from '../../src/scenario/files.js';
import { MAX_FILES, MAX_FOLDERS } from '../../src/scenario/limits.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { runCli } from '../helpers/cli.js';
import { problemsOf, scenarioText, tempDir } from './helpers.js';

/** Writes `files` (path with `/` → content) below `root`, making the folders. */
function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    const abs = join(root, ...path.split('/'));
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
}

const valid = (name: string): string => scenarioText({ name: `name: ${name}` });

/** A fake tree: folder → entry names; `x/` is a folder, `x@` a symlink to a folder. Unknown folders throw. */
function fakeReader(tree: Record<string, readonly string[]>): TreeReader & { listed: string[] } {
  const listed: string[] = [];
  return {
    listed,
    list: (abs) => {
      listed.push(abs);
      const names = tree[abs];
      if (names === undefined) throw Object.assign(new Error(`no folder ${abs}`), { code: 'ENOENT' });
      return names.map((n) => ({
        name: n.replace(/[/@]$/, ''),
        isFile: () => !/[/@]$/.test(n),
        isDirectory: () => n.endsWith('/'),
        isSymbolicLink: () => n.endsWith('@'),
      }));
    },
    isFolder: () => true,
  };
}

describe('walking a scenarios folder', () => {
  const tree = {
    '/d': ['b/', 'a.yaml', 'a/', 'a-b.yaml', 'Z.yaml', 'notes.md'],
    '/d/a': ['x.yaml'],
    '/d/b': ['c/'],
    '/d/b/c': ['d.yml'],
  };

  it('reads the folders below, every file named by its path, sorted by code unit', () => {
    // '-' (0x2D) < '.' (0x2E) < '/' (0x2F): `a-b.yaml`, `a.yaml`, then what is in folder `a`.
    expect(walkScenarioTree('/d', fakeReader(tree)).files).toEqual(['Z.yaml', 'a-b.yaml', 'a.yaml', 'a/x.yaml', 'b/c/d.yml']);
  });

  it('gives the same order whatever order the file system lists entries in', () => {
    const reversed = Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, [...v].reverse()]));
    expect(walkScenarioTree('/d', fakeReader(reversed)).files).toEqual(walkScenarioTree('/d', fakeReader(tree)).files);
  });

  it('does not enter hidden folders or node_modules, at any depth; a hidden file is read', () => {
    const r = fakeReader({
      '/d': ['.git/', '.github/', 'node_modules/', '.hidden.yaml', 'sub/'],
      '/d/sub': ['.cache/', 'node_modules/', 's.yaml'],
    });
    const t = walkScenarioTree('/d', r);
    expect(t.files).toEqual(['.hidden.yaml', 'sub/s.yaml']);
    expect(t.unreadable).toEqual([]); // a skipped folder is never even listed
    expect(r.listed).toEqual(['/d', '/d/sub']);
  });

  it('does not enter a symlinked folder, and reports it', () => {
    const r = fakeReader({ '/d': ['x.yaml', 'loop@', '.hidden-link@', 'node_modules@'] });
    const t = walkScenarioTree('/d', r);
    expect(t.files).toEqual(['x.yaml']);
    expect(t.linkedFolders).toEqual(['loop']);
    expect(r.listed).toEqual(['/d']);
  });

  it(`stops past ${MAX_FILES} files spread over folders, and says so`, () => {
    const half = Array.from({ length: MAX_FILES / 2 + 1 }, (_, i) => `s${i}.yaml`);
    const t = walkScenarioTree('/d', fakeReader({ '/d': ['a/', 'b/'], '/d/a': half, '/d/b': half }));
    expect(t.over).toBe('files');
  });

  it(`stops past ${MAX_FOLDERS} folders`, () => {
    const folder = (name: string) => ({ name, isFile: () => false, isDirectory: () => true, isSymbolicLink: () => false });
    const wide: TreeReader = {
      list: (abs) => (abs === '/d' ? Array.from({ length: MAX_FOLDERS }, (_, i) => folder(`f${i}`)) : []),
      isFolder: () => true,
    };
    const t = walkScenarioTree('/d', wide);
    expect(t.over).toBe('folders');
    expect(t.files).toEqual([]);
  });
});

describe('loading a scenarios folder from disk', () => {
  it('loads the scenarios of the folders below, named by their paths, in path order', async () => {
    const d = tempDir();
    writeTree(d, {
      'scen/top.yaml': valid('top'),
      'scen/sub/deeper/b.yaml': valid('b'),
      'scen/sub/a.yml': valid('a'),
      'scen/sub-x.yaml': valid('x'),
    });
    const scenarios = await loadScenarios(['scen'], d);
    expect(scenarios.map((s) => s.file)).toEqual(['scen/sub-x.yaml', 'scen/sub/a.yml', 'scen/sub/deeper/b.yaml', 'scen/top.yaml']);
    // Problems inside name the file by its path below the folder as given.
    writeTree(d, { 'scen/sub/deeper/bad.yaml': 'name: bad\n' });
    const problems = await problemsOf(['scen/'], d);
    expect(problems[0]).toMatch(/^scen\/sub\/deeper\/bad\.yaml:1:1: missing required key/);
  });

  it('skips hidden folders and node_modules, but reads a hidden folder named as an input', async () => {
    const d = tempDir();
    writeTree(d, {
      'scen/sub/ok.yaml': valid('ok'),
      'scen/.drafts/draft.yaml': valid('draft'),
      'scen/node_modules/pkg/x.yaml': 'not: a scenario\n',
      'scen/sub/.git/config.yaml': 'not: a scenario\n',
    });
    expect((await loadScenarios(['scen'], d)).map((s) => s.name)).toEqual(['ok']);
    expect((await loadScenarios(['scen/.drafts'], d)).map((s) => s.name)).toEqual(['draft']);
  });

  it('refuses a symlinked folder below (a loop too), naming it; a symlink to a file is read', async () => {
    const d = tempDir();
    writeTree(d, { 'scen/a.yaml': valid('a'), 'elsewhere/b.yaml': valid('b'), 'scen/notes.txt': 'x' });
    symlinkSync('.', join(d, 'scen', 'loop'));
    symlinkSync(join(d, 'elsewhere'), join(d, 'scen', 'more'));
    symlinkSync(join(d, 'elsewhere', 'b.yaml'), join(d, 'scen', 'b.yaml'));
    symlinkSync(join(d, 'nowhere'), join(d, 'scen', 'dangling')); // not a folder, not a scenario file
    const problems = await problemsOf(['scen'], d);
    expect(problems).toEqual([
      expect.stringMatching(/^scen\/loop: a symlink to a folder: folders are not read through symlinks/),
      expect.stringMatching(/^scen\/more: a symlink to a folder: /),
    ]);
    // Named as inputs of their own, they are read.
    expect((await loadScenarios(['scen/a.yaml', 'elsewhere'], d)).map((s) => s.file)).toEqual(['scen/a.yaml', 'elsewhere/b.yaml']);
    expect((await loadScenarios(['scen/b.yaml'], d)).map((s) => s.name)).toEqual(['b']);
  });

  it('a folder with no scenario file at any depth is a problem', async () => {
    const d = tempDir();
    writeTree(d, { 'scen/sub/notes.md': 'x', 'scen/.hidden/h.yaml': valid('h') });
    expect(await problemsOf(['scen'], d)).toEqual(['scen: no scenario files (*.yaml, *.yml) in this folder or below it']);
  });
});

describe('run and validate read subfolders and say what they read', () => {
  const widened = scenarioText({ name: 'name: moved', warrant: 'warrant:\n  read_file: {path: {subpath: /}}' });

  it('run: a widened scenario moved into a subfolder runs and fails the gate', async () => {
    const d = tempDir();
    writeTree(d, { 'scen/ok.yaml': valid('ok'), 'scen/sub/moved.yaml': widened });
    const r = await runCli(['run', '--scenarios', 'scen/', '--no-mutants', '--no-probes', '--workers', '1', '--format', 'json'], d);
    expect(r.code).toBe(1);
    const results = JSON.parse(r.out) as { scenarios: string[]; gate: { passed: boolean } };
    expect(results.scenarios).toEqual(['ok', 'moved']);
    expect(results.gate.passed).toBe(false);
    expect(r.err).toContain('read 2 files, 2 scenarios from scen/\n');
  });

  it('validate: reads the subfolder and says so on stderr', async () => {
    const d = tempDir();
    writeTree(d, { 'scen/ok.yaml': valid('ok'), 'scen/sub/moved.yaml': widened });
    const r = await runCli(['validate', '--scenarios', 'scen', '--scenarios', 'scen/ok.yaml'], d);
    expect(r.code).toBe(0);
    expect(r.out).toBe('ok: 2 scenarios (ok, moved)\n');
    expect(r.err).toBe('read 2 files, 2 scenarios from scen, scen/ok.yaml\n');
  });

  it('the built-in suite is named by its folder', async () => {
    const r = await runCli(['validate']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^read 8 files, 8 scenarios from scenarios\/\n$/);
  });
});
