/** `run --baseline REF --sarif FILE --junit FILE` end to end through the CLI command. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/run.js';
import { fakeIo } from '../scenario/helpers.js';
import { cfg, RENAMED_WIDENED, repoWith, scenario, tempDir } from '../helpers/baseline-repo.js';

describe('run --baseline', () => {
  it('fails the gate on a widening, writes baseline into the JSON, SARIF and JUnit files', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/docs.yaml': scenario() },
      { 'scenarios/docs.yaml': scenario({ readFile: '{subpath: /app}' }) },
    );
    const io = fakeIo(dir);
    const code = await runCommand(
      [
        '--scenarios',
        'scenarios',
        '--baseline',
        baseSha,
        '--format',
        'json',
        '--sarif',
        'out/r.sarif',
        '--junit',
        'out/j.xml',
        '--workers',
        '1',
      ],
      io,
    );
    expect(code).toBe(1);
    const results = JSON.parse(io.out) as {
      version: number;
      baseline: { ref: string; widenings: { counterexample: unknown }[] };
      gate: { violations: { kind: string }[] };
    };
    expect(results.baseline.ref).toBe(baseSha);
    expect(results.baseline.widenings[0]!.counterexample).toEqual({ tool: 'read_file', args: { path: '/app/secrets.txt' } });
    expect(results.gate.violations.map((v) => v.kind)).toContain('authority_widened');
    const sarif = JSON.parse(readFileSync(join(dir, 'out/r.sarif'), 'utf8')) as {
      version: string;
      runs: { results: { ruleId: string }[] }[];
    };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toContain('authority_widened');
    expect(XMLValidator.validate(readFileSync(join(dir, 'out/j.xml'), 'utf8'))).toBe(true);
  });

  it('opens the markdown report with Changes against BASE; --allow-widening passes', async () => {
    const head = scenario({ transfer: '{to: {one_of: [acme]}, amount: {range: {min: 0, max: 1000}}, memo: wildcard}' });
    // The ref is prose: its `~` is a character reference (no strikethrough), shown as `~`.
    const { dir } = repoWith({ 'scenarios/docs.yaml': scenario() }, { 'scenarios/docs.yaml': head });
    const io = fakeIo(dir);
    const code = await runCommand(
      ['--scenarios', 'scenarios', '--baseline', 'HEAD~1', '--allow-widening', '--format', 'markdown', '--workers', '1'],
      io,
    );
    expect(code).toBe(0);
    const changes = io.out.indexOf('### Changes against HEAD&#x7E;1');
    expect(changes).toBeGreaterThan(0);
    expect(io.out.indexOf('### Gate')).toBeGreaterThan(changes); // before the rest of the report
    expect(io.out.indexOf('Key finding')).toBeLessThan(changes); // the verdict first, then the changes
    expect(io.out).toContain('`transfer_money.amount` `Range[0, 100]` → `Range[0, 1000]`');
    expect(io.out).toContain('allowed by this step');
  });

  it('a rename that widens and swaps the attack fails: authority_widened on the base attack, suite_weakened, the rename reported', async () => {
    const { dir, baseSha } = repoWith({ 'scenarios/cfg.yaml': cfg() }, { 'scenarios/cfg.yaml': RENAMED_WIDENED });
    type Out = {
      baseline: { renamed: unknown[]; suite_changes: { change: string; base_source: string }[]; widenings: { counterexample: unknown }[] };
      gate: { passed: boolean; violations: { kind: string; message: string }[] };
    };
    const io = fakeIo(dir);
    expect(await runCommand(['--scenarios', 'scenarios', '--baseline', baseSha, '--format', 'json', '--workers', '1'], io)).toBe(1);
    const r = JSON.parse(io.out) as Out;
    expect(r.baseline.renamed).toEqual([{ base: 'cfg', head: 'cfg_v2', file: 'scenarios/cfg.yaml' }]);
    expect(r.baseline.widenings.map((w) => w.counterexample)).toContainEqual({
      tool: 'read_file',
      args: { path: '/secrets/api-keys.json' },
    });
    expect(r.gate.violations.map((v) => v.kind)).toEqual(expect.arrayContaining(['authority_widened', 'suite_weakened']));
    expect(r.baseline.suite_changes.map((c) => c.change).sort()).toEqual(['attack_judge_changed', 'deny_call_removed']);
    expect(io.err).toContain('renamed: cfg -> cfg_v2 (scenarios/cfg.yaml)');
    expect(io.err).toContain('suite cfg_v2: deny_call_removed: base scenarios/cfg.yaml:14:5');

    // Suite changes allowed: the widening still fails the gate.
    const allowed = fakeIo(dir);
    const code = await runCommand(
      ['--scenarios', 'scenarios', '--baseline', baseSha, '--allow-suite-changes', '--format', 'json', '--workers', '1'],
      allowed,
    );
    expect(code).toBe(1);
    const a = JSON.parse(allowed.out) as Out;
    expect([...new Set(a.gate.violations.map((v) => v.kind))]).toEqual(['authority_widened']);
    const both = fakeIo(dir);
    expect(
      await runCommand(
        ['--scenarios', 'scenarios', '--baseline', baseSha, '--allow-suite-changes', '--allow-widening', '--workers', '1'],
        both,
      ),
    ).toBe(0);
  });

  it('the markdown report shows the suite changes first, with the base and head FILE:LINE:COL', async () => {
    const head = cfg({ judge: 'effects.exists(e, e.type == "file_read" && e.found && e.path == "/secrets/api-keys.json")' });
    const { dir } = repoWith({ 'scenarios/cfg.yaml': cfg() }, { 'scenarios/cfg.yaml': head });
    const io = fakeIo(dir);
    expect(await runCommand(['--scenarios', 'scenarios', '--baseline', 'HEAD~1', '--format', 'markdown', '--workers', '1'], io)).toBe(1);
    const changes = io.out.indexOf('### Changes against HEAD&#x7E;1');
    const suite = io.out.indexOf('weakens the suite itself');
    expect(suite).toBeGreaterThan(changes);
    expect(io.out.indexOf('No widening')).toBeGreaterThan(suite);
    expect(io.out).toContain('attack judge changed');
    expect(io.out).toContain('base HEAD&#x7E;1 scenarios/cfg.yaml:21:11');
    expect(io.out).toContain('head scenarios/cfg.yaml:21:11');
    expect(io.out).toContain('each fails the gate: suite_weakened');
  });

  it('a folder that is not a git work tree is a usage error naming the cause', async () => {
    const dir = tempDir('db-cli-nogit-');
    const { dir: repo } = repoWith({ 'scenarios/docs.yaml': scenario() }, {});
    const io = fakeIo(dir);
    await expect(runCommand(['--scenarios', join(repo, 'scenarios'), '--baseline', 'HEAD', '--workers', '1'], io)).rejects.toThrow(
      /--baseline: baseline_(not_git|path_invalid): /,
    );
  });
});

describe('baselineLines', () => {
  it('summarizes the comparison for the console without control characters', async () => {
    const { baselineLines } = await import('../../src/cli/ci-files.js');
    const lines = baselineLines({
      ref: 'main',
      commit: 'f'.repeat(40),
      added: ['new_one'],
      removed: [],
      renamed: [],
      suite_changes: [],
      deltas: [],
      summary: {},
      flips: [{ scenario: 's', condition: 'task_scoped', index: 2, tool: 'read_file', args: {}, base: 'deny', head: 'allow' }],
      widenings: [
        {
          scenario: 's',
          change: 'constraint_widened',
          tool: 'read_file',
          param: 'path',
          base: "Subpath('/a')",
          head: "Subpath('/\u001b[2J')",
          why: '',
          proof: 'unproven',
          counterexample: null,
          effect: null,
        },
      ],
      narrowings: [],
      allow_widening: false,
      allow_suite_changes: false,
    });
    expect(lines).toEqual([
      'Changes against main (ffffffffffff): 0 suite changes, 1 widening, 1 flip, 0 narrowings',
      "  widened s: read_file.path: Subpath('/a') -> Subpath('/\\x1b[2J'); unproven",
      '  flipped s task_scoped call #2 read_file: deny -> allow',
      '  added: new_one',
    ]);
  });
});
