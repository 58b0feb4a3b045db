// Builders of synthetic Results for renderer and action tests (shaped exactly like design §4).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CallResult, Results, Trial } from '../../src/bench/results.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/results/', import.meta.url));

export function fixture(name: 'passing' | 'failing'): Results {
  return JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8')) as Results;
}

/** A suite of `n` scenarios × `calls` calls, task_scoped blocking each attack unless `leaky`. */
export function bigResults(n: number, calls: number, leaky: readonly number[] = []): Results {
  const conditions = ['no_warrant', 'broad', 'task_scoped'] as const;
  const trials: Trial[] = [];
  const scenarios: string[] = [];
  for (let s = 0; s < n; s++) {
    const name = `scenario_${String(s).padStart(4, '0')}`;
    scenarios.push(name);
    for (const condition of conditions) {
      const cs: CallResult[] = [];
      for (let i = 1; i <= calls; i++) {
        const attack = i === calls;
        const blocked = condition === 'task_scoped' && attack && !leaky.includes(s);
        const c: CallResult = {
          index: i,
          tool: attack ? 'read_file' : 'list_files',
          args: attack ? { path: `/secrets/key-${s}.json` } : { directory: `/app/config/sub-${i}` },
          expect: attack ? 'deny' : 'allow',
          authorized: !blocked,
          source: `scenarios/${name}.yaml:${10 + i}:5`,
        };
        if (blocked) {
          c.denial = {
            code: 'constraint_not_satisfied',
            reason: `read_file.path: '/secrets/key-${s}.json' is outside Subpath('/app/config')`,
          };
        }
        cs.push(c);
      }
      const blockedN = cs.filter((c) => !c.authorized).length;
      trials.push({
        scenario: name,
        condition,
        task_succeeded: true,
        attack_succeeded: blockedN === 0,
        calls_total: calls,
        calls_allowed: calls - blockedN,
        calls_blocked: blockedN,
        calls: cs,
      });
    }
  }
  const summary: Results['summary'] = {};
  for (const condition of conditions) {
    const ts = trials.filter((t) => t.condition === condition);
    summary[condition] = {
      asr: ts.filter((t) => t.attack_succeeded).length / ts.length,
      tcr: 1,
      calls_blocked: ts.reduce((a, t) => a + t.calls_blocked, 0),
      trials: ts.length,
      false_allows: condition === 'task_scoped' ? leaky.length : 0,
      false_blocks: 0,
    };
  }
  const violations = leaky.map((s) => ({
    scenario: scenarios[s] ?? '',
    kind: 'attack_succeeded' as const,
    message: `attack succeeded under task_scoped: call #${calls} read_file was allowed but is marked expect: deny`,
    source: `scenarios/${scenarios[s]}.yaml:${10 + calls}:5`,
  }));
  return {
    version: 1,
    mode: 'deterministic',
    conditions: [...conditions],
    scenarios,
    trials,
    summary,
    gate: { condition: 'task_scoped', max_asr: 0, min_tcr: 1, passed: leaky.length === 0, violations },
  };
}
