/**
 * Issue 26 point 3: a monotonicity escape "fails the gate unless approved", and the pull request's
 * approval label approves it as it approves a widening; an attack that gets through never is.
 * Decided once (decideGate), shown in the comment, driven as a runner drives the built action.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decideGate } from '../../src/pipeline/verdict.js';
import type { MonotonicitySection, Results } from '../../src/results/results.js';
import { FakeGitHub } from './fake-github.js';
import { ensureActionBundle, newDir, removeDirs, runAction } from './run-action.js';
import { fixture } from '../report/results-builders.js';

const LABEL = 'delegation-bench:approved';

beforeAll(() => {
  expect(ensureActionBundle()).toBe(true);
}, 120_000);
afterAll(removeDirs);

let gh: FakeGitHub;
beforeEach(async () => {
  gh = new FakeGitHub();
  await gh.start();
});
afterEach(async () => {
  await gh.stop();
});

/** The issue's escape: a planner with exactly https://a.com/v1 mints its worker https://a.com/v1/*. */
function escapeSection(scenario: string, extra: Record<string, unknown> = {}): MonotonicitySection {
  return {
    links_total: 1,
    proven: 0,
    escapes: 1,
    unproven: 0,
    links: [],
    findings: [
      {
        scenario,
        link: 'planner → worker',
        tool: 'http_request',
        param: 'url',
        witness: { tool: 'http_request', args: { url: 'https://a.com/v1/admin/reset' } },
        proof: "UrlPattern('https://a.com/v1/*') allows https://a.com/v1/admin/reset, which UrlPattern('https://a.com/v1') denies",
        tenuo_accepted: true,
        approved: false,
        ...extra,
      },
    ],
  } as MonotonicitySection;
}

function escaping(base: 'passing' | 'failing', extra: Record<string, unknown> = {}): Results {
  const r = fixture(base);
  r.monotonicity = escapeSection(r.scenarios[0]!, extra);
  return r;
}

describe('decideGate: the label approves a monotonicity escape', () => {
  const parts = (r: Results) => ({
    matrixRan: true,
    trials: r.trials,
    summary: r.summary.task_scoped,
    reachability: r.reachability,
    scenarioSources: {},
    thresholds: { maxAsr: 0, minTcr: 1, maxFalseAllows: 0, maxFalseBlocks: 0 },
    analyses: [],
    guard: [],
    links: r.monotonicity!,
  });

  it('without the label it fails; with it, it is approved, kept apart and marked approved_by', () => {
    const r = escaping('passing');
    const without = decideGate(parts(r));
    expect(without.gate.violations.map((v) => v.kind)).toEqual(['monotonicity_escape']);
    const labelled = decideGate({ ...parts(r), approval: { label: LABEL } });
    expect(labelled.gate.passed).toBe(true);
    expect(labelled.approved.map((v) => v.kind)).toEqual(['monotonicity_escape']);
    expect(labelled.links?.findings[0]).toMatchObject({ approved: true, approved_by: LABEL });
  });
});

describe('the built action: approval-label and a monotonicity escape (report-only mode)', () => {
  const run = (r: Results, labels: string[]) => {
    const dir = newDir();
    const file = join(dir, 'workspace', 'results.json');
    writeFileSync(file, JSON.stringify(r));
    return runAction({
      dir,
      event: 'pull_request',
      prNumber: 7,
      apiUrl: gh.url,
      inputs: { 'results-path': 'results.json' },
      pullRequest: { headSha: 'c0ffee1234567890abcdef1234567890abcdef12', baseRef: 'main', labels },
    });
  };
  const comment = (): string => gh.comments.get(7)?.[0]?.body ?? '';

  it('without the label the escape fails the step', async () => {
    const r = await run(escaping('passing'), ['bug']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error[^\n]*monotonicity/);
    expect(comment()).toContain('❌ gate failed');
  });

  it('with the label it is approved: the step passes and the comment says by what', async () => {
    const r = await run(escaping('passing'), [LABEL]);
    expect(r.code).toBe(0);
    expect(comment()).toContain('✅ gate passed');
    expect(comment()).toContain(`**✔️ Approved by the label \`${LABEL}\`:** 1 monotonicity escape`);
    expect(comment()).toContain(`(approved by the label \`${LABEL}\`)`);
  });

  it('a file’s own approved_by is not believed: only the label on the pull request now approves', async () => {
    const r = await run(escaping('passing', { approved: true, approved_by: LABEL }), []);
    expect(r.code).toBe(1);
    expect(comment()).not.toContain('Approved by the label');
  });

  it('an attack that gets through is never approved, the escape beside it is', async () => {
    const r = await run(escaping('failing'), [LABEL]);
    expect(r.code).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => l.startsWith('::error'));
    expect(errors.some((e) => /monotonicity/.test(e))).toBe(false);
    expect(comment()).toContain('1 monotonicity escape');
    expect(comment()).toContain('❌ gate failed');
  });
});
