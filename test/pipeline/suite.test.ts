/**
 * The pipeline: a run assembled from per-scenario units gives the same results on one thread and
 * on several worker threads (the bundle's dist/worker.js, which `npm test` builds first), and a
 * failure inside a worker surfaces as the same harness error a single thread would raise.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSuite } from '../helpers/generated-suite.js';
import { benchmarkResults } from '../../src/trial/scenario-trials.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { MIN_SCENARIOS_FOR_WORKERS, matrixResults, threadsFor } from '../../src/pipeline/matrix.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CLI = join(ROOT, 'dist', 'cli.js');
const WORKER = pathToFileURL(join(ROOT, 'dist', 'worker.js'));

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('matrixResults', () => {
  it('gives the same results as benchmarkResults on one thread', async () => {
    const scenarios = await loadScenarios([], ROOT);
    const options = { scenarios, maxAsr: 0, minTcr: 1, seed: 'pipeline' };
    const { monotonicity, ...suite } = await matrixResults({ ...options, workers: 1 });
    // The link audit is an analysis (src/analysis/links), which the run layer's benchmarkResults is below.
    expect(monotonicity?.links_total).toBe(2 * scenarios.length);
    expect(JSON.stringify(suite)).toBe(JSON.stringify(benchmarkResults(options)));
  });

  it('stays on one thread for small suites, without a worker script, or when asked', async () => {
    const scenarios = await loadScenarios([], ROOT);
    const base = { scenarios, maxAsr: 0, minTcr: 1, seed: 's' };
    expect(threadsFor({ ...base, workers: 4, workerScript: WORKER }).threads).toBe(1); // 8 scenarios
    const many = Array.from({ length: MIN_SCENARIOS_FOR_WORKERS }, (_, i) => ({ ...scenarios[0]!, name: `s${i}` }));
    expect(threadsFor({ ...base, scenarios: many, workers: 4, workerScript: WORKER }).threads).toBe(4);
    expect(threadsFor({ ...base, scenarios: many, workers: 1, workerScript: WORKER }).threads).toBe(1);
    expect(threadsFor({ ...base, scenarios: many, workers: 4 }).threads).toBe(1); // the sources have no bundled worker
  });

  it('gives byte-identical results on 1, 2 and 3 worker threads', async () => {
    const dir = generateSuite(MIN_SCENARIOS_FOR_WORKERS + 5);
    const scenarios = await loadScenarios([dir], dir);
    const options = { scenarios, maxAsr: 0, minTcr: 1, seed: 'pipeline', workerScript: WORKER };
    const one = JSON.stringify(await matrixResults({ ...options, workers: 1 }));
    expect(JSON.parse(one).trials).toHaveLength(3 * scenarios.length);
    for (const workers of [2, 3]) {
      expect(threadsFor({ ...options, workers }).threads).toBe(workers);
      expect(JSON.stringify(await matrixResults({ ...options, workers }))).toBe(one);
    }
  });

  it('raises the earliest scenario’s harness error from a worker, as one thread does', async () => {
    // A judge that indexes past the end of the effects fails at run time: a harness error.
    const broken = new Set([17, 41]); // both copies of code_review, whose judge is one line
    const dir = generateSuite(MIN_SCENARIOS_FOR_WORKERS + 5, (text, i) =>
      broken.has(i) ? text.replace(/^(\s+task:\s*).*$/m, '$1effects[99].type == "file_read"') : text,
    );
    const scenarios = await loadScenarios([dir], dir);
    const options = { scenarios, maxAsr: 0, minTcr: 1, seed: 'pipeline', workerScript: WORKER };
    const single = await matrixResults({ ...options, workers: 1 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(single?.name).toBe('HarnessError');
    expect(single?.message).toContain('s0017.yaml');
    const threaded = await matrixResults({ ...options, workers: 2 }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(threaded?.name).toBe('HarnessError');
    expect(threaded?.message).toBe(single?.message);
  });
});

describe('dist/cli.js --workers', () => {
  it('writes the same JSON with --workers 1 and --workers 2', () => {
    const dir = generateSuite(MIN_SCENARIOS_FOR_WORKERS + 2);
    const one = cli(['run', '--scenarios', '.', '--format', 'json', '--workers', '1'], dir);
    const two = cli(['run', '--scenarios', '.', '--format', 'json', '--workers', '2'], dir);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
  });

  it('refuses a thread count that is not a whole number from 1 to 256', () => {
    for (const bad of ['0', '1.5', 'many', '257']) {
      const r = cli(['run', '--workers', bad], ROOT);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--workers expects a whole number from 1 to 256, got '${bad}'`);
    }
  });
});
