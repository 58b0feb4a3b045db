/**
 * Chains built once per run (issue 23, point 6): the loader's chain check builds each scenario's
 * chains with the run's context, and the run's trials and analyses then use those same chains:
 * not one warrant is signed again, and the results are the bytes a fresh context gives.
 */
import { describe, expect, it } from 'vitest';
import { RunContext } from '../../src/chains/run-context.js';
import { builtinScenariosDir, loadScenarioSet } from '../../src/scenario/load.js';
import { benchmarkResults } from '../../src/trial/scenario-trials.js';
import { matrixResults } from '../../src/pipeline/matrix.js';
import { DEFAULT_ANALYSES } from '../../src/pipeline/analyses.js';

const SEED = 'chains-once';

async function loadWith(context: RunContext) {
  // A folder, not the word `builtin`: the YAML path, whose chain check builds the chains.
  return (await loadScenarioSet([builtinScenariosDir()], process.cwd(), { context })).scenarios;
}

describe('chains built once', () => {
  it("the matrix signs no warrant the loader's check already signed, and gives a fresh context's bytes", async () => {
    const context = new RunContext(SEED);
    const scenarios = await loadWith(context);
    const signedByLoader = context.warrantsSigned;
    expect(signedByLoader).toBeGreaterThan(0);
    const shared = benchmarkResults({ scenarios, maxAsr: 0, minTcr: 1, seed: SEED, context });
    expect(context.warrantsSigned).toBe(signedByLoader);
    const fresh = benchmarkResults({ scenarios, maxAsr: 0, minTcr: 1, seed: SEED });
    expect(JSON.stringify(shared)).toBe(JSON.stringify(fresh));
  });

  it('the analyses (probes, mutants) reuse them too', async () => {
    const context = new RunContext(SEED);
    const scenarios = await loadWith(context);
    const signedByLoader = context.warrantsSigned;
    const shared = await matrixResults({ scenarios, maxAsr: 0, minTcr: 1, seed: SEED, context, workers: 1, analyses: DEFAULT_ANALYSES });
    expect(context.warrantsSigned).toBe(signedByLoader);
    const fresh = await matrixResults({ scenarios, maxAsr: 0, minTcr: 1, seed: SEED, workers: 1, analyses: DEFAULT_ANALYSES });
    expect(JSON.stringify(shared)).toBe(JSON.stringify(fresh));
  });

  it("the delegation a trial gets holds the very warrants the loader's check built", async () => {
    const context = new RunContext(SEED);
    const [scenario] = await loadWith(context);
    const built = context.chainOf(scenario!, 'task_scoped');
    const signed = context.warrantsSigned;
    const delegation = context.delegation(scenario!, 'task_scoped')!;
    expect(delegation.chain[0]).toBe(built.root);
    expect(delegation.chain[1]).toBe(built.q);
    expect(context.warrantsSigned).toBe(signed);
  });

  it('a copy of a loaded scenario with another grant gets its own chain, not the original’s', async () => {
    const context = new RunContext(SEED);
    const [scenario] = await loadWith(context);
    const original = context.chainOf(scenario!, 'task_scoped');
    const narrower = { ...scenario!, warrant: {} };
    expect(context.chainOf(narrower, 'task_scoped').q).not.toBe(original.q);
  });

  it("a stage handed the context of another seed refuses it (its bytes would not be the run's)", () => {
    expect(() => benchmarkResults({ scenarios: [], maxAsr: 0, minTcr: 1, seed: 'a', context: new RunContext('b') })).toThrow(
      /seed 'b', not 'a'/,
    );
  });
});
