/**
 * Cost contract of a trial: the chain's envelope signatures are verified once per trial (the
 * trial's Authorizer caches them), and each call costs one PoP verification, not a chain's worth.
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

const { Conditions } = await import('../../src/bench/conditions.js');
const { runTrial } = await import('../../src/bench/harness.js');
const { ScenarioJudge } = await import('../../src/bench/judge.js');
const { loadScenarios } = await import('../../src/bench/scenario/load.js');

describe('verification work per trial', () => {
  it('verifies the two chain signatures once per trial and one PoP per authorized call', async () => {
    const [scenario] = (await loadScenarios([], process.cwd())).filter((s) => s.name === 'config_review');
    const conditions = new Conditions('count');
    for (const condition of ['broad', 'task_scoped'] as const) {
      counts.envelope = 0;
      counts.pop = 0;
      const t = runTrial(scenario!, condition, new ScenarioJudge(scenario!), conditions);
      expect(t.calls_total).toBeGreaterThan(2);
      expect(counts.envelope, condition).toBe(2);
      // A denied call may be refused before its PoP is checked (tool or constraint first), so at
      // most one PoP verification per call, at least one per allowed call.
      expect(counts.pop).toBeGreaterThanOrEqual(t.calls_allowed);
      expect(counts.pop).toBeLessThanOrEqual(t.calls_total);
    }
  });
});
