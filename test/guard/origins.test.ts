/**
 * Everything the base read is compared, and every base problem fails closed (docs/guard.md):
 * a file a base scenario read with `from:` is compared as that scenario's grant whoever reads it
 * now; a grant read from another file (or inline) is a suite change; a base file is read the way
 * the head's loader reads it (any YAML spelling of `from:`, a path through a symlinked folder); a
 * base file that does not load fails the gate, never counts as added.
 */
import { describe, expect, it } from 'vitest';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parseBatchCheck } from '../../src/guard/git.js';
import { loadScenarios } from '../../src/scenario/load.js';
import {
  claudeSession,
  compareAtRef,
  git,
  repoWith,
  scenario,
  tempDir,
  writeFiles,
  type CompareAtRefOptions,
} from '../helpers/baseline-repo.js';

const SEED = 'baseline-origins';

const session = claudeSession;
const policy = (read: string): string => `sandbox: .\nenforce:\n  Read: "${read}"\n  Write: "subpath:{sandbox}/docs"\ndefault: deny\n`;
const NARROW = policy('subpath:{sandbox}/config');
const WIDE = policy('subpath:{sandbox}');

async function compareIn(dir: string, baseSha: string, options: CompareAtRefOptions = {}) {
  return compareAtRef(dir, baseSha, SEED, options);
}

describe('baseline: the file a base scenario read is compared, whoever reads it now', () => {
  it('a head scenario pointed at a frozen copy of the old policy while the real one widens: origin changed, and the real file widened', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/session.yaml': session('from: ../tenuo.yaml'), 'tenuo.yaml': NARROW },
      { 'scenarios/session.yaml': session('from: ../frozen/tenuo.yaml'), 'frozen/tenuo.yaml': NARROW, 'tenuo.yaml': WIDE },
    );
    const out = await compareIn(dir, baseSha);
    expect(out.baseline.suite_changes).toEqual([
      {
        scenario: 'session',
        change: 'grant_origin_changed',
        base: 'warrant: {from: tenuo.yaml}',
        head: 'warrant: {from: frozen/tenuo.yaml}',
        base_source: 'scenarios/session.yaml:19:1',
        head_source: 'scenarios/session.yaml:19:1',
      },
    ]);
    // The real file, compared as the base scenario's grant: a proven widening of Read, at its rule's line there.
    const real = out.baseline.widenings.filter((w) => w.base_file === 'tenuo.yaml');
    expect(real.length).toBeGreaterThan(0);
    expect(real).toContainEqual(
      expect.objectContaining({ scenario: 'session', tool: 'Read', param: 'file_path', proof: 'proven', source: 'tenuo.yaml:3:3' }),
    );
    expect(real.every((w) => w.counterexample !== null)).toBe(true);
    expect(out.violations.map((v) => v.kind)).toEqual(['suite_weakened', ...real.map(() => 'authority_widened')]);
    expect(out.violations.find((v) => v.kind === 'authority_widened')?.message).toContain(
      'tenuo.yaml, which the base scenario session read, as it is in the head',
    );
    // A reviewer's yes for both kinds approves both.
    const approved = await compareIn(dir, baseSha, { allowWidening: true, allowSuiteChanges: true });
    expect(approved.violations).toEqual([]);
  });

  it('the same move with the real policy unchanged is only the origin change', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/session.yaml': session('from: ../tenuo.yaml'), 'tenuo.yaml': NARROW },
      { 'scenarios/session.yaml': session('from: ../frozen/tenuo.yaml'), 'frozen/tenuo.yaml': NARROW },
    );
    const out = await compareIn(dir, baseSha);
    expect(out.baseline.suite_changes.map((c) => c.change)).toEqual(['grant_origin_changed']);
    expect(out.baseline.widenings).toEqual([]);
  });

  it('a scenario moved to another folder that reads the same file is no origin change', async () => {
    const { dir, baseSha } = repoWith({ 'scenarios/session.yaml': session('from: ../tenuo.yaml'), 'tenuo.yaml': NARROW }, {});
    git(dir, 'rm', '-q', 'scenarios/session.yaml');
    writeFiles(dir, { 'scenarios/sub/session.yaml': session('from: ../../tenuo.yaml') });
    const out = await compareIn(dir, baseSha);
    expect(out.baseline.suite_changes).toEqual([]);
    expect(out.baseline.widenings).toEqual([]);
  });

  it('a grant turned inline while the token the base read widens: origin changed, and the token widened', async () => {
    const { RunContext } = await import('../../src/chains/run-context.js');
    const { toPem } = await import('../../src/warrant/text.js');
    const tokenOf = async (text: string): Promise<string> => {
      const d = tempDir();
      writeFiles(d, { 's.yaml': text });
      const [s] = await loadScenarios(['s.yaml'], d);
      return toPem(new RunContext(SEED).delegation(s!, 'task_scoped')!.chain);
    };
    const fromToken = scenario().replace(/^warrant:[\s\S]*$/m, 'warrant:\n  from: ../tokens/w.pem\n');
    const { dir, baseSha } = repoWith(
      { 'scenarios/docs.yaml': fromToken, 'tokens/w.pem': await tokenOf(scenario()) },
      { 'scenarios/docs.yaml': scenario(), 'tokens/w.pem': await tokenOf(scenario({ readFile: '{subpath: /app}' })) },
    );
    const out = await compareIn(dir, baseSha);
    expect(out.baseline.suite_changes).toEqual([
      expect.objectContaining({
        change: 'grant_origin_changed',
        base: 'warrant: {from: tokens/w.pem}',
        head: 'warrant: written inline in the scenario',
      }),
    ]);
    expect(out.baseline.widenings).toEqual([
      expect.objectContaining({ scenario: 'docs', tool: 'read_file', param: 'path', proof: 'proven', base_file: 'tokens/w.pem' }),
    ]);
  });

  it('a removed scenario whose policy widened: removed, and the policy compared as its grant', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/session.yaml': session('from: ../tenuo.yaml'), 'scenarios/docs.yaml': scenario(), 'tenuo.yaml': NARROW },
      { 'tenuo.yaml': WIDE },
    );
    git(dir, 'rm', '-q', 'scenarios/session.yaml');
    const out = await compareIn(dir, baseSha);
    expect(out.baseline.suite_changes.map((c) => c.change)).toEqual(['scenario_removed']);
    expect(out.baseline.widenings).toContainEqual(
      expect.objectContaining({ scenario: 'session', tool: 'Read', proof: 'proven', base_file: 'tenuo.yaml' }),
    );
  });
});

describe('baseline: the base is read the way the head is', () => {
  it('a `"from":` key written JSON-style is read at the ref: the widened policy is a widening, not an added scenario', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/session.yaml': session('{"from": "../tenuo.yaml"}').replace('warrant:\n  {', 'warrant: {'), 'tenuo.yaml': NARROW },
      { 'tenuo.yaml': WIDE },
    );
    const out = await compareIn(dir, baseSha);
    expect(out.problems).toEqual([]);
    expect(out.baseline.added).toEqual([]);
    expect(out.baseline.widenings).toContainEqual(
      expect.objectContaining({ scenario: 'session', tool: 'Read', param: 'file_path', proof: 'proven' }),
    );
  });

  it('a `from:` path through a symlinked folder is followed inside the commit’s tree', async () => {
    const dir = tempDir();
    git(dir, 'init', '-q', '-b', 'main');
    writeFiles(dir, { 'scenarios/session.yaml': session('from: ../policies/tenuo.yaml'), 'config/policies/tenuo.yaml': NARROW });
    symlinkSync('config/policies', join(dir, 'policies'));
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    const baseSha = git(dir, 'rev-parse', 'HEAD');
    writeFiles(dir, { 'config/policies/tenuo.yaml': WIDE });
    const out = await compareIn(dir, baseSha);
    expect(out.problems).toEqual([]);
    expect(out.baseline.added).toEqual([]);
    expect(out.baseline.widenings).toContainEqual(
      expect.objectContaining({ scenario: 'session', tool: 'Read', param: 'file_path', proof: 'proven' }),
    );
  });

  it('a `from:` symlink that leads out of the repository at the ref is a base problem that fails the gate', async () => {
    const dir = tempDir();
    git(dir, 'init', '-q', '-b', 'main');
    writeFiles(dir, { 'scenarios/session.yaml': session('from: ../tenuo.yaml') });
    symlinkSync('../../outside/tenuo.yaml', join(dir, 'tenuo.yaml'));
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    const baseSha = git(dir, 'rev-parse', 'HEAD');
    git(dir, 'rm', '-q', 'tenuo.yaml');
    writeFiles(dir, { 'tenuo.yaml': WIDE });
    const out = await compareIn(dir, baseSha);
    expect(out.baseline.added).toEqual([]);
    expect(out.baseline.suite_changes).toEqual([
      expect.objectContaining({
        scenario: 'session',
        change: 'base_unreadable',
        head: 'scenario session (scenarios/session.yaml)',
        base_source: 'scenarios/session.yaml:20:3',
      }),
    ]);
    expect(out.baseline.suite_changes[0]!.base).toMatch(/leads out of the repository \("\.\.\/\.\.\/outside\/tenuo\.yaml"\)/);
    expect(out.violations.map((v) => v.kind)).toEqual(['suite_weakened']);
  });

  it('widening the policy and deleting the deny call of a base file that did not load still fails', async () => {
    // The case: the base does not load at the ref (its token is missing there); the head
    // fixes that, widens the grant and drops the deny call. Nothing is "added".
    const { dir, baseSha } = repoWith(
      { 'scenarios/session.yaml': session('from: ../tenuo.yaml') },
      {
        'scenarios/session.yaml': session('from: ../tenuo.yaml').replace(
          / {2}- tool: Read\n {4}args: \{file_path: \/workspace\/secrets.txt\}\n {4}expect: deny\n/,
          '',
        ),
        'tenuo.yaml': WIDE,
      },
    );
    const out = await compareIn(dir, baseSha);
    expect(out.baseline.added).toEqual([]);
    expect(out.baseline.suite_changes.map((c) => c.change)).toEqual(['base_unreadable']);
    expect(out.violations.map((v) => v.kind)).toEqual(['suite_weakened']);
  });
});

describe('baseline: a base scenario that loads but cannot run', () => {
  it('is base_unreadable with the harness’s reason, the rest of the base still compared', async () => {
    const broken = scenario().replace(/attack: .*/, 'attack: int("abc") == 1');
    const { dir, baseSha } = repoWith(
      { 'scenarios/docs.yaml': broken, 'scenarios/other.yaml': scenario({ name: 'other' }) },
      {
        'scenarios/docs.yaml': scenario({ readFile: '{subpath: /app}' }),
        'scenarios/other.yaml': scenario({ name: 'other', readFile: '{subpath: /}' }),
      },
    );
    const out = await compareIn(dir, baseSha);
    expect(out.baseline.added).toEqual([]);
    expect(out.baseline.suite_changes).toEqual([
      expect.objectContaining({
        scenario: 'docs',
        change: 'base_unreadable',
        head: 'scenario docs (scenarios/docs.yaml)',
        base: expect.stringContaining('cannot run at the base'),
      }),
    ]);
    expect(out.baseline.widenings).toEqual([expect.objectContaining({ scenario: 'other', tool: 'read_file', proof: 'proven' })]);
    expect(out.violations.map((v) => v.kind)).toEqual(['suite_weakened', 'authority_widened']);
  });
});

describe('baseline: a symlinked folder among the base’s scenario folders', () => {
  it('is a base problem, as the head’s loader refuses it, not a silent skip', async () => {
    const dir = tempDir();
    git(dir, 'init', '-q', '-b', 'main');
    writeFiles(dir, { 'scenarios/docs.yaml': scenario(), 'elsewhere/session.yaml': session('from: ../tenuo.yaml'), 'tenuo.yaml': NARROW });
    symlinkSync('../elsewhere', join(dir, 'scenarios', 'linked'));
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    const baseSha = git(dir, 'rev-parse', 'HEAD');
    // The head replaces the link by a real folder and widens the policy its scenario reads.
    git(dir, 'rm', '-q', 'scenarios/linked');
    writeFiles(dir, { 'scenarios/linked/session.yaml': session('from: ../../tenuo.yaml'), 'tenuo.yaml': WIDE });
    const out = await compareIn(dir, baseSha);
    expect(out.baseline.suite_changes).toEqual([
      expect.objectContaining({ scenario: 'scenarios/linked', change: 'base_unreadable', base_source: 'scenarios/linked:1:1', head: null }),
    ]);
    expect(out.violations.map((v) => v.kind)).toContain('suite_weakened');
  });
});

describe('baseline: a --scenarios input through a symlinked folder', () => {
  it('is read through the link at the ref, as the head reads it: a widening, not every scenario added', async () => {
    const dir = tempDir();
    git(dir, 'init', '-q', '-b', 'main');
    writeFiles(dir, { 'qa/scenarios/docs.yaml': scenario() });
    symlinkSync('qa', join(dir, 'tests'));
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    const baseSha = git(dir, 'rev-parse', 'HEAD');
    writeFiles(dir, { 'qa/scenarios/docs.yaml': scenario({ readFile: '{subpath: /app}' }) });
    const out = await compareAtRef(dir, baseSha, SEED, { inputs: ['tests/scenarios'] });
    expect(out.baseline.added).toEqual([]);
    expect(out.baseline.widenings).toEqual([
      expect.objectContaining({ scenario: 'docs', tool: 'read_file', param: 'path', proof: 'proven' }),
    ]);
  });
});

describe('git cat-file --batch-check --follow-symlinks answers', () => {
  it('reads objects, missing paths and the extra-body answers, a target with a newline included', () => {
    const out = Buffer.from(
      `${'a'.repeat(40)} blob 12\nX:p missing\nsymlink 8\n../a\nb/c\nloop 6\nX:loop\nnotdir 3\nX:f\n${'b'.repeat(40)} tree 30\n`,
    );
    expect(parseBatchCheck(out, 6)).toEqual([
      { kind: 'object', object: 'a'.repeat(40), type: 'blob', size: 12 },
      { kind: 'missing' },
      { kind: 'outside', target: '../a\nb/c' },
      { kind: 'loop' },
      { kind: 'notdir' },
      { kind: 'object', object: 'b'.repeat(40), type: 'tree', size: 30 },
    ]);
    expect(() => parseBatchCheck(Buffer.from('garbage\n'), 1)).toThrow(/unexpected git cat-file output/);
  });
});
