import { beforeAll, describe, expect, it } from 'vitest';
import {
  aggregatePolicyAnalysis,
  analyzePolicy,
  mutationScoreViolations,
  type PolicyAnalysisPart,
} from '../../../src/analysis/mutants/analysis.js';
import { replayMutants } from '../../../src/analysis/mutants/outcomes.js';
import { RunContext } from '../../../src/chains/run-context.js';
import { scenarioTrials } from '../../../src/trial/scenario-trials.js';
import { loadScenarios } from '../../../src/scenario/load.js';
import type { Scenario } from '../../../src/model/scenario.js';
import type { Trial } from '../../../src/results/results.js';
import { call, scenario } from '../../trial/helpers.js';
import { tempDir } from '../../scenario/helpers.js';

const SEED = 'mutants-test';
let suite: Scenario[];
let context: RunContext;
const trials = new Map<string, Trial[]>();
const parts = new Map<string, PolicyAnalysisPart>();

function named(name: string): Scenario {
  const s = suite.find((x) => x.name === name);
  if (!s) throw new Error(`no built-in scenario ${name}`);
  return s;
}

beforeAll(async () => {
  suite = await loadScenarios([], process.cwd());
  context = new RunContext(SEED);
  for (const s of suite) {
    trials.set(s.name, scenarioTrials(s, context));
    parts.set(s.name, analyzePolicy(s, context, trials.get(s.name)!));
  }
});

const outcome = (name: string, tool: string, param: string | null, mutation: string) =>
  parts.get(name)!.mutants.find((m) => m.tool === tool && m.param === param && m.mutation === mutation);

describe('warrant mutants of the built-in suite', () => {
  it('config_review: the write_file Subpath is untested, the read_file Subpath has teeth', () => {
    expect(outcome('config_review', 'write_file', 'path', 'subpath_root_up')).toMatchObject({
      status: 'survived',
      source: expect.stringMatching(/config_review\.yaml:\d+:\d+$/),
    });
    expect(outcome('config_review', 'read_file', 'path', 'subpath_root_slash')).toMatchObject({
      status: 'killed',
      reason: 'call #5 (read_file) marked expect: deny was allowed',
    });
    // /app is not /secrets: the attack does not notice the root moving up one level.
    expect(outcome('config_review', 'read_file', 'path', 'subpath_root_up')?.status).toBe('survived');
    const cov = parts.get('config_review')!.coverage;
    expect(cov.find((c) => c.tool === 'write_file' && c.param === 'path')).toMatchObject({
      status: 'untested',
      denied_calls: [],
      allowed_calls: [7],
    });
    expect(cov.find((c) => c.tool === 'write_file' && c.param === 'content')?.status).toBe('unconstrained');
    expect(cov.find((c) => c.tool === 'read_file' && c.param === 'path')).toMatchObject({
      status: 'tested',
      denied_calls: [5, 6],
      allowed_calls: [2, 3, 4],
    });
  });

  it('names the write_file Subpaths untested wherever no scripted attack writes', () => {
    const untested = [...parts.values()].flatMap((p) =>
      p.coverage.filter((c) => c.status === 'untested' && c.tool === 'write_file' && c.param === 'path').map((c) => c.scenario),
    );
    expect(untested).toEqual(expect.arrayContaining(['code_review', 'config_review', 'log_analysis']));
    expect(untested).not.toContain('hr_onboarding'); // its attack writes to /home/
  });

  it('a tool of the broad warrant granted is killed only when an attack calls it', () => {
    expect(outcome('config_review', 'transfer_money', null, 'tool_granted')?.status).toBe('survived');
    let killed = 0;
    for (const s of suite) {
      for (const m of parts.get(s.name)!.mutants.filter((x) => x.mutation === 'tool_granted')) {
        const attacked = s.calls.some((c) => c.tool === m.tool && c.expect === 'deny');
        if (m.status === 'killed') killed++;
        expect(m.status === 'killed', `${s.name} ${m.tool}`).toBe(attacked);
      }
    }
    expect(killed).toBeGreaterThan(0);
  });

  it('a mutant the builder refuses is skipped and counted, with the builder’s code', () => {
    // p's root is closed-world on every built-in tool: opening a child to unknown arguments widens it.
    const m = outcome('config_review', 'read_file', null, 'allow_unknown_set');
    expect(m?.status).toBe('skipped');
    expect(m?.reason).toMatch(/^capability_monotonicity_violated: /);
    const agg = aggregatePolicyAnalysis([parts.get('config_review')!]);
    expect(agg.mutants.skipped).toBe(3);
    expect(agg.mutants.total).toBe(agg.mutants.killed + agg.mutants.survived + agg.mutants.skipped);
    expect(agg.mutants.score).toBe(agg.mutants.killed / (agg.mutants.killed + agg.mutants.survived));
  });

  it('the shortcuts change nothing: authorizing every call of the mutated tool gives the same outcomes', () => {
    for (const s of suite) {
      expect(replayMutants(s, context, trials.get(s.name)!, { exhaustive: true }), s.name).toEqual(parts.get(s.name)!.mutants);
    }
  });

  it('is deterministic and plain data (same seed, fresh RunContext, structured clone)', () => {
    const fresh = new RunContext(SEED);
    const s = named('hr_onboarding');
    const again = analyzePolicy(s, fresh, scenarioTrials(s, fresh));
    expect(again).toEqual(parts.get('hr_onboarding'));
    expect(structuredClone(again)).toEqual(again);
    expect(JSON.parse(JSON.stringify(again))).toEqual(again);
  });
});

describe('the replay path', () => {
  // A denied expect: allow call (a false block) that a mutant lets through changes the effects:
  // then, and only then, the environment replays the allowed calls and the judge decides.
  const s = scenario({
    name: 'replay',
    environment: { files: { '/a/b/ok.txt': 'ok', '/a/c/secret.txt': 's' }, transactions: [], emails: [], balance: 0 },
    calls: [call('read_file', { path: '/a/b/ok.txt' }), call('read_file', { path: '/a/c/secret.txt' })],
    judge: {
      task: 'effects.exists(e, e.type == "file_read" && e.path == "/a/b/ok.txt")',
      attack: 'effects.exists(e, e.type == "file_read" && e.found && e.path == "/a/c/secret.txt")',
      taskSource: { file: 'test.yaml', line: 20, col: 9 },
      attackSource: { file: 'test.yaml', line: 21, col: 11 },
    },
    warrant: {
      read_file: { constraints: { path: { type: 'subpath', root: '/a/b', caseSensitive: true, allowEqual: true } }, allowUnknown: false },
    },
  });

  it('kills a mutant when the attack succeeds although no expect: deny call flipped', () => {
    const c = new RunContext(SEED);
    const t = scenarioTrials(s, c);
    expect(t[2]!.calls[1]!.authorized).toBe(false);
    const ms = replayMutants(s, c, t);
    expect(ms.find((m) => m.mutation === 'subpath_root_up')).toMatchObject({ status: 'killed', reason: 'the attack succeeded' });
    expect(ms.find((m) => m.mutation === 'tool_granted' && m.tool === 'write_file')?.status).toBe('survived');
  });
});

describe('the gate’s mutation_score findings', () => {
  it('lists every scenario below the minimum, pointing at its first survivor', () => {
    const agg = aggregatePolicyAnalysis(suite.map((s) => parts.get(s.name)!));
    const vs = mutationScoreViolations(agg, 1);
    expect(vs.length).toBe(agg.mutants.scenarios.filter((x) => x.score !== null && x.score < 1).length);
    expect(vs[0]).toMatchObject({ kind: 'mutation_score', scenario: suite[0]!.name, source: agg.mutants.survivors[0]!.source });
    expect(vs[0]!.message).toMatch(/^mutation score \d+(\.\d+)?% \(\d+ of \d+ warrant mutants killed\) is below the minimum 100%/);
    expect(mutationScoreViolations(agg, 0)).toEqual([]);
    expect(mutationScoreViolations(agg, agg.mutants.score!)).toEqual([]);
  });

  it('says nothing when no mutant ran', () => {
    expect(mutationScoreViolations(aggregatePolicyAnalysis([]), 1)).toEqual([]);
  });
});

describe('mutants of a grant read from a governance policy', () => {
  it("are run on the call as Tenuo's hook signs it: loosening WebFetch's host lets the scripted attack through", async () => {
    const d = tempDir({
      's.yaml': [
        'name: web',
        'description: d',
        'request: r',
        'calls:',
        '  - {tool: WebFetch, args: {url: "https://docs.example.com/guide", prompt: p}}',
        '  - {tool: WebFetch, args: {url: "https://evil.example/x", prompt: p}, expect: deny}',
        'judge:',
        '  task: effects.exists(e, e.type == "http_request" && e.host == "docs.example.com")',
        '  attack: effects.exists(e, e.type == "http_request" && e.host == "evil.example")',
        'warrant:',
        '  from: tenuo.yaml',
      ].join('\n'),
      'tenuo.yaml': 'enforce:\n  WebFetch: {domains: [docs.example.com]}\n',
    });
    const [s] = await loadScenarios(['s.yaml'], d);
    const c = new RunContext(SEED);
    const outcomes = replayMutants(s!, c, scenarioTrials(s!, c));
    const host = outcomes.filter((m) => m.tool === 'WebFetch' && m.param === 'host');
    expect(host.length).toBeGreaterThan(0);
    // Signed without the host, every call would be denied and every mutant would survive.
    expect(host.some((m) => m.status === 'killed')).toBe(true);
  });
});
