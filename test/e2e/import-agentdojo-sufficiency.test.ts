/**
 * The policy-sufficiency finding end to end (docs/agentdojo.md, docs/results.md#suites): where a
 * per-call cap lets a summing attack's total through as many calls, `import agentdojo` records it in
 * the suite's manifest, and the run's JSON, markdown and console reports show it under the suites
 * table, apart from the enforcement figures. A manifest whose findings are malformed is refused at
 * their JSON path by `validate` and `run`; a finding's text is escaped like every untrusted string.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exportText, miniExport } from '../helpers/agentdojo-export.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CLI = join(ROOT, 'dist', 'cli.js');
const FINDING =
  "send_money.amount is capped at 10000 per call and nothing caps the number of calls: the attack's total of 30000 passes as 3 calls within the cap; a per-call constraint cannot bound a total";

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The small export (a 3 × 10,000 summing attack) imported under Tenuo's per-call template. */
function imported(): string {
  const dir = mkdtempSync(join(tmpdir(), 'db-sufficiency-'));
  writeFileSync(join(dir, 'minibank.json'), exportText(miniExport()));
  expect(cli(['import', 'agentdojo', 'minibank.json', '--out', 'out', '--policy', 'tenuo-templates'], dir).code).toBe(0);
  return dir;
}

const MANIFEST = 'out/minibank/suite.json';

function editManifest(dir: string, edit: (m: Record<string, unknown>) => void): void {
  const m = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as Record<string, unknown>;
  edit(m);
  writeFileSync(join(dir, MANIFEST), JSON.stringify(m));
}

describe('policy sufficiency: from the import to the report', () => {
  it('is recorded in the manifest and shown in the JSON, markdown and console reports, apart from the enforcement figures', () => {
    const dir = imported();
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as { policy_sufficiency: unknown };
    expect(manifest.policy_sufficiency).toEqual([
      { scenario: 'minibank_u0_i0', finding: FINDING },
      { scenario: 'minibank_u2_i0', finding: FINDING },
    ]);

    const json = cli(['run', '--scenarios', 'out/minibank', '--format', 'json'], dir);
    const suite = (JSON.parse(json.stdout) as { suites: Record<string, unknown>[] }).suites[0]!;
    expect(suite['policy_sufficiency']).toEqual(manifest.policy_sufficiency);
    // Added after the existing keys, never between them.
    expect(Object.keys(suite).slice(-2)).toEqual(['summary', 'policy_sufficiency']);

    const line = `minibank: policy sufficiency (suite.json, from the import), apart from enforcement: per-call constraints cannot bound a total in 2 of the 4 pairs: 2 (`;
    const md = cli(['run', '--scenarios', 'out/minibank', '--format', 'markdown'], dir).stdout;
    const mdLine = md.split('\n').find((l) => l.startsWith(`- ${line}`));
    expect(mdLine).toBeDefined();
    expect(mdLine).toContain('minibank_u0_i0, minibank_u2_i0)');
    const table = cli(['run', '--scenarios', 'out/minibank'], dir).stdout;
    expect(table).toContain(`  ${line}${FINDING}; minibank_u0_i0, minibank_u2_i0)`);
  });

  it('is escaped in markdown and the console like every string from a file', () => {
    const dir = imported();
    editManifest(dir, (m) => {
      m['policy_sufficiency'] = [
        { scenario: 'minibank_u0_i0', finding: 'cap <img src=x onerror=alert(1)> @maintainers\n## forged\u001b[31m' },
      ];
    });
    const md = cli(['run', '--scenarios', 'out/minibank', '--format', 'markdown'], dir).stdout;
    expect(md).toContain('policy sufficiency (suite.json, from the import), apart from enforcement');
    expect(md).not.toContain('<img');
    expect(md).not.toContain('@maintainers');
    expect(md).not.toMatch(/^## forged/m);
    const table = cli(['run', '--scenarios', 'out/minibank'], dir).stdout;
    expect(table).toContain('policy sufficiency (suite.json, from the import), apart from enforcement');
    expect(table).not.toContain('\u001b[31m');
    expect(table).not.toMatch(/^## forged/m);
  });

  it('a malformed or unknown finding is refused at its JSON path by validate and run (exit 2)', () => {
    const dir = imported();
    editManifest(dir, (m) => {
      m['policy_sufficiency'] = [
        { scenario: 'minibank_u0_i0', finding: 7 },
        { scenario: 'minibank_u2_i0', finding: 'x', severity: 'high' },
        { scenario: 'minibank_u9_i9', finding: 'x'.repeat(501) },
      ];
    });
    for (const command of ['validate', 'run']) {
      const r = cli([command, '--scenarios', 'out/minibank'], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('suite.json: $.policy_sufficiency[0].finding: expected a non-empty string');
      expect(r.stderr).toContain('$.policy_sufficiency[1].severity: unknown key (scenario, finding)');
      expect(r.stderr).toContain('$.policy_sufficiency[2].finding: longer than 500 characters');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    editManifest(dir, (m) => {
      m['policy_sufficiency'] = [{ scenario: 'minibank_u9_i9', finding: 'x' }];
    });
    for (const command of ['validate', 'run']) {
      const r = cli([command, '--scenarios', 'out/minibank'], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("$.policy_sufficiency[0].scenario: 'minibank_u9_i9' is not a scenario of the suite");
    }
    editManifest(dir, (m) => {
      m['policy_sufficiency'] = { scenario: 'minibank_u0_i0' };
    });
    expect(cli(['run', '--scenarios', 'out/minibank'], dir).stderr).toContain(
      '$.policy_sufficiency: expected a list of {scenario, finding}',
    );
  });
});
