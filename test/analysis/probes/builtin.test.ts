/**
 * Probes on the built-in suite: they find the seed policies' holes (issue 9), a tightened copy of
 * the same scenarios shows none, and the analysis is deterministic plain data that leaves the
 * matrix alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RunContext } from '../../../src/chains/run-context.js';
import { scenarioTrials } from '../../../src/trial/scenario-trials.js';
import { builtinScenariosDir, loadScenarios } from '../../../src/scenario/load.js';
import type { Scenario } from '../../../src/model/scenario.js';
import type { Constraint, ConstraintSet } from '../../../src/warrant/constraints/types.js';
import { aggregateProbes, probeGateViolations, probeScenario, regularFileOnTheWay } from '../../../src/analysis/probes/probe-scenario.js';
import type { ProbesPart } from '../../../src/analysis/probes/types.js';

let scenarios: Scenario[];
const SEED = 'delegation-bench';

function probeAll(list: readonly Scenario[], seed = SEED): ProbesPart[] {
  const context = new RunContext(seed);
  return list.map((s) => probeScenario(s, context, scenarioTrials(s, context)));
}

beforeAll(async () => {
  scenarios = await loadScenarios([builtinScenariosDir()], process.cwd());
});

const isSubpath = (c: Constraint) => c.type === 'subpath';

describe('probes on the built-in suite', () => {
  it('find the Subpath separator escape on every Subpath grant the task uses, and the recipients escape', () => {
    const parts = probeAll(scenarios);
    let subpathGrants = 0;
    for (const s of scenarios) {
      const part = parts.find((p) => p.scenario === s.name)!;
      for (const [tool, set] of Object.entries(s.warrant)) {
        const used = s.calls.some((c) => c.tool === tool && c.expect === 'allow');
        for (const [param, c] of Object.entries(set.constraints)) {
          if (!isSubpath(c) || !used) continue;
          subpathGrants++;
          const hit = part.escapes.find((e) => e.tool === tool && e.param === param && e.family === 'separator_confusion');
          expect(hit, `${s.name} ${tool}.${param}`).toBeDefined();
          expect(typeof hit!.value === 'string' && hit!.value.includes('\\')).toBe(true);
          expect(hit!.source).toMatch(new RegExp(`${s.name}\\.yaml:\\d+:\\d+$`));
          expect(hit!.fix).toContain('{not: {regex:');
        }
      }
    }
    expect(subpathGrants).toBeGreaterThanOrEqual(6);
    for (const name of ['expense_audit', 'invoice_processing']) {
      const part = parts.find((p) => p.scenario === name)!;
      const hit = part.escapes.find((e) => e.tool === 'send_email' && e.param === 'recipients' && e.family === 'address_list');
      expect(hit, name).toBeDefined();
      expect(hit!.canonical).toContainEqual(expect.stringMatching(/@evil\.example$/));
    }
  });

  it('an escape through a regular file says it holds for a tool that normalizes first (a kernel answers ENOTDIR)', () => {
    const part = probeAll(scenarios.filter((s) => s.name === 'config_review'))[0]!;
    const through = part.escapes.filter((e) => typeof e.value === 'string' && e.value.startsWith('/app/config/database.yml/'));
    expect(through.length).toBeGreaterThan(0);
    for (const e of through)
      expect(e.effect).toMatch(
        /\(for a tool that normalizes the path before opening it; the path runs through the regular file \/app\/config\/database\.yml, where a kernel would answer ENOTDIR\)$/,
      );
    const direct = part.escapes.filter((e) => typeof e.value === 'string' && !e.value.startsWith('/app/config/database.yml/'));
    expect(direct.length).toBeGreaterThan(0);
    for (const e of direct) expect(e.effect).not.toMatch(/ENOTDIR/);
  });

  it('regularFileOnTheWay: a file named before the last component, after lexical resolution', () => {
    const files = { '/a/f.txt': '', '/a/d/g': '' };
    expect(regularFileOnTheWay('/a/f.txt/../../etc/passwd', files)).toBe('/a/f.txt');
    expect(regularFileOnTheWay('/a/./x/../f.txt/.', files)).toBe('/a/f.txt');
    expect(regularFileOnTheWay('/a/f.txt', files)).toBeUndefined(); // the file itself: opened as a file
    expect(regularFileOnTheWay('/a/d/../../etc/passwd', files)).toBeUndefined(); // /a/d holds a file: a directory
    expect(regularFileOnTheWay('a/f.txt/x', files)).toBeUndefined(); // relative: resolved elsewhere
    expect(regularFileOnTheWay(['/a/f.txt/x'], files)).toBeUndefined();
  });

  it('a tight copy of every scenario (exact paths, one_of recipients) shows no escape', () => {
    const tight = scenarios.map((s): Scenario => {
      const warrant: Record<string, ConstraintSet> = {};
      for (const [tool, set] of Object.entries(s.warrant)) {
        const constraints: Record<string, Constraint> = {};
        for (const [param, c] of Object.entries(set.constraints)) {
          const legit = s.calls.filter((x) => x.tool === tool && x.expect === 'allow').map((x) => x.args[param]!);
          constraints[param] = c.type === 'wildcard' || legit.length === 0 ? c : { type: 'one_of', values: legit };
        }
        warrant[tool] = { ...set, constraints };
      }
      return { ...s, warrant };
    });
    const section = aggregateProbes(probeAll(tight));
    expect(section.total).toBeGreaterThan(100);
    expect(section.escapes).toEqual([]);
  });

  it('is deterministic per seed, plain data, and leaves the trials alone', () => {
    const context = new RunContext(SEED);
    const s = scenarios.find((x) => x.name === 'config_review')!;
    const trials = scenarioTrials(s, context);
    const before = JSON.stringify(trials);
    const a = probeScenario(s, context, trials);
    expect(JSON.stringify(trials)).toBe(before);
    const b = probeScenario(s, new RunContext(SEED), scenarioTrials(s, new RunContext(SEED)));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(structuredClone(a)).toEqual(a);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    const other = probeScenario(s, new RunContext('another seed'), scenarioTrials(s, new RunContext('another seed')));
    expect(other.total).toBe(a.total);
    expect(JSON.stringify(other.escapes)).not.toBe(JSON.stringify(a.escapes)); // seeded filler differs
  });

  it('the gate: reported by default, probe_escape violations over --max-escapes', () => {
    const section = aggregateProbes(probeAll(scenarios.filter((s) => s.name === 'config_review')));
    expect(section.escaped).toBeGreaterThan(0);
    expect(probeGateViolations(section, { enabled: true })).toEqual([]);
    expect(probeGateViolations(section, { enabled: true, maxEscapes: section.escaped })).toEqual([]);
    const v = probeGateViolations(section, { enabled: true, maxEscapes: 0 });
    expect(v).toHaveLength(section.escaped);
    expect(v[0]).toMatchObject({ kind: 'probe_escape', scenario: 'config_review', source: section.escapes[0]!.source });
  });
});
