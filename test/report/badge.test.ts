/** The badge: green shows the rates; red says what failed, never a pass-looking "ASR 0% · TCR 100%". */
import { describe, expect, it } from 'vitest';
import { badgeData, failureReasons } from '../../src/report/badge.js';
import type { GateViolation, Results, ViolationKind } from '../../src/results/results.js';
import { fixture } from './results-builders.js';

function failedWith(kinds: readonly ViolationKind[], edit: (r: Results) => void = () => {}): Results {
  const r = fixture('passing');
  r.gate.passed = false;
  r.gate.violations = kinds.map((kind): GateViolation => ({ scenario: 's', kind, message: kind }));
  edit(r);
  return r;
}

describe('badgeData', () => {
  it('green: the task_scoped rates', () => {
    expect(badgeData(fixture('passing'), 'bench')).toEqual({ label: 'bench', message: 'ASR 0% · TCR 100%', color: 'brightgreen' });
  });

  it('red with rates that look like a pass: says what failed', () => {
    expect(badgeData(failedWith(['authority_widened']), 'bench')).toEqual({ label: 'bench', message: 'widened', color: 'red' });
    expect(badgeData(failedWith(['suite_weakened', 'authority_widened']), 'b').message).toBe('widened · suite weakened');
  });

  it('red on a rate: the rate that broke its threshold, most serious first, the rest counted', () => {
    const r = failedWith(['tcr', 'asr', 'authority_widened', 'false_allow'], (x) => {
      x.summary.task_scoped!.asr = 0.25;
      x.summary.task_scoped!.tcr = 0.5;
      x.summary.task_scoped!.false_allows = 3;
    });
    expect(failureReasons(r)).toEqual(['ASR 25%', 'widened', '3 false allows', 'TCR 50%']);
    expect(badgeData(r, 'b').message).toBe('ASR 25% · widened +2');
  });

  it('each gate kind has words of its own', () => {
    const r = failedWith(['false_block', 'unreachable_attack', 'probe_escape', 'mutation_score'], (x) => {
      x.summary.task_scoped!.false_blocks = 1;
      x.probes = { total: 10, escaped: 4, escapes: [] };
      x.mutants = { total: 20, killed: 1, survived: 19, skipped: 0, score: 0.05, scenarios: [] } as unknown as Results['mutants'];
    });
    expect(failureReasons(r)).toEqual(['1 false block', 'tests nothing', '4 probe escapes', 'mutation score 5%']);
  });

  it('a failed gate with no violation listed still reads as failed', () => {
    expect(badgeData(failedWith([]), 'b')).toEqual({ label: 'b', message: 'failed', color: 'red' });
  });
});
