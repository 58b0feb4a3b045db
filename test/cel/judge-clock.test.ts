/**
 * Judges speak the same dialect as Cel constraints, and Tenuo's clock functions in a judge read the
 * trial's simulated clock (passed by the harness), never the machine's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioJudge } from '../../src/bench/judge.js';
import { parseScenarioText } from '../../src/bench/scenario/parse.js';
import { SIMULATED_EPOCH } from '../../src/bench/seed.js';

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
