/**
 * The report's own advice never reads as a widening: every probe escape's fix and every slack
 * suggestion that `run` prints for the built-in suite (computed here with the run API, the
 * analyses `run` does by default), pasted as its text into the scenario's file as a user would,
 * loaded back, and compared with the built-in scenario as it is: no widening, and the change is
 * listed as a narrowing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constraintYaml, yamlString } from '../../src/scenario/constraint-to-yaml.js';
import { scenarioWidenings } from '../../src/guard/widenings.js';
import { RunContext } from '../../src/chains/run-context.js';
import type { Results } from '../../src/results/results.js';
import { DEFAULT_SEED } from '../../src/trial/scenario-trials.js';
import { builtinScenariosDir } from '../../src/scenario/builtin.js';
import { loadScenarios } from '../../src/scenario/load.js';
import type { Scenario } from '../../src/model/scenario.js';
import { DEFAULT_ANALYSES } from '../../src/pipeline/analyses.js';
import { compareGrants, isWidening, type GrantChange } from '../../src/guard/grants.js';
import { fixFinder } from '../../src/analysis/probes/fix.js';
import type { ParamKind, ProbeFamily } from '../../src/analysis/probes/types.js';
import { knownDirectories, tightest } from '../../src/analysis/slack/tighten.js';
import type { Constraint } from '../../src/warrant/constraints/types.js';
import { subpathRoot } from '../../src/warrant/constraints/subpath.js';
import { Float, type Value } from '../../src/warrant/constraint-value.js';
import { matrixResults } from '../../src/pipeline/matrix.js';

let suite: Scenario[];
let results: Results;
let tmp: string;

beforeAll(async () => {
  suite = await loadScenarios([], process.cwd());
  results = await matrixResults({ scenarios: suite, maxAsr: 0, minTcr: 1, seed: DEFAULT_SEED, workers: 1, analyses: DEFAULT_ANALYSES });
  tmp = mkdtempSync(join(tmpdir(), 'baseline-suggestions-'));
}, 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** What to paste: a `PARAM: CONSTRAINT` line under a tool, a whole `TOOL: {…}` grant line, or '' (drop the tool). */
interface Paste {
  readonly scenario: string;
  readonly tool: string;
  readonly param: string | null;
  readonly text: string;
  readonly from: string;
}

function pastes(): Paste[] {
  const out = new Map<string, Paste>();
  for (const e of results.probes?.escapes ?? []) {
    const p: Paste = { scenario: e.scenario, tool: e.tool, param: e.param, text: e.fix, from: `probe fix (${e.family})` };
    out.set(JSON.stringify([p.scenario, p.tool, p.param, p.text]), p);
  }
  for (const s of results.slack ?? []) {
    if (s.suggestion === null) continue; // nothing computed for the kind: nothing to paste
    const p: Paste = { scenario: s.scenario, tool: s.tool, param: null, text: s.suggestion, from: `slack ${s.kind}` };
    out.set(JSON.stringify([p.scenario, p.tool, p.param, p.text]), p);
  }
  return [...out.values()];
}

/**
 * The scenario's file with its `warrant:` section (the last one in every built-in file) written in
 * block style, one parameter a line, and the paste in place of what it replaces.
 */
function pasted(s: Scenario, paste: Paste | undefined): string {
  const text = readFileSync(join(builtinScenariosDir(), basename(s.source.file)), 'utf8');
  const at = text.search(/^warrant:\n/m);
  expect(at, `${s.name}: a warrant section`).toBeGreaterThan(0);
  const lines = ['warrant:'];
  for (const [tool, set] of Object.entries(s.warrant)) {
    if (paste && paste.tool === tool && paste.param === null) {
      if (paste.text !== '') lines.push(`  ${paste.text}`);
      continue;
    }
    const params = Object.entries(set.constraints);
    if (params.length === 0 && !set.allowUnknown) {
      lines.push(`  ${yamlString(tool)}: {}`);
      continue;
    }
    lines.push(`  ${yamlString(tool)}:`);
    for (const [param, c] of params) {
      const replaced = paste && paste.tool === tool && paste.param === param;
      lines.push(replaced ? `    ${paste.text}` : `    ${yamlString(param)}: ${constraintYaml(c)}`);
    }
    if (set.allowUnknown) lines.push('    _allow_unknown: true');
  }
  return `${text.slice(0, at)}${lines.join('\n')}\n`;
}

async function load(name: string, text: string): Promise<Scenario> {
  const file = join(tmp, name);
  writeFileSync(file, text);
  const [loaded] = await loadScenarios([file], tmp);
  return loaded!;
}

describe('the report’s own suggestions, pasted, are no widening', () => {
  it('the run prints probe fixes and slack suggestions to check', () => {
    const all = pastes();
    expect(all.filter((p) => p.from.startsWith('probe')).length).toBeGreaterThanOrEqual(10);
    expect(all.filter((p) => p.from.startsWith('slack')).length).toBeGreaterThanOrEqual(3);
    for (const p of all) expect(p.text, `${p.scenario} ${p.tool}.${p.param}`).not.toContain('no single constraint found');
  });

  it('the block-style rewrite of each warrant loads back as the scenario’s own grant', async () => {
    for (const s of suite) expect((await load(`${s.name}-as-is.yaml`, pasted(s, undefined))).warrant, s.name).toEqual(s.warrant);
  });

  it('each suggestion as the head against the built-in scenario: narrowings only', async () => {
    const context = new RunContext(DEFAULT_SEED);
    const checked: string[] = [];
    let n = 0;
    for (const p of pastes()) {
      const base = suite.find((s) => s.name === p.scenario)!;
      const head = await load(`${p.scenario}-${n++}.yaml`, pasted(base, p));
      const what = `${p.from}: ${p.scenario} ${p.tool}${p.param === null ? '' : `.${p.param}`} ← ${p.text}`;
      expect(head.warrant, what).not.toEqual(base.warrant); // the paste changed the grant
      const { widenings, narrowings } = scenarioWidenings(context, { base, head });
      expect(widenings, what).toEqual([]);
      expect(narrowings.length, what).toBeGreaterThan(0);
      checked.push(what);
    }
    expect(checked.length).toBe(pastes().length);
  });
});

describe('every kind of fix and tightening the analyses produce is decided narrower', () => {
  const decide = (base: Constraint, head: Constraint): GrantChange[] =>
    compareGrants({ t: { constraints: { p: base }, allowUnknown: false } }, { t: { constraints: { p: head }, allowUnknown: false } });

  function expectNarrower(base: Constraint, head: Constraint | null | undefined, what: string): void {
    expect(head, what).toBeTruthy();
    const changes = decide(base, head!);
    expect(changes.filter(isWidening), what).toEqual([]);
    expect(
      changes.map((c) => c.kind),
      what,
    ).toEqual(['constraint_narrowed']);
  }

  const sub = (root: string, caseSensitive = true, allowEqual = true): Constraint => ({
    type: 'subpath',
    root: subpathRoot(root, caseSensitive),
    caseSensitive,
    allowEqual,
  });

  it('probe fixes: the family’s extra check (All with the granted constraint) and the legitimate values (OneOf)', () => {
    const cases: Array<{ granted: Constraint; kind: ParamKind; family: ProbeFamily; legit: Value[]; probes: Value[] }> = [
      {
        granted: sub('/app/config'),
        kind: 'path',
        family: 'separator_confusion',
        legit: ['/app/config/a.yml'],
        probes: ['/app/config\\..\\..\\etc\\passwd', '/app/config/b.yml'],
      },
      { granted: sub('/app', false, false), kind: 'path', family: 'case', legit: ['/app/a'], probes: ['/app\\x', '/app/b'] },
      {
        granted: { type: 'shlex', allow: ['ls', 'cat'] },
        kind: 'shell',
        family: 'shell_assignment',
        legit: ['ls -l'],
        probes: ['X=1 cat /etc/passwd', 'cat x'],
      },
      {
        granted: { type: 'cel', expression: "value.all(r, r.endsWith('@company.com'))" },
        kind: 'email_list',
        family: 'address_list',
        legit: [['a@company.com']],
        probes: [['x@evil.com,b@company.com'], ['b@company.com']],
      },
      {
        granted: { type: 'cel', expression: 'size(value) > 0' },
        kind: 'email_list',
        family: 'type_confusion',
        legit: [['a@company.com']],
        probes: [['b@company.com']],
      },
      {
        granted: { type: 'url_pattern', pattern: 'https://*.example.com/*' },
        kind: 'url',
        family: 'url_userinfo',
        legit: ['https://api.example.com/v1', 'https://cdn.example.com/x'],
        probes: ['https://www.example.com/', 'https://api.example.com/v2'],
      },
      {
        granted: {
          type: 'url_safe',
          schemes: ['https'],
          allowDomains: null,
          denyDomains: null,
          allowPorts: null,
          blockPrivate: true,
          blockLoopback: true,
          blockMetadata: true,
          blockReserved: true,
          blockInternalTlds: false,
        },
        kind: 'url',
        family: 'ip_spelling',
        legit: ['https://api.example.com/v1'],
        probes: ['https://other.example.org/', 'https://api.example.com/v2'],
      },
      {
        granted: { type: 'range', min: 0, max: 100, minInclusive: true, maxInclusive: true },
        kind: 'number',
        family: 'numeric_edge',
        legit: [5, 7],
        probes: [6],
      },
      { granted: { type: 'wildcard' }, kind: 'text', family: 'encoding', legit: ['hello'], probes: ['bye'] },
    ];
    let fixes = 0;
    for (const c of cases) {
      const find = fixFinder(c.granted, c.kind, c.legit);
      for (const probe of c.probes) {
        const fix = find(c.family, probe);
        expectNarrower(c.granted, fix, `${c.kind}/${c.family} for ${JSON.stringify(probe)}: ${fix ? constraintYaml(fix) : 'none'}`);
        fixes++;
      }
    }
    expect(fixes).toBe(15);
  });

  it('slack: the tightest constraint of each kind', () => {
    const dirs = knownDirectories(['/data/quarterly/q1.csv', '/data/quarterly/q2.csv']);
    const cases: Array<[Constraint, Value[]]> = [
      [sub('/data'), ['/data/quarterly/q1.csv', '/data/quarterly/q2.csv']],
      [sub('/DATA', false, false), ['/Data/Quarterly/q1.csv', '/data/quarterly/q2.csv']],
      [{ type: 'range', min: 0, max: 500, minInclusive: false, maxInclusive: false }, [100, 300]],
      [{ type: 'range', min: null, max: null, minInclusive: true, maxInclusive: true }, [new Float(1.5), 2]],
      [{ type: 'one_of', values: ['alice', 'bob', 'carol'] }, ['bob']],
      [{ type: 'subset', allowed: ['a', 'b', 'c'] }, [['a'], ['b']]],
      [{ type: 'shlex', allow: ['ls', 'cat', 'git'] }, ['ls -l', '/usr/bin/git status']],
      [{ type: 'cidr', network: '10.0.0.0/8' }, ['10.1.2.3', '10.1.3.4']],
    ];
    for (const [granted, values] of cases) {
      const t = tightest(granted, values, dirs);
      expectNarrower(granted, t, `${constraintYaml(granted)} → ${t ? constraintYaml(t) : String(t)}`);
    }
  });
});
