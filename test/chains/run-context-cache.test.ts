/**
 * The warrants a run caches and shares between trials are frozen with their decoded payload, so
 * no trial can change what the next one is handed; a scenario changed between two requests gets
 * a fingerprint (and so a root) of its current contents.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RunContext } from '../../src/chains/run-context.js';
import type { Scenario } from '../../src/model/scenario.js';
import { loadScenarios } from '../../src/scenario/load.js';

let suite: Scenario[];

beforeAll(async () => {
  suite = [...(await loadScenarios([], process.cwd()))];
});

describe('RunContext caches', () => {
  it('hands out frozen root and broad warrants', () => {
    const context = new RunContext('cache-test');
    const d = context.delegation(suite[0]!, 'broad')!;
    for (const w of d.chain) {
      expect(Object.isFrozen(w)).toBe(true);
      expect(Object.isFrozen(w.payload)).toBe(true);
      expect(Object.isFrozen(w.payload.tools)).toBe(true);
      expect(() => {
        (w.payload.tools as Record<string, unknown>)['extra_tool'] = {};
      }).toThrow(TypeError);
    }
    expect(context.delegation(suite[0]!, 'broad')!.chain[1]).toBe(d.chain[1]);
  });

  it('reads a scenario changed after a request afresh (no memo keyed on the object)', () => {
    const context = new RunContext('cache-test');
    const scenario = { ...suite[0]!, calls: [...suite[0]!.calls] };
    const before = context.root(scenario);
    // Many more calls: the warrants must live longer (the lifetime bucket changes).
    const longer = [...scenario.calls, ...Array.from({ length: 5000 }, () => scenario.calls[0]!)];
    const fresh = context.root({ ...scenario, calls: longer });
    expect(fresh).not.toBe(before);
    scenario.calls = longer;
    expect(context.root(scenario)).toBe(fresh);
  });

  it("builds a scenario's second condition from its current tools and calls, not the fingerprint of the first", () => {
    const base = suite[0]!;
    // Fingerprint of the changed part alone, from a context that never saw the scenario.
    const longer = [...base.calls, ...Array.from({ length: 5000 }, () => base.calls[0]!)];
    const extraTool: Scenario['tools'] = { ...base.tools, zz_extra: { params: ['a'], returns: '' } };
    for (const change of [{ calls: longer }, { tools: extraTool }]) {
      const context = new RunContext('cache-test');
      const scenario: Scenario = { ...base };
      context.chainOf(scenario, 'broad');
      Object.assign(scenario, change);
      const expected = new RunContext('cache-test').chainOf({ ...base, ...change }, 'task_scoped');
      const got = context.chainOf(scenario, 'task_scoped');
      expect(Buffer.from(got.root.payloadBytes).equals(Buffer.from(expected.root.payloadBytes))).toBe(true);
      expect(Buffer.from(got.q.payloadBytes).equals(Buffer.from(expected.q.payloadBytes))).toBe(true);
    }
  });
});
