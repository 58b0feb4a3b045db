/**
 * Cost contract of a run: each envelope signature is verified once per run (the trials'
 * authorizers share the run's signature checks), and each call costs one PoP verification, not a
 * chain's worth.
 */
import { describe, expect, it, vi } from 'vitest';

const counts = vi.hoisted(() => ({ envelope: 0, pop: 0 }));

vi.mock('../../src/warrant/keys.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/warrant/keys.js')>();
  return {
    ...real,
    verifyWarrantSignature: (...a: Parameters<typeof real.verifyWarrantSignature>) => {
      counts.envelope++;
      return real.verifyWarrantSignature(...a);
    },
    verifySignature: (...a: Parameters<typeof real.verifySignature>) => {
      counts.pop++;
      return real.verifySignature(...a);
    },
  };
});

const { RunContext } = await import('../../src/chains/run-context.js');
const { replayTrial } = await import('../../src/trial/harness.js');
const { ScenarioJudge } = await import('../../src/trial/judge.js');
const { loadScenarios } = await import('../../src/scenario/load.js');

describe('verification work per trial', () => {
  it('verifies each chain signature once per run and one PoP per authorized call', async () => {
    const [scenario] = (await loadScenarios([], process.cwd())).filter((s) => s.name === 'config_review');
    const context = new RunContext('count');
    // broad: p's root and q's broad warrant; task_scoped: only q's own warrant is new; again: none.
    const expected = [
      ['broad', 2],
      ['task_scoped', 1],
      ['task_scoped', 0],
    ] as const;
    for (const [condition, envelopes] of expected) {
      counts.envelope = 0;
      counts.pop = 0;
      const t = replayTrial(scenario!, condition, new ScenarioJudge(scenario!), context);
      expect(t.calls_total).toBeGreaterThan(2);
      expect(counts.envelope, condition).toBe(envelopes);
      // A denied call may be refused before its PoP is checked (tool or constraint first), so at
      // most one PoP verification per call, at least one per allowed call.
      expect(counts.pop).toBeGreaterThanOrEqual(t.calls_allowed);
      expect(counts.pop).toBeLessThanOrEqual(t.calls_total);
    }
    // Another run (its own RunContext) checks its signatures again.
    counts.envelope = 0;
    replayTrial(scenario!, 'task_scoped', new ScenarioJudge(scenario!), new RunContext('count'));
    expect(counts.envelope).toBe(2);
  });
});
