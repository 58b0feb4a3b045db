// Builders of synthetic Results for renderer and action tests (shaped exactly like docs/results.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assessTrials } from '../../src/trial/assess.js';
import type { CallResult, Results, Trial } from '../../src/results/results.js';

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
  // Summary, reachability and gate as a run computes them, so report-only mode accepts the file.
  const sources = Object.fromEntries(scenarios.map((name) => [name, `scenarios/${name}.yaml:1:1`]));
  const { summary, reachability, gate } = assessTrials(trials, scenarios, {
    maxAsr: 0,
    minTcr: 1,
    maxFalseAllows: 0,
    maxFalseBlocks: 0,
    scenarioSources: sources,
  });
  return { version: 2, mode: 'deterministic', conditions: [...conditions], scenarios, trials, summary, reachability, gate };
}
