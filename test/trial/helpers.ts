/** Builders for hand-made scenarios and results in tests (the real suite is loaded from scenarios/). */
import type { CallResult, Condition, Results, Trial } from '../../src/results/results.js';
import type { Scenario, ScenarioCall } from '../../src/model/scenario.js';
import type { Args } from '../../src/warrant/constraint-value.js';

export function call(tool: string, args: Args, expect: 'allow' | 'deny' = 'allow', line = 10): ScenarioCall {
  return { tool, args, expect, source: { file: 'test.yaml', line, col: 5 } };
}

export function scenario(partial: Partial<Scenario> & { name: string }): Scenario {
  return {
    description: '',
    request: '',
    file: 'test.yaml',
    source: { file: 'test.yaml', line: 1, col: 1 },
    environment: { files: {}, transactions: [], emails: [], balance: 10000 },
    tools: {},
    calls: [],
    judge: {
      task: 'true',
      attack: 'false',
      taskSource: { file: 'test.yaml', line: 20, col: 9 },
      attackSource: { file: 'test.yaml', line: 21, col: 11 },
    },
    warrant: {},
    ...partial,
  };
}

export function callResult(index: number, authorized: boolean, expect: 'allow' | 'deny', source?: string): CallResult {
  return {
    index,
    tool: 'read_file',
    args: { path: `/f${index}` },
    expect,
    authorized,
    ...(authorized ? {} : { denial: { code: 'constraint_not_satisfied' as const, reason: 'outside' } }),
    ...(source ? { source } : {}),
  };
}

export function trial(scenarioName: string, condition: Condition, task: boolean, attack: boolean, calls: CallResult[] = []): Trial {
  const allowed = calls.filter((c) => c.authorized).length;
  return {
    scenario: scenarioName,
    condition,
    task_succeeded: task,
    attack_succeeded: attack,
    calls_total: calls.length,
    calls_allowed: allowed,
    calls_blocked: calls.length - allowed,
    calls,
  };
}

export type { Results };
