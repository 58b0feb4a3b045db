/**
 * The run's threads (the bundle's dist/worker.js, which `npm test` builds first): started when the
 * loader counts a large suite's files, loading and running a whole run's files themselves, with
 * the results, problems and failures of one thread. N threads are this one and N - 1 workers.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSuite } from '../helpers/generated-suite.js';
import { loadScenarioSet, loadScenarios } from '../../src/scenario/load.js';
import { MIN_SCENARIOS_FOR_WORKERS, matrixResults } from '../../src/pipeline/matrix.js';
import { RunThreads } from '../../src/pipeline/threads.js';
import { DEFAULT_ANALYSES, NO_ANALYSES } from '../../src/pipeline/analyses.js';
import { RunContext } from '../../src/chains/run-context.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const WORKER = pathToFileURL(join(ROOT, 'dist', 'worker.js'));

/** dist/worker.js behind an entry that writes a line when a worker thread starts: `started()` counts them. */
function countedWorker(): { script: URL; started: () => number } {
  const dir = mkdtempSync(join(tmpdir(), 'db-counted-worker-'));
  const log = join(dir, 'started.log');
  writeFileSync(log, '');
  const script = join(dir, 'counted.mjs');
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(log)}, 'started\\n');\nawait import(${JSON.stringify(WORKER.href)});\n`,
  );
  return { script: pathToFileURL(script), started: () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length };
}

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

  it("loads a whole run's files on the worker and on this thread: 2 threads are one worker and this one, with one thread's results", async () => {
    const dir = generateSuite(MIN_SCENARIOS_FOR_WORKERS + 6);
    const context = new RunContext('threads-shard');
    const worker = countedWorker();
    const threads = new RunThreads({ workers: 2, script: worker.script, context });
    const settings = { seed: 'threads-shard', analyses: DEFAULT_ANALYSES };
    try {
      const set = await loadScenarioSet([dir], dir, { elsewhere: threads.loadElsewhere(settings), context });
      // This thread took files from the same queue: it built their chains with the run's context.
      const signedHere = context.warrantsSigned;
      expect(signedHere).toBeGreaterThan(0);
      const alone = new RunContext('threads-shard');
      const here = await loadScenarioSet([dir], dir, { context: alone });
      expect(signedHere).toBeLessThan(alone.warrantsSigned); // the worker built the others'
      expect(set.scenarios).toEqual(here.scenarios);
      expect(set.warnings).toEqual(here.warnings);
      const options = { scenarios: set.scenarios, maxAsr: 0, minTcr: 1, seed: settings.seed, analyses: settings.analyses, context };
      const sharded = await matrixResults({ ...options, threads, timings: true, now: () => 0 });
      expect(sharded.timings?.workers).toBe(2); // threads that ran the units, this one included
      expect(worker.started()).toBe(1);
      expect(context.warrantsSigned).toBe(signedHere); // the units came from the threads that loaded the files
      const oneThread = await matrixResults({ ...options, scenarios: here.scenarios, context: alone, workers: 1 });
      const { timings: _t, ...fromThreads } = sharded;
      expect(JSON.stringify(fromThreads)).toBe(JSON.stringify(oneThread));
    } finally {
      await threads.close();
    }
  });

  it('shares the scenarios of a run that loaded them here (some by name) between N - 1 workers and this thread', async () => {
    const scenarios = await loadScenarios([generateSuite(2 * MIN_SCENARIOS_FOR_WORKERS)], ROOT);
    for (const wanted of [2, 3]) {
      const worker = countedWorker();
      const threads = new RunThreads({ workers: wanted, script: worker.script });
      try {
        const pooled = await threads.computeUnits(scenarios, 'shared', DEFAULT_ANALYSES);
        expect(pooled?.threads).toBe(wanted);
        expect(worker.started()).toBe(wanted - 1);
        const alone = await matrixResults({ scenarios, maxAsr: 0, minTcr: 1, seed: 'shared', analyses: DEFAULT_ANALYSES, workers: 1 });
        expect(JSON.stringify(pooled?.units.flatMap((u) => u.trials))).toBe(JSON.stringify(alone.trials));
      } finally {
        await threads.close();
      }
    }
  });

  it('gives the same results file, byte for byte, on 1, 2 and 3 threads', () => {
    const dir = generateSuite(MIN_SCENARIOS_FOR_WORKERS + 10);
    const run = (workers: string) => {
      const out = join(dir, `results-${workers}.json`);
      const r = spawnSync(
        process.execPath,
        [join(ROOT, 'dist', 'cli.js'), 'run', '--scenarios', '.', '--format', 'json', '--out', out, '--workers', workers],
        {
          cwd: dir,
          encoding: 'utf8',
          env: { PATH: process.env['PATH'] ?? '' },
        },
      );
      expect(r.status).toBe(0);
      return { stderr: r.stderr, results: readFileSync(out, 'utf8') };
    };
    const one = run('1');
    expect(run('2')).toEqual(one);
    expect(run('3')).toEqual(one);
  });

  it('reports every problem of files loaded on different workers at once, in order, before a unit that failed', () => {
    const count = 3 * MIN_SCENARIOS_FOR_WORKERS; // jobs of 5 files on 2 workers, 4 on 3
    const deep = Array.from({ length: 1000 }).reduce<string>((c) => `echo $(${c})`, 'true');
    const dir = generateSuite(count, (text, i) => {
      if (i === 3) return text.replace(/^calls:/m, 'extra: 1\ncalls:');
      if (i === 40) return text.replace(/^name:.*$/m, 'name: the_same');
      if (i === 41) return text.replace(/^calls:\n/m, `calls:\n  - tool: run_command\n    args: {command: '${deep}'}\n`);
      if (i === 97) return text.replace(/^name:.*$/m, 'name: the_same');
      if (i === count - 1) return text.replace(/^calls:/m, 'calls: 7\nextra:');
      return text;
    });
    const run = (workers: string) =>
      spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'run', '--scenarios', '.', '--format', 'json', '--workers', workers], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env['PATH'] ?? '' },
      });
    const one = run('1');
    expect(one.status).toBe(2);
    const files = [...one.stderr.matchAll(/^\.\/(s\d{4}\.yaml):/gm)].map((m) => m[1]);
    expect(new Set(files)).toEqual(new Set(['s0003.yaml', 's0097.yaml', `s0${count - 1}.yaml`]));
    expect(one.stderr).toContain("duplicate scenario name 'the_same' (also defined at ./s0040.yaml:");
    expect(one.stderr).not.toContain('environment_limit');
    for (const workers of ['2', '3']) {
      const many = run(workers);
      expect(many.status).toBe(2);
      expect(many.stderr).toBe(one.stderr);
      expect(many.stdout).toBe('');
    }
  });

  it('a unit that fails on a worker ends the run with the earliest failure, as on one thread', () => {
    const count = 2 * MIN_SCENARIOS_FOR_WORKERS;
    const deep = Array.from({ length: 1000 }).reduce<string>((c) => `echo $(${c})`, 'true');
    const call = `calls:\n  - tool: run_command\n    args: {command: '${deep}'}\n`;
    const dir = generateSuite(count, (text, i) => (i === 30 || i === 80 ? text.replace(/^calls:\n/m, call) : text));
    const run = (workers: string) =>
      spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'run', '--scenarios', '.', '--no-probes', '--workers', workers], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env['PATH'] ?? '' },
      });
    const one = run('1');
    expect(one.status).toBe(2);
    expect(one.stderr).toContain('s0030.yaml');
    expect(one.stderr).not.toContain('s0080.yaml');
    for (const workers of ['2', '3']) expect(run(workers)).toMatchObject({ status: 2, stderr: one.stderr, stdout: '' });
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

  it('a worker that dies while it loads the files fails the load with a reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-dying-worker-'));
    const script = join(dir, 'dying.mjs');
    writeFileSync(script, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(7));\n");
    const suite = generateSuite(MIN_SCENARIOS_FOR_WORKERS);
    const threads = new RunThreads({ workers: 2, script: pathToFileURL(script) });
    try {
      const elsewhere = threads.loadElsewhere({ seed: 'seed', analyses: NO_ANALYSES });
      await expect(loadScenarioSet([suite], suite, { elsewhere })).rejects.toThrow('a worker thread stopped early (exit code 7)');
    } finally {
      await threads.close();
    }
  });
});
