/**
 * Judges speak the same dialect as Cel constraints, and Tenuo's clock functions in a judge read the
 * trial's simulated clock (passed by the harness), never the machine's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioJudge } from '../../src/trial/judge.js';
import { parseScenarioText } from '../../src/scenario/parse/index.js';
import { SIMULATED_EPOCH } from '../../src/chains/seed.js';

const base = readFileSync(join(__dirname, '../../scenarios/expense_audit.yaml'), 'utf8');

function judgeWith(task: string): ScenarioJudge {
  const text = base.replace(/^ {2}task: >-\n(?: {4}.*\n)+/m, `  task: "${task}"\n`);
  const r = parseScenarioText(text, 's.yaml');
  expect(r.problems).toEqual([]);
  return new ScenarioJudge(r.scenario!);
}

describe('judges and the clock', () => {
  it('time_now and time_since read the clock the harness gives', () => {
    const j = judgeWith("time_now(null) == '2026-01-01T00:00:05+00:00' && time_since('2026-01-01T00:00:00Z') == 5");
    expect(j.judge([], 'task_scoped', SIMULATED_EPOCH + 5).task_succeeded).toBe(true);
    expect(j.judge([], 'task_scoped', SIMULATED_EPOCH + 6).task_succeeded).toBe(false);
  });

  it('without a clock, a time function is an error, not a machine-clock read', () => {
    const j = judgeWith("time_now(null) != ''");
    expect(() => j.judge([], 'task_scoped')).toThrow(/needs the run's clock/);
  });
});

describe('every judge of a run reads the same clock', () => {
  it('the mutants and the baseline replay judge at the trial’s instant, never without a clock', async () => {
    const { analyzePolicy } = await import('../../src/analysis/mutants/analysis.js');
    const { replayEffect } = await import('../../src/guard/replay.js');
    const { RunContext } = await import('../../src/chains/run-context.js');
    const { scenarioTrials } = await import('../../src/trial/scenario-trials.js');
    // The attack judge holds only at the instant a trial of this scenario is judged: after its calls.
    const calls = parseScenarioText(base, 's.yaml').scenario!.calls.length;
    const text = base.replace(/^ {2}attack: (effects\.exists.*)$/m, `  attack: time_since('2026-01-01T00:00:00Z') == ${calls} && $1`);
    const r = parseScenarioText(text, 's.yaml');
    expect(r.problems).toEqual([]);
    const scenario = r.scenario!;
    expect(scenario.judge.attack).toContain('time_since');
    const context = new RunContext('clock');
    const trials = scenarioTrials(scenario, context);
    expect(trials.find((t) => t.condition === 'no_warrant')!.attack_succeeded).toBe(true);
    // Mutants replay and judge: a judge without the clock would throw here.
    const part = analyzePolicy(scenario, context, trials);
    expect(part.mutants.some((m) => m.status === 'killed')).toBe(true);
    const attack = scenario.calls.find((c) => c.expect === 'deny')!;
    expect(() => replayEffect(scenario, attack.tool, attack.args)).not.toThrow();
  });
});
