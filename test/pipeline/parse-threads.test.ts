/**
 * A large suite's files are parsed on the run's worker threads (the bundle's dist/worker.js, which
 * `npm test` builds first). Whoever parses, the loader gives the same scenarios, the same problems
 * and the same warnings, in file order; and the same workers then run the suite.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSuite } from '../helpers/generated-suite.js';
import { ScenarioError, loadScenarios } from '../../src/bench/scenario/load.js';
import { encodeScenariosForTransfer } from '../../src/bench/scenario/snapshot.js';
import { drainLoaderWarnings } from '../../src/bench/scenario/warnings.js';
import { MIN_SCENARIOS_FOR_WORKERS, runSuite } from '../../src/pipeline/suite.js';
import { RunThreads } from '../../src/pipeline/threads.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const WORKER = pathToFileURL(join(ROOT, 'dist', 'worker.js'));
const CEL = `recipients: {cel: "value.all(r, r.endsWith('@company.com'))"}`;


/** Loads `dir` with `workers` threads: the scenarios (as transfer text) or the problems, and the warnings. */
async function load(dir: string, workers: number) {
  const threads = new RunThreads({ workers, script: WORKER });
  drainLoaderWarnings();
  try {
    const scenarios = await loadScenarios([dir], dir, { parser: threads });
    return { scenarios: encodeScenariosForTransfer(scenarios), warnings: drainLoaderWarnings() };
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return { problems: e.format(), warnings: drainLoaderWarnings() };
  } finally {
    await threads.close();
  }
}

describe('parsing on worker threads', () => {
  const count = MIN_SCENARIOS_FOR_WORKERS + 6;

  it('gives the same scenarios and warnings as this thread, in file order', async () => {
    // Every expense_audit copy reads a name Tenuo binds only for objects: one warning each.
    const dir = generateSuite(count, (t) => t.replace(CEL, `recipients: {cel: "to == 'x'"}`));
    const here = await load(dir, 1);
    const there = await load(dir, 2);
    expect(here.scenarios).toBeDefined();
    expect(there.scenarios).toBe(here.scenarios);
    expect(here.warnings.length).toBeGreaterThan(count / 8); // several copies warn
    expect(there.warnings).toEqual(here.warnings);
  });

  it('gives the same problems, in file order, with the duplicates across files', async () => {
    const dir = generateSuite(count, (t, i) => {
      if (i === 3 || i === count - 2) return t.replace(/^request:.*$/m, 'request: [not, text]');
      if (i === 30) return t.replace(/^name:.*$/m, 'name: code_review_0001');
      return t;
    });
    const here = await load(dir, 1);
    const there = await load(dir, 3);
    expect(here.problems).toContain('s0003.yaml');
    expect(here.problems).toContain(`s00${count - 2}.yaml`);
    expect(here.problems).toContain("duplicate scenario name 'code_review_0001'");
    expect(there.problems).toBe(here.problems);
  });

  it('runs the suite on the threads that parsed it, with the results of one thread', async () => {
    const dir = generateSuite(count);
    const threads = new RunThreads({ workers: 2, script: WORKER });
    try {
      const scenarios = await loadScenarios([dir], dir, { parser: threads });
      const options = { scenarios, maxAsr: 0, minTcr: 1, seed: 'threads', timings: true, now: () => 0 };
      const pooled = await runSuite({ ...options, threads });
      const alone = await runSuite({ ...options, workers: 1 });
      expect(pooled.timings?.workers).toBe(2);
      expect(alone.timings?.workers).toBe(1);
      const { timings: _a, ...a } = pooled;
      const { timings: _b, ...b } = alone;
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    } finally {
      await threads.close();
    }
  });
});
