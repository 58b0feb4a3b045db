/**
 * Issue 25, point 2: the approval label is decided where the gate is (decideGate), in a run and
 * in report-only mode alike. Widenings and suite changes are approved; an attack that gets through
 * never is, nor is any other finding.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readResultsFile } from '../../src/action/results-file.js';
import { decideGate, type GateParts } from '../../src/pipeline/verdict.js';
import { runPipeline } from '../../src/pipeline/pipeline.js';
import { DEFAULT_SEED } from '../../src/trial/scenario-trials.js';
import { renderJson } from '../../src/report/json.js';
import type { MonotonicitySection } from '../../src/results/results.js';
import type { AnalysisViolation } from '../../src/trial/gate.js';
import { repoWith, scenario } from '../helpers/baseline-repo.js';

const THRESHOLDS = { maxAsr: 0, minTcr: 1, maxFalseAllows: 0, maxFalseBlocks: 0 };

function parts(guard: AnalysisViolation[], analyses: AnalysisViolation[] = []): GateParts {
  return {
    matrixRan: false,
    trials: [],
    summary: undefined,
    reachability: { unreachable_attacks: [], tasks_failing_without_warrant: [] },
    scenarioSources: {},
    thresholds: THRESHOLDS,
    analyses,
    guard,
  };
}

const widened: AnalysisViolation = { scenario: 's', kind: 'authority_widened', message: 'transfer_money.amount widened' };
const weakened: AnalysisViolation = { scenario: 's', kind: 'suite_weakened', message: 'deny call removed' };
const escaped: AnalysisViolation = { scenario: 's', kind: 'probe_escape', message: 'a probe escaped' };

describe('decideGate: the approval label', () => {
  it('without the label, widenings and suite changes fail the gate', () => {
    const d = decideGate(parts([weakened, widened]));
    expect(d.gate.passed).toBe(false);
    expect(d.gate.violations.map((v) => v.kind)).toEqual(['suite_weakened', 'authority_widened']);
    expect(d.approved).toEqual([]);
  });

  it('with it, they are approved (kept apart) and the gate passes', () => {
    const d = decideGate({ ...parts([weakened, widened]), approval: { label: 'delegation-bench:approved' } });
    expect(d.gate.passed).toBe(true);
    expect(d.approved).toEqual([weakened, widened]);
  });

  it("approves the audit's escapes by their kind, as the guard's: with no escape left to approve, the section is as it was", () => {
    const audited = { links_total: 1, proven: 1, escapes: 0, unproven: 0, links: [], findings: [] } as unknown as MonotonicitySection;
    const d = decideGate({ ...parts([]), links: audited, approval: { label: 'ok' } });
    expect(d.links).toBe(audited);
    expect(d.approved).toEqual([]);
    expect(d.gate.passed).toBe(true);
  });

  it('never approves any other finding', () => {
    const d = decideGate({ ...parts([widened], [escaped]), approval: { label: 'ok' } });
    expect(d.gate.violations.map((v) => v.kind)).toEqual(['probe_escape']);
    expect(d.gate.passed).toBe(false);
  });
});

describe('runPipeline and report-only mode: the approval', () => {
  it('a widening that lets the attack through: the widening is approved, asr and false_allow still fail', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/docs.yaml': scenario() },
      { 'scenarios/docs.yaml': scenario({ readFile: '{subpath: /app}' }) },
    );
    const config = {
      scenarios: ['scenarios'],
      names: [],
      cwd: dir,
      seed: DEFAULT_SEED,
      workers: 1,
      timings: false,
      thresholds: THRESHOLDS,
      analyses: { probes: { enabled: false }, mutants: { enabled: false } },
      mode: 'deterministic' as const,
    };
    const plain = await runPipeline({
      ...config,
      baseline: { ref: baseSha, allowWidening: false, allowSuiteChanges: false, fetch: false },
    });
    expect(plain.results.gate.violations.map((v) => v.kind)).toContain('authority_widened');
    expect(plain.results.baseline?.approved_by).toBeUndefined();
    const approved = await runPipeline({
      ...config,
      baseline: { ref: baseSha, allowWidening: false, allowSuiteChanges: false, fetch: false, approvedBy: 'ok' },
    });
    const kinds = approved.results.gate.violations.map((v) => v.kind);
    expect(kinds).not.toContain('authority_widened');
    expect(kinds).toContain('asr');
    expect(kinds).toContain('false_allow');
    expect(approved.verdict.status).toBe('failed');
    expect(approved.results.baseline?.approved_by).toBe('ok');

    // Report-only mode: the file's approval is not believed; the step's label decides.
    const file = `${dir}/results.json`;
    writeFileSync(file, renderJson(approved.results));
    const judged = await readResultsFile(file, THRESHOLDS);
    expect(judged.results.gate.violations.map((v) => v.kind)).toContain('authority_widened');
    expect(judged.results.baseline?.approved_by).toBeUndefined();
    const relabelled = await readResultsFile(file, THRESHOLDS, { approvedBy: 'ok' });
    expect(relabelled.results.gate.violations.map((v) => v.kind)).not.toContain('authority_widened');
    expect(relabelled.results.baseline?.approved_by).toBe('ok');
  });
});
