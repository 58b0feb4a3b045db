/**
 * The run's threads (the bundle's dist/worker.js, which `npm test` builds first): started when the
 * loader counts a large suite's files, then used by the matrix, with the results of one thread.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSuite } from '../helpers/generated-suite.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { MIN_SCENARIOS_FOR_WORKERS, matrixResults } from '../../src/pipeline/matrix.js';
import { RunThreads } from '../../src/pipeline/threads.js';
import { DEFAULT_ANALYSES, NO_ANALYSES } from '../../src/pipeline/analyses.js';
import { RunContext } from '../../src/chains/run-context.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const WORKER = pathToFileURL(join(ROOT, 'dist', 'worker.js'));

describe('RunThreads', () => {
  it('hears the file count from the loader and runs the suite on its workers, as one thread would', async () => {
    const dir = generateSuite(MIN_SCENARIOS_FOR_WORKERS + 6);
    const threads = new RunThreads({ workers: 2, script: WORKER });
    const counts: number[] = [];
    try {
      const scenarios = await loadScenarios([dir], dir, {
        onFileCount: (n) => {
          counts.push(n);
          threads.prestart(n);
        },
      });
      expect(counts).toEqual([MIN_SCENARIOS_FOR_WORKERS + 6]);
      const options = { scenarios, maxAsr: 0, minTcr: 1, seed: 'threads', timings: true, now: () => 0 };
      const pooled = await matrixResults({ ...options, threads });
      const alone = await matrixResults({ ...options, workers: 1 });
      expect(pooled.timings?.workers).toBe(2);
      expect(alone.timings?.workers).toBe(1);
      const { timings: _a, ...a } = pooled;
      const { timings: _b, ...b } = alone;
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    } finally {
      await threads.close();
    }
  });

  it("workers rebuild the run's context from the seed: the bytes of this thread's run with the loader's chains", async () => {
    const dir = generateSuite(MIN_SCENARIOS_FOR_WORKERS + 2);
    const context = new RunContext('threads-context');
    const threads = new RunThreads({ workers: 2, script: WORKER });
    try {
      const scenarios = await loadScenarios([dir], dir, { context });
      const signedByLoader = context.warrantsSigned;
      const options = { scenarios, maxAsr: 0, minTcr: 1, seed: 'threads-context', context, analyses: DEFAULT_ANALYSES };
      const pooled = await matrixResults({ ...options, threads, timings: true, now: () => 0 });
      expect(pooled.timings?.workers).toBe(2);
      // The workers built their chains from the seed: this thread's context signed nothing more.
      expect(context.warrantsSigned).toBe(signedByLoader);
      const alone = await matrixResults({ ...options, workers: 1 });
      const { timings: _t, ...fromWorkers } = pooled;
      expect(JSON.stringify(fromWorkers)).toBe(JSON.stringify(alone));
      expect(context.warrantsSigned).toBe(signedByLoader);
    } finally {
      await threads.close();
    }
  });

  it('hands the scenarios to the workers while the files load, and collects what one thread computes', async () => {
    const count = MIN_SCENARIOS_FOR_WORKERS + 6; // jobs of ceil(54 / (2 workers × 8)) = 4 scenarios
    const dir = generateSuite(count);
    const threads = new RunThreads({ workers: 2, script: WORKER });
    const settings = { seed: 'threads-feed', analyses: NO_ANALYSES };
    const outAtEachFile: number[] = [];
    try {
      const scenarios = await loadScenarios([dir], dir, {
        onFileCount: (n) => threads.feed(n, settings),
        onScenario: (s) => {
          threads.add(s);
          outAtEachFile.push(threads.fedToWorkers);
        },
      });
      // The first job went out with the 4th file, long before the last one was read.
      expect(outAtEachFile.slice(0, 5)).toEqual([0, 0, 0, 4, 4]);
      const options = { scenarios, maxAsr: 0, minTcr: 1, seed: settings.seed, analyses: NO_ANALYSES, timings: true, now: () => 0 };
      const fed = await matrixResults({ ...options, threads });
      expect(fed.timings?.workers).toBe(2);
      const alone = await matrixResults({ ...options, workers: 1 });
      const { timings: _a, ...a } = fed;
      const { timings: _b, ...b } = alone;
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    } finally {
      await threads.close();
    }
  });

  it('a run whose last file is bad fails as on one thread, though the workers had started', () => {
    const count = MIN_SCENARIOS_FOR_WORKERS + 6;
    const dir = generateSuite(count, (text, i) => (i === count - 1 ? text.replace(/^calls:/m, 'calls: 7\nextra:') : text));
    const run = (workers: string) =>
      spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'run', '--scenarios', '.', '--format', 'json', '--workers', workers], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env['PATH'] ?? '' },
      });
    const one = run('1');
    const two = run('2');
    expect(one.status).toBe(2);
    expect(one.stderr).toContain(`s00${count - 1}.yaml:`);
    expect(two.status).toBe(2);
    expect(two.stderr).toBe(one.stderr);
    expect(two.stdout).toBe('');
  });

  it('starts no worker for a small suite: the run stays on this thread', async () => {
    const scenarios = await loadScenarios([], ROOT);
    const threads = new RunThreads({ workers: 2, script: WORKER });
    threads.prestart(scenarios.length);
    expect(await threads.computeUnits(scenarios, 's', NO_ANALYSES)).toBeUndefined();
    await threads.close();
  });
});

describe('WorkerPool failures', () => {
  it('a worker that dies mid-run fails the run with a reason, and the pool still closes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-dying-worker-'));
    const script = join(dir, 'dying.mjs');
    writeFileSync(script, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(7));\n");
    const scenarios = await loadScenarios([], ROOT);
    const many = Array.from({ length: MIN_SCENARIOS_FOR_WORKERS }, (_, i) => ({ ...scenarios[i % scenarios.length]!, name: `s${i}` }));
    const threads = new RunThreads({ workers: 2, script: pathToFileURL(script) });
    try {
      await expect(threads.computeUnits(many, 'seed', NO_ANALYSES)).rejects.toThrow('a worker thread stopped early (exit code 7)');
    } finally {
      await threads.close();
    }
  });
});
