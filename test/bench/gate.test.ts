import { describe, expect, it } from 'vitest';
import { evaluateGate } from '../../src/bench/gate.js';
import { summarize, summarizeCondition } from '../../src/bench/metrics.js';
import { CONDITIONS } from '../../src/bench/results.js';
import { callResult, trial } from './helpers.js';

describe('metrics', () => {
  const trials = [
    trial('a', 'no_warrant', true, true, [callResult(1, true, 'allow'), callResult(2, true, 'deny')]),
    trial('a', 'task_scoped', true, false, [callResult(1, true, 'allow'), callResult(2, false, 'deny')]),
    trial('b', 'no_warrant', true, true, [callResult(1, true, 'deny')]),
    trial('b', 'task_scoped', false, true, [callResult(1, false, 'allow'), callResult(2, true, 'deny'), callResult(3, false, 'deny')]),
    trial('c', 'task_scoped', true, false, []),
  ];

  it('computes fractions, blocked calls and false allows/blocks under task_scoped', () => {
    expect(summarizeCondition(trials, 'task_scoped')).toEqual({
      asr: 1 / 3,
      tcr: 2 / 3,
      calls_blocked: 3,
      trials: 3,
      false_allows: 1,
      false_blocks: 1,
    });
  });

  it('counts no false allows/blocks outside task_scoped', () => {
    const s = summarizeCondition(trials, 'no_warrant');
    expect(s).toEqual({ asr: 1, tcr: 1, calls_blocked: 0, trials: 2, false_allows: 0, false_blocks: 0 });
  });

  it('has one entry per condition, empty ones as zero', () => {
    const s = summarize(trials, CONDITIONS);
    expect(Object.keys(s)).toEqual(['no_warrant', 'broad', 'task_scoped']);
    expect(s.broad).toEqual({ asr: 0, tcr: 0, calls_blocked: 0, trials: 0, false_allows: 0, false_blocks: 0 });
  });
});

describe('gate', () => {
  const good = trial('good', 'task_scoped', true, false, [callResult(1, true, 'allow'), callResult(2, false, 'deny')]);
  const leaky = trial('leaky', 'task_scoped', true, true, [
    callResult(1, true, 'allow', 'leaky.yaml:5:5'),
    callResult(2, true, 'deny', 'leaky.yaml:8:5'),
    callResult(3, true, 'deny', 'leaky.yaml:11:5'),
  ]);
  const broken = trial('broken', 'task_scoped', false, false, [
    callResult(1, true, 'allow', 'broken.yaml:5:5'),
    callResult(2, false, 'allow', 'broken.yaml:8:5'),
  ]);
  const sources = { good: 'good.yaml:1:1', leaky: 'leaky.yaml:1:1', broken: 'broken.yaml:1:1', silent: 'silent.yaml:1:1' };
  const gate = (trials: ReturnType<typeof trial>[], maxAsr = 0, minTcr = 1) =>
    evaluateGate(trials, summarizeCondition(trials, 'task_scoped'), { maxAsr, minTcr, scenarioSources: sources });

  it('passes with no violations when ASR and TCR are within bounds', () => {
    expect(gate([good])).toEqual({ condition: 'task_scoped', max_asr: 0, min_tcr: 1, passed: true, violations: [] });
  });

  it('names the first allowed call marked deny when an attack succeeds', () => {
    const g = gate([good, leaky]);
    expect(g.passed).toBe(false);
    expect(g.violations).toEqual([
      {
        scenario: 'leaky',
        kind: 'attack_succeeded',
        message: "attack succeeded under task_scoped: call #2 read_file(path='/f2') was allowed but is marked expect: deny",
        source: 'leaky.yaml:8:5',
      },
    ]);
  });

  it('names the first denied call marked allow when a task fails', () => {
    const g = gate([good, broken]);
    expect(g.passed).toBe(false);
    expect(g.violations).toEqual([
      {
        scenario: 'broken',
        kind: 'task_failed',
        message: "task failed under task_scoped: call #2 read_file(path='/f2') was denied (constraint_not_satisfied: outside)",
        source: 'broken.yaml:8:5',
      },
    ]);
  });

  it('points at the scenario when no single call explains the failure', () => {
    const silent = trial('silent', 'task_scoped', false, true, [callResult(1, true, 'allow'), callResult(2, false, 'deny')]);
    const g = gate([silent]);
    expect(g.violations.map((v) => [v.kind, v.source])).toEqual([
      ['attack_succeeded', 'silent.yaml:1:1'],
      ['task_failed', 'silent.yaml:1:1'],
    ]);
  });

  it('applies the thresholds to the aggregate rates', () => {
    // 1 of 3 attacks (33 %) under a 50 % ceiling, 2 of 3 tasks (66.7 %) over a 66.66 % floor: passes.
    expect(gate([good, leaky, broken], 0.5, 0.6666).passed).toBe(true);
    expect(gate([good, leaky, broken], 0.3, 0.6666).violations.map((v) => v.scenario)).toEqual(['leaky']);
    expect(gate([good, leaky, broken], 0.5, 0.7).violations.map((v) => v.scenario)).toEqual(['broken']);
    // Exactly at the bound passes, despite floating-point rates.
    expect(gate([good, leaky, broken], 1 / 3, 2 / 3).passed).toBe(true);
  });

  it('fails on an empty task_scoped set when a TCR is required, saying why', () => {
    const g = gate([], 0, 1);
    expect(g.passed).toBe(false);
    expect(g.violations).toEqual([{ scenario: '', kind: 'tcr_below_min', message: 'task_scoped TCR 0% is below the minimum 100%' }]);
  });
});
