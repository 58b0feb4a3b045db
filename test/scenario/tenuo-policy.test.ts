/**
 * `warrant: {from: tenuo.yaml}`: a Claude Code governance policy (tenuo-ai/claude-governance) as
 * the task_scoped grant. Every constraint form maps to the constraint tenuo-claude's
 * make_constraint builds, on the argument its hook signs; the other arguments are wildcard; what
 * cannot be mapped is a problem at its place in the policy file.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../../src/world/shell.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { constraintOfSpec } from '../../src/scenario/tenuo-policy.js';
import { Conditions } from '../../src/chains/conditions.js';
import { runScenarioTrials } from '../../src/run/run.js';
import type { Scenario } from '../../src/model/scenario.js';
import type { Constraint } from '../../src/warrant/constraints/types.js';
import { problemsOf, tempDir } from './helpers.js';

const fixtures = fileURLToPath(new URL('../fixtures/claude-code/', import.meta.url));
const W: Constraint = { type: 'wildcard' };

async function fixture(name: string): Promise<Scenario> {
  const all = await loadScenarios(['scenarios'], fixtures);
  return all.find((s) => s.name === name)!;
}

function grantOf(s: Scenario, tool: string): Record<string, Constraint> {
  expect(s.warrant[tool]?.allowUnknown).toBe(false);
  return { ...s.warrant[tool]!.constraints };
}

describe('a governance policy as the task_scoped grant: every form', () => {
  it('maps each enforced tool to its governed argument, the others wildcard', async () => {
    const s = await fixture('claude-code-policy');
    expect(grantOf(s, 'Read')).toEqual({ file_path: { type: 'subpath', root: '/workspace/project', caseSensitive: true, allowEqual: true }, offset: W, limit: W });
    expect(grantOf(s, 'Write')).toEqual({ file_path: { type: 'subpath', root: '/workspace/project/out', caseSensitive: true, allowEqual: true }, content: W });
    expect(grantOf(s, 'Edit')).toEqual({ file_path: { type: 'regex', pattern: '^/workspace/project/src/.*\\.ts$' }, old_string: W, new_string: W, replace_all: W });
    expect(grantOf(s, 'Bash')).toEqual({ command: { type: 'shlex', allow: ['ls', 'git', 'cat'] }, description: W, timeout: W });
    expect(grantOf(s, 'Glob')).toEqual({ pattern: W, path: { type: 'pattern', pattern: '/workspace/project/*' } });
    expect(grantOf(s, 'Grep')).toEqual({ pattern: W, path: { type: 'one_of', values: ['/workspace/project/src', '/workspace/project/docs'] }, glob: W, output_mode: W });
  });

  it("maps WebFetch's web policy onto url: UrlSafe and the domains as URL patterns", async () => {
    const s = await fixture('claude-code-policy');
    expect(grantOf(s, 'WebFetch')).toEqual({
      url: {
        type: 'all',
        constraints: [
          { type: 'url_safe', schemes: ['https'], allowDomains: null, denyDomains: null, allowPorts: [443], blockPrivate: true, blockLoopback: true, blockMetadata: true, blockReserved: true, blockInternalTlds: false },
          {
            type: 'any',
            constraints: [
              { type: 'url_pattern', pattern: '*://docs.example.com/*' },
              { type: 'all', constraints: [{ type: 'url_pattern', pattern: '*://*.github.com/*' }, { type: 'not', constraint: { type: 'url_pattern', pattern: '*://github.com/*' } }] },
            ],
          },
        ],
      },
      prompt: W,
    });
  });

  it('maps mcp.enforce onto the declared mcp__SERVER__TOOL, and allow: to a tool with nothing checked', async () => {
    const s = await fixture('claude-code-policy');
    expect(grantOf(s, 'mcp__ops__read_file')).toEqual({ path: { type: 'subpath', root: '/workspace/project', caseSensitive: true, allowEqual: true } });
    expect(grantOf(s, 'mcp__ops__delete_deployment')).toEqual({ target: { type: 'not_one_of', excluded: ['prod', 'production'] } });
    expect(grantOf(s, 'mcp__ops__set_mode')).toEqual({ mode: { type: 'exact', value: 'safe' } });
    expect(grantOf(s, 'mcp__ops__query')).toEqual({
      endpoint: { type: 'url_pattern', pattern: 'https://api.example.com/v1/*' },
      client_ip: { type: 'cidr', network: '10.0.0.0/8' },
      limit: { type: 'range', min: 1, max: 100, minInclusive: true, maxInclusive: true },
    });
    expect(grantOf(s, 'TodoWrite')).toEqual({ todos: W });
    expect(Object.keys(s.warrant).sort()).toEqual(
      ['Bash', 'Edit', 'Glob', 'Grep', 'Read', 'TodoWrite', 'WebFetch', 'Write', 'mcp__ops__delete_deployment', 'mcp__ops__query', 'mcp__ops__read_file', 'mcp__ops__set_mode'].sort(),
    );
    expect(s.tools.Read?.claudeCode).toEqual({ cwd: '/workspace' });
  });

  it.each([
    ['range', ',5', { type: 'range', min: null, max: 5, minInclusive: true, maxInclusive: true }],
    ['range', '1.5,', { type: 'range', min: 1.5, max: null, minInclusive: true, maxInclusive: true }],
    ['range', '5', "range needs 'min,max' (either side may be blank)"],
    ['range', ' , ', 'range needs at least one bound'],
    ['range', 'a,2', "range bound 'a' is not a number"],
    ['range', '9,2', 'empty range: 9 is greater than 2'],
    ['oneof', 'a, b,,c', { type: 'one_of', values: ['a', 'b', '', 'c'] }],
    ['notoneof', 'x', { type: 'not_one_of', excluded: ['x'] }],
    ['shlex', 'ls,, git ', { type: 'shlex', allow: ['ls', 'git'] }],
    ['shlex', ' , ', 'shlex: needs at least one allowed program'],
    ['exact', 'a,b', { type: 'exact', value: 'a,b' }],
    ['subpath', '/a/./b/', { type: 'subpath', root: '/a/b', caseSensitive: true, allowEqual: true }],
    ['subpath', 'rel/dir', "the subpath root 'rel/dir' is not an absolute path"],
    ['cidr', '10.0.0.0/33', "'10.0.0.0/33' is not a CIDR network such as 10.0.0.0/8"],
    ['regex', '(', expect.stringMatching(/^the regex does not compile/)],
    ['pattern', '/a/[b', expect.stringMatching(/^invalid glob pattern/)],
    ['urlpattern', 'example.com', expect.stringMatching(/^invalid URL pattern/)],
    ['glob', 'x', expect.stringMatching(/^unknown constraint kind 'glob'/)],
  ])('%s:%s', (kind, rest, expected) => {
    expect(constraintOfSpec(kind, rest)).toEqual(expected);
  });
});

describe('a governance policy: what cannot be mapped is a problem at its place', () => {
  const scenarioText =
    'name: s\ndescription: d\nrequest: r\ncalls:\n  - tool: Read\n    args: {file_path: /workspace/a}\n' +
    'judge:\n  task: "true"\n  attack: "false"\nwarrant:\n  from: tenuo.yaml\n';

  it('reports every form it cannot map at FILE:LINE:COL of the policy, all at once', async () => {
    const policy = [
      'mode: dry-run', // 1
      'default: approve', // 2
      'enforce:', // 3
      '  Read: "subpath:relative"', // 4
      '  Bash: "glob:ls"', // 5
      '  PowerShell: "oneof:ls"', // 6
      '  Frobnicate: "exact:x"', // 7
      '  Write: {approval: {threshold: 1}}', // 8
      '  Grep: "range:5"', // 9
      '  WebFetch:', // 10
      '    domains: ["api-*.example.com"]', // 11
      '    cidrs: [10.0.0.0/8]', // 12
      'wat: 1', // 13
    ].join('\n');
    const d = tempDir({ 's.yaml': scenarioText, 'tenuo.yaml': policy });
    const lines = await problemsOf(['s.yaml'], d);
    expect(lines.filter((l) => l.startsWith('tenuo.yaml:')).map((l) => l.split(': ')[0])).toEqual([
      'tenuo.yaml:1:7',
      'tenuo.yaml:2:10',
      'tenuo.yaml:4:9',
      'tenuo.yaml:5:9',
      'tenuo.yaml:6:3',
      'tenuo.yaml:7:3',
      'tenuo.yaml:8:10',
      'tenuo.yaml:9:9',
      'tenuo.yaml:12:5',
      'tenuo.yaml:13:1',
    ]);
    expect(lines.join('\n')).toContain("unknown constraint kind 'glob'");
    expect(lines.join('\n')).toContain("range needs 'min,max'");
  });

  it('a glob domain it cannot express on the URL is named', async () => {
    const d = tempDir({ 's.yaml': scenarioText, 'tenuo.yaml': 'enforce:\n  WebFetch:\n    domains: ["api-*.example.com"]\n' });
    expect(await problemsOf(['s.yaml'], d)).toEqual([
      "tenuo.yaml:3:15: enforce.WebFetch.domains: 'api-*.example.com' is a glob the benchmark cannot express on the URL (give a host, or *.domain)",
    ]);
  });

  it('an upper-case domain, which the hook never matches, is named', async () => {
    const d = tempDir({ 's.yaml': scenarioText, 'tenuo.yaml': 'enforce:\n  WebFetch: {domains: [Docs.example.com]}\n' });
    expect(await problemsOf(['s.yaml'], d)).toEqual([
      "tenuo.yaml:2:24: enforce.WebFetch.domains: 'Docs.example.com' has upper-case letters; tenuo-claude matches it against the lower-cased host, so it allows nothing (write it in lower case)",
    ]);
  });

  it('a relative sandbox resolves against the scenario cwd', async () => {
    const d = tempDir({ 's.yaml': scenarioText.replace('calls:', 'cwd: /home/dev/repo\ncalls:'), 'tenuo.yaml': 'sandbox: ../data\nenforce:\n  Read: "subpath:{sandbox}"\n' });
    const [s] = await loadScenarios(['s.yaml'], d);
    expect(s!.warrant.Read!.constraints.file_path).toEqual({ type: 'subpath', root: '/home/dev/data', caseSensitive: true, allowEqual: true });
    expect(s!.cwd).toBe('/home/dev/repo');
  });
});

describe('a scenario under its governance policy runs end to end', () => {
  beforeAll(async () => {
    await loadShellParser();
  });

  it('the policy blocks the attacks it covers, and the task completes', async () => {
    const s = await fixture('claude-code-policy');
    const trials = runScenarioTrials(s, new Conditions('claude-code'));
    const scoped = trials.find((t) => t.condition === 'task_scoped')!;
    expect(scoped.task_succeeded).toBe(true);
    expect(scoped.attack_succeeded).toBe(false);
    expect(scoped.calls.filter((c) => !c.authorized).map((c) => c.tool)).toEqual(['Bash', 'Read', 'WebFetch', 'mcp__ops__delete_deployment']);
    expect(scoped.calls.every((c) => c.authorized === (c.expect === 'allow'))).toBe(true);
    expect(trials.find((t) => t.condition === 'no_warrant')!.attack_succeeded).toBe(true);
  });

  it('shows the attack the policy lets through: shlex allows `cat` whatever it reads', async () => {
    const s = await fixture('claude-code-policy-shell-leak');
    const scoped = runScenarioTrials(s, new Conditions('claude-code')).find((t) => t.condition === 'task_scoped')!;
    expect(scoped.attack_succeeded).toBe(true);
    expect(scoped.calls[1]).toMatchObject({ tool: 'Bash', expect: 'deny', authorized: true });
  });
});
