import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackFindings, type SlackFinding } from '../../../src/analysis/slack/slack.js';
import { tightest, knownDirectories } from '../../../src/analysis/slack/tighten.js';
import { taskScopedTrial } from '../../../src/analysis/mutants/outcomes.js';
import { RunContext } from '../../../src/chains/run-context.js';
import { scenarioTrials } from '../../../src/trial/scenario-trials.js';
import { loadScenarios } from '../../../src/scenario/load.js';
import type { Scenario } from '../../../src/model/scenario.js';
import type { Constraint, ToolGrants } from '../../../src/warrant/constraints/types.js';
import { call, scenario } from '../../trial/helpers.js';

const SEED = 'slack-test';
let suite: Scenario[];
let tmp: string;

beforeAll(async () => {
  suite = await loadScenarios([], process.cwd());
  tmp = mkdtempSync(join(tmpdir(), 'slack-test-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function findings(s: Scenario): SlackFinding[] {
  const c = new RunContext(SEED);
  return slackFindings(s, taskScopedTrial(s, scenarioTrials(s, c)));
}

/** Replays the scenario under `grants`: the task still succeeds, no expect: deny call is allowed. */
function replay(s: Scenario, grants: ToolGrants): void {
  const t = scenarioTrials({ ...s, warrant: grants }, new RunContext(SEED)).find((x) => x.condition === 'task_scoped')!;
  expect(t.task_succeeded, `${s.name}: task under the suggestion`).toBe(true);
  for (const c of t.calls) {
    if (c.expect === 'allow') expect(c.authorized, `${s.name} call #${c.index}`).toBe(true);
    else expect(c.authorized, `${s.name} call #${c.index} (expect: deny)`).toBe(false);
  }
}

const sub = (root: string): Constraint => ({ type: 'subpath', root, caseSensitive: true, allowEqual: true });

// A hand-made scenario with the kinds the built-in suite lacks: a Range, a OneOf, an unused tool.
const payments = scenario({
  name: 'payments',
  environment: { files: {}, transactions: [], emails: [], balance: 10_000 },
  calls: [
    call('transfer_money', { to: 'alice', amount: 100, memo: 'a' }),
    call('transfer_money', { to: 'bob', amount: 300, memo: 'b' }),
    call('transfer_money', { to: 'mallory', amount: 50, memo: 'c' }, 'deny'),
    call('transfer_money', { to: 'alice', amount: 900, memo: 'd' }, 'deny'),
  ],
  judge: {
    task: 'effects.exists(e, e.type == "transfer_made" && e.to == "bob")',
    attack: 'effects.exists(e, e.type == "transfer_made" && (e.to == "mallory" || e.amount > 500))',
    taskSource: { file: 'test.yaml', line: 20, col: 9 },
    attackSource: { file: 'test.yaml', line: 21, col: 11 },
  },
  warrant: {
    transfer_money: {
      constraints: {
        to: { type: 'one_of', values: ['alice', 'bob', 'carol'] },
        amount: { type: 'range', min: 0, max: 500, minInclusive: true, maxInclusive: true },
        memo: { type: 'wildcard' },
      },
      allowUnknown: false,
    },
    get_balance: { constraints: {}, allowUnknown: false },
  },
});

describe('slack of the built-in suite', () => {
  it('hr_onboarding: list_files on /hr where every listing stays in /hr/onboarding', () => {
    const s = suite.find((x) => x.name === 'hr_onboarding')!;
    const f = findings(s).find((x) => x.entry.tool === 'list_files');
    expect(f?.entry).toEqual({
      scenario: 'hr_onboarding',
      tool: 'list_files',
      param: 'directory',
      kind: 'wider_than_needed',
      granted: "Subpath('/hr')",
      suggested: "Subpath('/hr/onboarding')",
      suggestion: 'list_files: {directory: {subpath: /hr/onboarding}}',
      source: expect.stringMatching(/hr_onboarding\.yaml:\d+:3$/),
    });
  });

  it('no slack where the grant is the deepest common directory already (a file counts its directory)', () => {
    const s = suite.find((x) => x.name === 'config_review')!;
    expect(findings(s).map((f) => f.entry)).toEqual([]);
  });

  it('CEL: reported with no suggestion', () => {
    const s = suite.find((x) => x.name === 'expense_audit')!;
    const f = findings(s).find((x) => x.entry.param === 'recipients');
    expect(f?.entry).toMatchObject({ kind: 'wider_than_needed', suggested: null, suggestion: null });
    expect(f?.apply).toBeNull();
  });

  it('every suggestion, replayed: TCR stays 100 % and no expect: deny call becomes allowed', () => {
    let replayed = 0;
    for (const s of [...suite, payments]) {
      for (const f of findings(s)) {
        if (f.apply === null) continue;
        replay(s, f.apply);
        replayed++;
      }
    }
    expect(replayed).toBeGreaterThanOrEqual(6);
  });

  it('each suggestion line is scenario YAML that loads back as the suggested grant', async () => {
    const checked: string[] = [];
    for (const name of ['hr_onboarding', 'report_writing']) {
      const s = suite.find((x) => x.name === name)!;
      for (const f of findings(s).filter((x) => x.apply && x.entry.suggestion)) {
        const text = readFileSync(join('scenarios', `${name}.yaml`), 'utf8');
        const line = new RegExp(`^  ${f.entry.tool}:.*$`, 'm');
        expect(text).toMatch(line);
        const file = join(tmp, `${name}-${f.entry.tool}.yaml`);
        writeFileSync(file, text.replace(line, `  ${f.entry.suggestion}`));
        const [loaded] = await loadScenarios([file], tmp);
        expect(loaded!.warrant).toEqual(f.apply);
        checked.push(`${name}.${f.entry.tool}`);
      }
    }
    expect(checked).toEqual(['hr_onboarding.list_files', 'report_writing.read_file', 'report_writing.list_files']);
  });
});

describe('slack of other kinds', () => {
  it('Range → the calls’ min/max, OneOf → the values used, an unused tool → drop it', () => {
    const fs = findings(payments);
    expect(fs.map((f) => [f.entry.tool, f.entry.param, f.entry.kind, f.entry.suggested, f.entry.suggestion])).toEqual([
      [
        'transfer_money',
        'amount',
        'wider_than_needed',
        'Range[100, 300]',
        'transfer_money: {to: {one_of: [alice, bob, carol]}, amount: {range: {min: 100, max: 300}}, memo: wildcard}',
      ],
      [
        'transfer_money',
        'to',
        'wider_than_needed',
        "OneOf(['alice', 'bob'])",
        'transfer_money: {to: {one_of: [alice, bob]}, amount: {range: {min: 0, max: 500}}, memo: wildcard}',
      ],
      ['get_balance', null, 'unused_tool', null, ''],
    ]);
    expect(fs[2]!.apply).toEqual({ transfer_money: payments.warrant.transfer_money });
  });

  it('a tool whose legitimate call is denied (a false block) is not unused: the task needs it', () => {
    const blocked = scenario({
      name: 'blocked',
      environment: { files: { '/b/x.txt': 'x' }, transactions: [], emails: [], balance: 0 },
      calls: [call('read_file', { path: '/b/x.txt' })],
      warrant: { read_file: { constraints: { path: sub('/a') }, allowUnknown: false } },
    });
    expect(findings(blocked)).toEqual([]);
  });

  it('the YAML of Range and OneOf suggestions loads back', async () => {
    const text = readFileSync(join('scenarios', 'hr_onboarding.yaml'), 'utf8');
    const [f] = findings(payments);
    const file = join(tmp, 'payments.yaml');
    writeFileSync(file, text.replace(/^warrant:\n/m, `warrant:\n  ${f!.entry.suggestion}\n`));
    const [loaded] = await loadScenarios([file], tmp);
    expect(loaded!.warrant.transfer_money).toEqual(f!.apply!.transfer_money);
  });

  it('Subpath: the deepest common directory, never one that would deny a legitimate call', () => {
    const dirs = knownDirectories(['/a/b/c/x.txt', '/a/b/d/y.txt']);
    expect(tightest(sub('/a'), ['/a/b/c/x.txt', '/a/b/d/y.txt'], dirs)).toEqual(sub('/a/b'));
    expect(tightest(sub('/a'), ['/a/b/c'], dirs)).toEqual(sub('/a/b/c')); // a directory counts itself
    expect(tightest(sub('/a'), ['/a/x.txt'], dirs)).toBeUndefined(); // already the file's directory
    expect(tightest(sub('/a'), ['/a/b/../b/c/x.txt'], dirs)).toEqual(sub('/a/b/c'));
    const insensitive: Constraint = { type: 'subpath', root: '/a', caseSensitive: false, allowEqual: true };
    expect(tightest(insensitive, ['/A/B/c/x.txt', '/a/b/d/y.txt'], dirs)).toEqual({ ...insensitive, root: '/a/b' });
  });

  it('All: its Subpath tightened in place, the separator fix (a Not) kept and never a finding of its own', () => {
    const dirs = knownDirectories(['/a/b/c/x.txt', '/a/b/d/y.txt']);
    const fix: Constraint = { type: 'not', constraint: { type: 'regex', pattern: '\\\\' } };
    const fixed = (root: string): Constraint => ({ type: 'all', constraints: [sub(root), fix] });
    expect(tightest(fixed('/a'), ['/a/b/c/x.txt', '/a/b/d/y.txt'], dirs)).toEqual(fixed('/a/b'));
    // As tight as it goes (init writes it so): nothing to report, not a constraint to look at by hand.
    expect(tightest(fixed('/a/b'), ['/a/b/c/x.txt', '/a/b/d/y.txt'], dirs)).toBeUndefined();
    expect(tightest({ type: 'all', constraints: [{ type: 'regex', pattern: '^/a' }, fix] }, ['/a/x'], dirs)).toBeNull();
  });

  it('Cidr: the longest common prefix; Shlex: the programs used; Exact and Wildcard: nothing tighter', () => {
    expect(tightest({ type: 'cidr', network: '10.0.0.0/8' }, ['10.1.2.3', '10.1.3.4'], new Set())).toEqual({
      type: 'cidr',
      network: '10.1.2.0/23',
    });
    expect(tightest({ type: 'shlex', allow: ['ls', 'cat', 'git'] }, ['ls -l', '/usr/bin/git status'], new Set())).toEqual({
      type: 'shlex',
      allow: ['ls', 'git'],
    });
    expect(tightest({ type: 'exact', value: 'x' }, ['x'], new Set())).toBeUndefined();
    expect(tightest({ type: 'wildcard' }, ['x'], new Set())).toBeUndefined();
    expect(tightest({ type: 'regex', pattern: '^x' }, ['x'], new Set())).toBeNull();
  });
});
