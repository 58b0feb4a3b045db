/**
 * Each probe family against a grant with the hole it aims at, and against a tight grant of the same
 * tool: the hole is found, its suggested fix (read back by the loader's own YAML reader) really
 * closes it through the real chain while the legitimate calls stay allowed, and the tight grant
 * shows no escape.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RunContext } from '../../../src/chains/run-context.js';
import { scenarioTrials } from '../../../src/trial/scenario-trials.js';
import { loadShellParser } from '../../../src/world/shell.js';
import { constraintFromYaml } from '../../../src/scenario/constraint-from-yaml.js';
import { parseYamlTree } from '../../../src/lib/yaml-tree.js';
import type { ParamKind, Scenario } from '../../../src/model/scenario.js';
import type { Constraint, ConstraintSet } from '../../../src/warrant/constraints/types.js';
import type { Args } from '../../../src/warrant/constraint-value.js';
import { probeScenario } from '../../../src/analysis/probes/probe-scenario.js';
import type { ProbesPart } from '../../../src/analysis/probes/types.js';
import { call, scenario } from '../../trial/helpers.js';

beforeAll(async () => {
  await loadShellParser();
});

function probe(s: Scenario, seed = 'test-seed'): ProbesPart {
  const context = new RunContext(seed);
  const trials = scenarioTrials(s, context);
  // The scenario's legitimate calls are allowed under task_scoped (else the test proves nothing).
  const scoped = trials.find((t) => t.condition === 'task_scoped')!;
  expect(scoped.calls.filter((c) => c.expect === 'allow').every((c) => c.authorized)).toBe(true);
  return probeScenario(s, context, trials);
}

/** The escape's fix as the loader reads it from a scenario file. */
function fixOf(fix: string): Constraint {
  const tree = parseYamlTree(fix.slice(fix.indexOf(':') + 1).trim());
  const problems: string[] = [];
  const c = constraintFromYaml(tree.root!, [], (_o, m) => problems.push(m));
  expect(problems).toEqual([]);
  return c!;
}

/** The scenario with every escaped parameter granted its suggested fix instead. */
function withFixes(s: Scenario, part: ProbesPart): Scenario {
  const warrant: Record<string, ConstraintSet> = { ...s.warrant };
  for (const e of part.escapes) {
    const set = warrant[e.tool]!;
    warrant[e.tool] = { ...set, constraints: { ...set.constraints, [e.param]: fixOf(e.fix) } };
  }
  return { ...s, warrant };
}

function expectHoleAndFix(s: Scenario, family: string): ProbesPart {
  const part = probe(s);
  expect(part.total).toBeGreaterThan(0);
  expect(part.escapes.map((e) => e.family)).toContain(family);
  const fixed = probe(withFixes(s, part)); // also re-checks that the legitimate calls stay allowed
  expect(fixed.escapes).toEqual([]);
  return part;
}

function expectTight(s: Scenario): void {
  const part = probe(s);
  expect(part.total).toBeGreaterThan(0);
  expect(part.escapes).toEqual([]);
}

const set = (constraints: Record<string, Constraint>): ConstraintSet => ({ constraints, allowUnknown: false });
const W: Constraint = { type: 'wildcard' };
const sub = (root: string): Constraint => ({ type: 'subpath', root, caseSensitive: true, allowEqual: true });

function custom(name: string, kind: ParamKind, grant: Constraint, legit: Args, attack?: Args): Scenario {
  return scenario({
    name,
    tools: { act: { params: ['arg'], returns: 'done', kinds: { arg: kind } } },
    calls: [call('act', legit), ...(attack ? [call('act', attack, 'deny')] : [])],
    warrant: { act: set({ arg: grant }) },
  });
}

describe('path families (separator confusion, traversal, encodings, case, NUL, trailing dots)', () => {
  const files = { '/app/config/a.yml': 'a', '/secrets/k.json': 'k' };
  const s = (path: Constraint) =>
    scenario({
      name: 'paths',
      environment: { files, transactions: [], emails: [], balance: 0 },
      calls: [call('read_file', { path: '/app/config/a.yml' }), call('read_file', { path: '/secrets/k.json' }, 'deny')],
      warrant: { read_file: set({ path }) },
    });
  it('Subpath: a backslash is a separator to the warrant, not to the file system', () => {
    const part = expectHoleAndFix(s(sub('/app/config')), 'separator_confusion');
    const e = part.escapes.find((x) => x.family === 'separator_confusion')!;
    expect(e.canonical).toBe('/secrets/k.json');
    expect(e.constraint).toBe("Subpath('/app/config')");
    // Traversal, encodings, NUL and case were tried and held.
    expect(part.escapes.every((x) => x.family === 'separator_confusion')).toBe(true);
  });
  it('exact path: no escape', () => expectTight(s({ type: 'exact', value: '/app/config/a.yml' })));
  it('a custom tool with a path parameter is probed the same way', () => {
    expectHoleAndFix(custom('custom_path', 'path', sub('/srv'), { arg: '/srv/x' }, { arg: '/etc/passwd' }), 'separator_confusion');
  });
});

describe('e-mail families (address lists, display names)', () => {
  const s = (recipients: Constraint) =>
    scenario({
      name: 'mail',
      calls: [call('send_email', { recipients: ['finance@company.com'], subject: 's', body: 'b' })],
      warrant: { send_email: set({ recipients, subject: W, body: W }) },
    });
  it("CEL endsWith('@company.com'): one string, two mailboxes", () => {
    const part = expectHoleAndFix(s({ type: 'cel', expression: "value.all(r, r.endsWith('@company.com'))" }), 'address_list');
    expect(part.escapes.map((e) => e.family)).toContain('display_name');
    const e = part.escapes.find((x) => x.family === 'address_list')!;
    expect(e.canonical).toEqual([expect.stringMatching(/@evil\.example$/), 'finance@company.com']);
  });
  it('a custom tool taking one address, Pattern *@company.com: the same hole', () => {
    const part = expectHoleAndFix(
      custom('one_address', 'email_list', { type: 'pattern', pattern: '*@company.com' }, { arg: 'finance@company.com' }),
      'address_list',
    );
    expect(part.escapes.every((e) => typeof e.canonical === 'string' && e.canonical.endsWith('@evil.example'))).toBe(true);
  });
  it('subset of the legitimate recipients: no escape', () => expectTight(s({ type: 'subset', allowed: ['finance@company.com'] })));
});

describe('URL families (trailing dots, userinfo, IP spellings, unspecified and mapped addresses)', () => {
  const urlSafe = (denyDomains: string[] | null): Constraint => ({
    type: 'url_safe',
    schemes: ['http', 'https'],
    allowDomains: null,
    denyDomains,
    allowPorts: null,
    blockPrivate: true,
    blockLoopback: true,
    blockMetadata: true,
    blockReserved: true,
    blockInternalTlds: false,
  });
  const s = (c: Constraint) =>
    custom('urls', 'url', c, { arg: 'https://api.partner.example/v1/report' }, { arg: 'https://evil.example/x' });
  it('UrlSafe deny_domains: a trailing dot is the same host', () => {
    const part = expectHoleAndFix(s(urlSafe(['evil.example'])), 'trailing_dot');
    expect(part.escapes.some((e) => e.value === 'https://evil.example./v1/report')).toBe(true);
  });
  it('UrlSafe: the metadata name with a trailing dot, and [::] reaching the local host', () => {
    const part = expectHoleAndFix(s(urlSafe(null)), 'unspecified_address');
    expect(part.escapes.some((e) => e.value === 'http://metadata.google.internal./computeMetadata/v1/')).toBe(true);
    expect(part.escapes.some((e) => typeof e.value === 'string' && e.value.startsWith('http://[::]'))).toBe(true);
  });
  it('one_of the legitimate URL: no escape', () => expectTight(s({ type: 'one_of', values: ['https://api.partner.example/v1/report'] })));
});

describe('shell families (assignments, program paths, quoting, metacharacters)', () => {
  const s = (c: Constraint) => custom('shell', 'shell', c, { arg: 'ls /project' }, { arg: 'rm -rf /project' });
  it('Shlex(allow=[ls, cat]): an assignment prefix is not the program', () => {
    const part = expectHoleAndFix(s({ type: 'shlex', allow: ['ls', 'cat'] }), 'shell_assignment');
    const e = part.escapes.find((x) => x.family === 'shell_assignment')!;
    expect(e.canonical).toBe('rm -rf /project');
    // Metacharacters are refused by Shlex itself.
    expect(part.escapes.some((x) => x.family === 'shell_metacharacter')).toBe(false);
  });
  it('exact command: no escape', () => expectTight(s({ type: 'exact', value: 'ls /project' })));
});

describe('number families (numeric edges, type confusion)', () => {
  const s = (c: Constraint) => custom('amounts', 'number', c, { arg: 100 });
  it('not_one_of [1000000000]: the text "1000000000" is the same number to the tool', () => {
    expectHoleAndFix(s({ type: 'not_one_of', excluded: [1_000_000_000] }), 'type_confusion');
  });
  it('Range(0, 1000): no escape (Tenuo refuses text where a number is expected)', () =>
    expectTight(s({ type: 'range', min: 0, max: 1000, minInclusive: true, maxInclusive: true })));
});

describe('the built-in run_command and http_request are probed as their kinds', () => {
  it('run_command with Shlex: the assignment escape; http_request with UrlSafe: the trailing dot', () => {
    const s = scenario({
      name: 'builtin_tools',
      calls: [
        call('run_command', { command: 'ls /project' }),
        call('run_command', { command: 'rm -rf /project' }, 'deny'),
        call('http_request', { url: 'https://api.partner.example/v1', method: 'GET', body: '' }),
      ],
      warrant: {
        run_command: set({ command: { type: 'shlex', allow: ['ls', 'cat'] } }),
        http_request: set({
          url: {
            type: 'url_safe',
            schemes: ['https'],
            allowDomains: null,
            denyDomains: ['evil.example'],
            allowPorts: null,
            blockPrivate: true,
            blockLoopback: true,
            blockMetadata: true,
            blockReserved: true,
            blockInternalTlds: false,
          },
          method: W,
          body: W,
        }),
      },
    });
    const part = probe(s);
    const e = part.escapes.find((x) => x.tool === 'run_command' && x.family === 'shell_assignment')!;
    expect(e.value).toMatch(/^[A-Z]+=\/ls rm -rf \/project$/);
    expect(e.effect).toContain('runs ["rm","-rf","/project"]');
    expect(part.escapes.some((x) => x.tool === 'http_request' && x.value === 'https://evil.example./v1')).toBe(true);
    expect(probe(withFixes(s, part)).escapes).toEqual([]);
  });
});

/**
 * Every family against a grant it gets through (each of these is a constraint a team could write),
 * and the same tool with a tight grant (`one_of` the legitimate value) against all of them.
 */
describe('every family finds its hole', () => {
  const re = (pattern: string): Constraint => ({ type: 'regex', pattern });
  const not = (c: Constraint): Constraint => ({ type: 'not', constraint: c });
  const cases: Array<[string, ParamKind, Constraint, Args, Args | undefined]> = [
    ['separator_confusion', 'path', sub('/srv/data'), { arg: '/srv/data/a.txt' }, { arg: '/etc/passwd' }],
    ['traversal', 'path', { type: 'pattern', pattern: '/srv/data/*' }, { arg: '/srv/data/a.txt' }, { arg: '/etc/passwd' }],
    ['encoding', 'url', not(re('evil\\.example')), { arg: 'https://api.partner.example/v1' }, { arg: 'https://evil.example/x' }],
    ['case', 'url', not(re('evil\\.example')), { arg: 'https://api.partner.example/v1' }, { arg: 'https://evil.example/x' }],
    ['trailing_dot', 'url', not(re('evil\\.example/')), { arg: 'https://api.partner.example/v1' }, { arg: 'https://evil.example/x' }],
    [
      'url_userinfo',
      'url',
      { type: 'pattern', pattern: 'https://api.partner.example*' },
      { arg: 'https://api.partner.example/v1' },
      { arg: 'https://evil.example/x' },
    ],
    ['ip_spelling', 'url', not(re('^http://(127\\.|169\\.254\\.)')), { arg: 'https://api.partner.example/v1' }, undefined],
    ['unspecified_address', 'url', not(re('^http://(127\\.|\\[::1\\])')), { arg: 'https://api.partner.example/v1' }, undefined],
    [
      'address_list',
      'email_list',
      { type: 'cel', expression: "value.all(r, r.endsWith('@company.com'))" },
      { arg: ['a@company.com'] },
      undefined,
    ],
    [
      'display_name',
      'email_list',
      { type: 'cel', expression: "value.all(r, r.endsWith('@company.com'))" },
      { arg: ['a@company.com'] },
      undefined,
    ],
    ['shell_assignment', 'shell', { type: 'shlex', allow: ['ls'] }, { arg: 'ls /srv' }, { arg: 'rm -rf /srv' }],
    ['shell_quoting', 'shell', not(re('^rm ')), { arg: 'ls /srv' }, { arg: 'rm -rf /srv' }],
    ['shell_metacharacter', 'shell', not(re('^rm ')), { arg: 'ls /srv' }, { arg: 'rm -rf /srv' }],
    ['numeric_edge', 'number', { type: 'not_one_of', excluded: [0] }, { arg: 5 }, undefined],
    ['type_confusion', 'number', { type: 'not_one_of', excluded: [1_000_000_000] }, { arg: 5 }, undefined],
  ];
  it.each(cases)('%s', (family, kind, grant, legit, attack) => {
    expectHoleAndFix(custom(`hole_${family}`, kind, grant, legit, attack), family);
  });
  it.each(cases)('%s: a tight grant (one_of the legitimate value) shows none', (_family, kind, _grant, legit, attack) => {
    expectTight(custom('tight', kind, { type: 'one_of', values: [legit.arg!] }, legit, attack));
  });
});

describe('families that the environment itself defeats', () => {
  it('nul: a path with a NUL is allowed by a loose Pattern, but a real tool refuses it (no effect, no escape)', () => {
    const s = custom('nul_path', 'path', { type: 'pattern', pattern: '/srv/data/*' }, { arg: '/srv/data/a.txt' }, { arg: '/etc/passwd' });
    const part = probe(s);
    expect(part.escapes.some((e) => e.family === 'traversal')).toBe(true); // the same grant has holes
    expect(part.escapes.some((e) => e.family === 'nul')).toBe(false);
  });
  it('program_path: Shlex allows /tmp/x/ls by its basename, and the shell runs exactly that program (no escape by the definition)', () => {
    const part = probe(custom('prog_path', 'shell', { type: 'shlex', allow: ['ls'] }, { arg: 'ls /srv' }, { arg: 'rm -rf /srv' }));
    expect(part.escapes.some((e) => e.family === 'program_path')).toBe(false);
  });
});
