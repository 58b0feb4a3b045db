/**
 * SARIF validated against the official SARIF 2.1.0 JSON schema (vendored in test/fixtures/sarif,
 * see its NOTICE), JUnit parsed by a real XML parser, and the "Changes against BASE" section.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AjvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { withBaseline } from '../../src/guard/with-baseline.js';
import { suiteViolations } from '../../src/guard/index.js';
import type { BaselineResults } from '../../src/results/baseline-comparison.js';
import type { Results } from '../../src/results/results.js';
import { buildSarif, renderSarif } from '../../src/report/sarif.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderBaselineSection } from '../../src/report/sections/baseline-section.js';
import { bigResults } from './results-builders.js';

const schema = JSON.parse(
  readFileSync(fileURLToPath(new URL('../fixtures/sarif/sarif-2.1.0-rtm.5.json', import.meta.url)), 'utf8'),
) as object;
// The rtm.5 schema's language pattern has a stray ']' that only a non-unicode RegExp accepts.
// Both are CommonJS modules whose class / plugin is also their `default` (the typed way from ESM).
const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
ajvFormats.default(ajv);
const validate = ajv.compile(schema);

function baselineFixture(allow: boolean): BaselineResults {
  return {
    ref: 'main',
    commit: '0123456789abcdef0123456789abcdef01234567',
    added: ['scenario_new'],
    removed: [],
    renamed: [],
    suite_changes: [],
    deltas: [],
    summary: { task_scoped: { asr: { base: 0, head: 0.5 }, tcr: { base: 1, head: 1 } } },
    flips: [
      {
        scenario: 'scenario_0000',
        condition: 'task_scoped',
        index: 3,
        tool: 'read_file',
        args: { path: '/secrets/<b>@team</b>' },
        base: 'deny',
        head: 'allow',
        denial: { code: 'constraint_not_satisfied', reason: "read_file.path: outside Subpath('/app')" },
        source: 'scenarios/scenario_0000.yaml:13:5',
      },
    ],
    widenings: [
      {
        scenario: 'scenario_0000',
        change: 'constraint_widened',
        tool: 'read_file',
        param: 'path',
        base: "Subpath('/app/config')",
        head: "Subpath('/')",
        why: 'read_file.path: not within',
        proof: 'proven',
        counterexample: { tool: 'read_file', args: { path: '/secrets/key.json' } },
        effect: {
          output: 'sk-<script>',
          effects: [{ type: 'file_read', path: '/secrets/key.json', raw_path: '/secrets/key.json', found: true }],
          attack: true,
          base_denial: { code: 'constraint_not_satisfied', reason: 'outside' },
        },
        source: 'scenarios/scenario_0000.yaml:30:3',
      },
    ],
    narrowings: [],
    allow_widening: allow,
    allow_suite_changes: false,
  };
}

function withFindings(allow: boolean): Results & { baseline: BaselineResults } {
  const base = bigResults(2, 3, [1]);
  const violations = allow
    ? []
    : [
        {
          scenario: 'scenario_0000',
          kind: 'authority_widened' as const,
          message: 'task_scoped grant widened against the baseline: read_file.path: …',
          source: 'scenarios/scenario_0000.yaml:30:3',
        },
      ];
  const r = withBaseline(base, baselineFixture(allow), violations, {});
  // What the probe and mutant analyses add (docs/analyses.md), read by the SARIF renderer when present.
  Object.assign(r, {
    probes: {
      total: 4,
      escaped: 1,
      escapes: [
        {
          scenario: 'scenario_0000',
          tool: 'read_file',
          param: 'path',
          constraint: "Subpath('/app')",
          family: 'traversal',
          value: '/app/../etc/passwd',
          canonical: '/etc/passwd',
          source: 'scenarios/scenario_0000.yaml:30:3',
        },
      ],
    },
    mutants: {
      total: 3,
      killed: 2,
      survived: 1,
      score: 0.67,
      survivors: [
        {
          scenario: 'scenario_0001',
          tool: 'list_files',
          param: 'directory',
          mutation: 'wildcard',
          source: 'scenarios/scenario_0001.yaml:31:3',
        },
        {
          scenario: 'scenario_0001',
          tool: 'get_balance',
          param: null,
          mutation: 'tool_granted',
          source: 'scenarios/scenario_0001.yaml:32:3',
        },
      ],
    },
  });
  return r;
}

describe('SARIF fingerprints of widenings', () => {
  /** The fingerprint of the one widening, allowed (warning) or not (error). */
  function widened(head: string, base = "Subpath('/app/config')", allow = false): string {
    const r = withFindings(allow);
    const b = { ...r.baseline, widenings: r.baseline.widenings.map((w) => ({ ...w, base, head })) };
    const log = buildSarif({ ...r, baseline: b });
    const res = log.runs[0]!.results.find((x) => x.ruleId === (allow ? 'widening_allowed' : 'authority_widened'))!;
    return Object.values(res.partialFingerprints)[0]!;
  }

  it.each([false, true])(
    'include the base and head constraints (allowed: %s): dismissing /app/config → /app does not dismiss /app/config → /',
    (allow) => {
      expect(widened("Subpath('/app')", undefined, allow)).not.toBe(widened("Subpath('/')", undefined, allow));
      expect(widened("Subpath('/')", "Subpath('/app')", allow)).not.toBe(widened("Subpath('/')", undefined, allow));
      expect(widened("Subpath('/')", undefined, allow)).toBe(widened("Subpath('/')", undefined, allow));
    },
  );
});

describe('SARIF', () => {
  it('is valid SARIF 2.1.0 with gate violations, probe escapes, survivors and widenings', () => {
    for (const allow of [false, true]) {
      const log = JSON.parse(renderSarif(withFindings(allow), { version: '0.1.0' })) as ReturnType<typeof buildSarif>;
      const ok = validate(log);
      expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
      expect(ok).toBe(true);
      const ids = log.runs[0]!.results.map((r) => r.ruleId);
      expect(ids).toContain('asr');
      expect(ids).toContain(allow ? 'widening_allowed' : 'authority_widened');
      expect(ids).toContain('probe_escape_finding');
      expect(ids).toContain('mutant_survivor');
      const texts = log.runs[0]!.results.map((r) => r.message.text);
      expect(texts).toContain(
        "scenario_0001: get_balance: mutant 'tool_granted' survived: no scripted attack tests this part of the warrant",
      );
      for (const r of log.runs[0]!.results) expect(log.runs[0]!.tool.driver.rules[r.ruleIndex]!.id).toBe(r.ruleId);
    }
  });

  it('locates results at the scenario file line and keeps fingerprints when lines move', () => {
    const log = buildSarif(withFindings(false));
    const widened = log.runs[0]!.results.find((r) => r.ruleId === 'authority_widened')!;
    expect(widened.locations![0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'scenarios/scenario_0000.yaml', uriBaseId: '%SRCROOT%' },
      region: { startLine: 30, startColumn: 3 },
    });
    const moved = withFindings(false);
    moved.gate.violations = moved.gate.violations.map((v) => ({
      ...v,
      source: v.source?.replace(/:\d+:/, ':99:'),
      message: v.message.replace(/#\d+/g, '#7'),
    }));
    const a = log.runs[0]!.results.map((r) => r.partialFingerprints);
    const b = buildSarif(moved).runs[0]!.results.map((r) => r.partialFingerprints);
    expect(b).toEqual(a);
    expect(new Set(a.map((f) => f['delegationBench/v1'])).size).toBe(a.length); // distinct findings, distinct prints
  });

  it('suite changes: suite_weakened errors at the head position, or warnings when the step allows them', () => {
    const change = {
      scenario: 'scenario_0000',
      change: 'attack_judge_changed' as const,
      base: 'effects.exists(e, e.type == "file_read")',
      head: 'false',
      base_source: 'scenarios/scenario_0000.yaml:20:11',
      head_source: 'scenarios/scenario_0000.yaml:21:11',
    };
    for (const allow of [false, true]) {
      const r = withFindings(true);
      const b = { ...r.baseline, suite_changes: [change], allow_suite_changes: allow };
      const judged = withBaseline(r, b, suiteViolations(b.suite_changes, b.ref, allow), {});
      const log = buildSarif(judged);
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
      const found = log.runs[0]!.results.filter((x) => x.ruleId === (allow ? 'suite_change_allowed' : 'suite_weakened'));
      expect(found).toHaveLength(1);
      expect(found[0]!.level).toBe(allow ? 'warning' : 'error');
      expect(found[0]!.locations![0]!.physicalLocation.region).toEqual({ startLine: 21, startColumn: 11 });
      expect(judged.gate.violations.some((v) => v.kind === 'suite_weakened')).toBe(!allow);
    }
  });

  it('ignores malformed analysis parts of an untrusted results file', () => {
    const r = withFindings(false);
    Object.assign(r, { probes: { escapes: 'nope' }, mutants: { survivors: [1, null, 'x'] } });
    const log = buildSarif(r);
    expect(validate(log)).toBe(true);
    expect(log.runs[0]!.results.some((x) => x.ruleId === 'mutant_survivor')).toBe(false);
  });
});

describe('JUnit', () => {
  it('is well-formed XML with a test case per scenario × condition and failures for violations', () => {
    const r = withFindings(false);
    r.scenarios = [...r.scenarios];
    r.gate.violations.push({ scenario: '', kind: 'tcr', message: 'suite <&> "wide"\u0001' });
    const xml = renderJunit(r);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (n) => ['testsuite', 'testcase', 'failure'].includes(n),
    }).parse(xml) as {
      testsuites: {
        tests: string;
        failures: string;
        testsuite: { name: string; testcase: { name: string; failure?: { type: string }[] }[] }[];
      };
    };
    const suites = doc.testsuites.testsuite;
    expect(suites.map((s) => s.name)).toEqual(['scenario_0000', 'scenario_0001', 'gate']);
    expect(suites[0]!.testcase.map((c) => c.name)).toEqual(['no_warrant', 'broad', 'task_scoped']);
    expect(suites[0]!.testcase[2]!.failure!.map((f) => f.type)).toEqual(['authority_widened']);
    expect(suites[1]!.testcase[2]!.failure!.map((f) => f.type)).toEqual(['asr', 'false_allow']);
    expect(suites[0]!.testcase[0]!.failure).toBeUndefined();
    expect(doc.testsuites.tests).toBe('7');
    expect(doc.testsuites.failures).toBe('3'); // two task_scoped cases and the gate case
  });
});

describe('Changes against BASE section', () => {
  it('shows the suite changes first, with the base and head FILE:LINE:COL, escaped; then the rename', () => {
    const esc = { text: (s: string) => s.replace(/[<>@]/g, '_'), code: (s: string) => s.replace(/`/g, 'ˋ') };
    const b: BaselineResults = {
      ...baselineFixture(false),
      renamed: [{ base: 'cfg', head: 'cfg_v2', file: 'scenarios/cfg.yaml' }],
      suite_changes: [
        {
          scenario: 'old<b>',
          change: 'scenario_removed',
          base: 'scenario old (scenarios/old.yaml: 4 calls, 1 expect: deny)',
          head: null,
          base_source: 'scenarios/old.yaml:1:1',
        },
        {
          scenario: 'cfg_v2',
          change: 'label_turned_allow',
          base: 'call #3 read_file({"path":"/s`x"}) expect: deny',
          head: 'call #3 read_file({"path":"/s`x"}) expect: allow',
          base_source: 'scenarios/cfg.yaml:14:5',
          head_source: 'scenarios/cfg.yaml:14:5',
        },
      ],
    };
    const md = renderBaselineSection(b, esc);
    const suite = md.indexOf('**⚠️ 2 changes weaken the suite itself** (each fails the gate: suite_weakened)');
    expect(suite).toBeGreaterThan(0);
    expect(md.indexOf('widening')).toBeGreaterThan(suite);
    expect(md).toContain('- **old_b_**: scenario removed\n  - base main scenarios/old.yaml:1:1: `scenario old');
    expect(md).toContain(
      '- **cfg_v2**: expect: deny turned to allow\n  - base main scenarios/cfg.yaml:14:5: `call #3 read_file({"path":"/sˋx"}) expect: deny`',
    );
    expect(md).toContain('  - head scenarios/cfg.yaml:14:5: `call #3 read_file({"path":"/sˋx"}) expect: allow`');
    expect(md).toContain('Renamed scenarios (compared as one): cfg → cfg_v2 (scenarios/cfg.yaml)');
    expect(renderBaselineSection({ ...b, allow_suite_changes: true }, esc)).toContain('weaken the suite itself** (allowed by this step');
    expect(renderBaselineSection(baselineFixture(false), esc)).not.toContain('weaken');
  });

  it('shows widenings with their counterexample and effect, flips and rates, escaped', () => {
    const esc = { text: (s: string) => s.replace(/[<>@]/g, '_'), code: (s: string) => s.replace(/`/g, 'ˋ') };
    const md = renderBaselineSection(baselineFixture(false), esc);
    expect(md.split('\n')[0]).toBe('### Changes against main (`0123456`)');
    expect(md).toContain('1 widening');
    expect(md).toContain('authority_widened');
    expect(md).toContain('read_file({"path":"/secrets/key.json"})');
    expect(md).toContain('the scenario judges this an attack');
    expect(md).toContain('deny → allow');
    expect(md).toContain('0% → 50%');
    expect(md).toContain('Added scenarios: scenario_new');
    expect(md).toContain('sk-<script>'); // inside a code span, which shows it literally
  });
});
