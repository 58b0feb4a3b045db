/**
 * The run's threads (the bundle's dist/worker.js, which `npm test` builds first): started when the
 * loader counts a large suite's files, loading and running a whole run's files themselves, with
 * the results, problems and failures of one thread. N threads are this one and N - 1 workers.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateSuite } from '../helpers/generated-suite.js';
import { loadScenarioSet, loadScenarios } from '../../src/scenario/load.js';
import { MIN_SCENARIOS_FOR_WORKERS, matrixResults } from '../../src/pipeline/matrix.js';
import { RunThreads } from '../../src/pipeline/threads.js';
import { asWorkerFailure } from '../../src/pipeline/files-job.js';
import { raise } from '../../src/pipeline/pool.js';
import { DEFAULT_ANALYSES, NO_ANALYSES } from '../../src/pipeline/analyses.js';
import { RunContext, type BuiltChain } from '../../src/chains/run-context.js';
import type { Condition } from '../../src/model/condition.js';
import { HarnessError } from '../../src/model/errors.js';
import type { Scenario } from '../../src/model/scenario.js';

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

/** A call whose command nests too deep for the environment: its unit fails (a HarnessError), after its file loaded. */
const DEEP_CALL = `calls:\n  - tool: run_command\n    args: {command: '${Array.from({ length: 1000 }).reduce<string>((c) => `echo $(${c})`, 'true')}'}\n`;

/**
 * The first file this thread takes, by file count and threads: the workers are handed their first
 * ranges before it takes a file (pool.ts, share), of rangeSize(files left, threads) files each
 * (shard.ts): 96 files on 2 threads, [0, 12) to the worker; on 3, [0, 8) and [8, 16).
 */
const HERE_FIRST_FILE: Record<number, Record<number, number>> = { 96: { 2: 12, 3: 16 } };
/** The same for scenarios shared by name (pool.ts, computeUnits): jobSize(count, threads) · (threads - 1). */
const HERE_FIRST_SCENARIO: Record<number, Record<number, number>> = { 48: { 2: 3, 3: 4 } };

/** A run's context that notes whose chains it built: the scenarios this thread loaded or ran. */
class RecordingContext extends RunContext {
  readonly built = new Set<string>();
  override chainOf(scenario: Scenario, condition: Exclude<Condition, 'no_warrant'>): BuiltChain {
    this.built.add(scenario.name);
    return super.chainOf(scenario, condition);
  }
}

/** `run` of the built CLI in `dir`, plain, its report as JSON on stdout. */
function cli(dir: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'dist', 'cli.js'), 'run', '--scenarios', '.', '--format', 'json', '--no-probes', '--no-mutants', ...args],
    { cwd: dir, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } },
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
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

  it('a unit that fails on whichever thread took it (scheduling decides) ends the run with the earliest failure, as on one thread', () => {
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

  it("a unit that fails on this thread (the first file it takes) fails a whole run as on one thread, and its chains are this thread's", async () => {
    const count = 2 * MIN_SCENARIOS_FOR_WORKERS;
    const first = HERE_FIRST_FILE[count]![2]!;
    const dir = generateSuite(count, (text, i) => (i === first ? text.replace(/^calls:\n/m, DEEP_CALL) : text));
    const context = new RecordingContext('here-first');
    const threads = new RunThreads({ workers: 2, script: WORKER, context });
    const settings = { seed: 'here-first', analyses: NO_ANALYSES };
    try {
      const set = await loadScenarioSet([dir], dir, { elsewhere: threads.loadElsewhere(settings), context });
      const names = set.scenarios.map((s) => s.name);
      // The worker took the first range whole, before this thread took its first file: which thread ran which is not left to scheduling.
      expect(context.built.has(names[first]!)).toBe(true);
      expect(names.slice(0, first).filter((n) => context.built.has(n))).toEqual([]);
      const options = { scenarios: set.scenarios, maxAsr: 0, minTcr: 1, seed: settings.seed, analyses: settings.analyses };
      const here = await matrixResults({ ...options, threads, context }).catch((e: unknown) => e);
      const alone = await matrixResults({ ...options, context: new RunContext(settings.seed), workers: 1 }).catch((e: unknown) => e);
      expect(alone).toBeInstanceOf(HarnessError);
      expect((alone as HarnessError).scenario).toBe(names[first]);
      expect(here).toBeInstanceOf(HarnessError);
      expect({ ...(here as HarnessError), message: (here as Error).message }).toEqual({
        ...(alone as HarnessError),
        message: (alone as Error).message,
      });
    } finally {
      await threads.close();
    }
  });

  it('a unit that fails on this thread (the first scenario it takes) fails a run of some scenarios as on one thread', async () => {
    const named = MIN_SCENARIOS_FOR_WORKERS;
    const first = HERE_FIRST_SCENARIO[named]![2]!;
    const shared = async (scenarios: Scenario[], context: RunContext) => {
      const threads = new RunThreads({ workers: 2, script: WORKER, context });
      try {
        return await threads.computeUnits(scenarios, 'here-first', NO_ANALYSES);
      } finally {
        await threads.close();
      }
    };
    // The workers take their first jobs whole before this thread takes a scenario: it runs #first and none before it.
    const clean = (await loadScenarios([generateSuite(named)], ROOT)).slice(0, named);
    const context = new RecordingContext('here-first');
    expect((await shared(clean, context))?.threads).toBe(2);
    expect(context.built.has(clean[first]!.name)).toBe(true);
    expect(clean.slice(0, first).filter((s) => context.built.has(s.name))).toEqual([]);
    // So a unit failing at #first fails on this thread (before its chains are built: its environment is refused).
    const dir = generateSuite(named + 4, (text, i) => (i === first ? text.replace(/^calls:\n/m, DEEP_CALL) : text));
    const scenarios = (await loadScenarios([dir], dir)).slice(0, named);
    const here = await shared(scenarios, new RunContext('here-first')).catch((e: unknown) => e);
    const options = { scenarios, maxAsr: 0, minTcr: 1, seed: 'here-first', analyses: NO_ANALYSES, workers: 1 };
    const alone = await matrixResults(options).catch((e: unknown) => e);
    expect(alone).toBeInstanceOf(HarnessError);
    expect((alone as HarnessError).scenario).toBe(scenarios[first]!.name);
    expect(here).toBeInstanceOf(HarnessError);
    expect({ ...(here as HarnessError), message: (here as Error).message }).toEqual({
      ...(alone as HarnessError),
      message: (alone as Error).message,
    });
  });

  it('the CLI: a bad file, or a failing unit, where this thread starts gives the report, stderr and exit code of one thread', () => {
    const count = 2 * MIN_SCENARIOS_FOR_WORKERS;
    // A bad file on 2 threads, a failing unit on 3 (each CLI run costs a second; the in-process
    // tests above cover both on 2 threads).
    const cases: [threads: number, edit: (text: string) => string][] = [
      [2, (text) => text.replace(/^calls:/m, 'extra: 1\ncalls:')],
      [3, (text) => text.replace(/^calls:\n/m, DEEP_CALL)],
    ];
    for (const [threads, edit] of cases) {
      const first = HERE_FIRST_FILE[count]![threads]!;
      const dir = generateSuite(count, (text, i) => (i === first ? edit(text) : text));
      const one = cli(dir, ['--workers', '1']);
      expect(one.status).toBe(2);
      expect(one.stderr).toContain(`s00${first}.yaml`);
      expect(cli(dir, ['--workers', String(threads)])).toEqual(one);
    }
  });

  it('the CLI with --scenario: a unit failing where this thread starts gives the report, stderr and exit code of one thread', () => {
    const named = MIN_SCENARIOS_FOR_WORKERS;
    // On 3 threads (the in-process test above covers 2).
    for (const [threads, first] of Object.entries(HERE_FIRST_SCENARIO[named]!).filter(([threads]) => threads === '3')) {
      const dir = generateSuite(named + 4, (text, i) => (i === first ? text.replace(/^calls:\n/m, DEEP_CALL) : text));
      const names = readdirSync(dir)
        .sort()
        .slice(0, named)
        .map((f) => /^name:\s*(\S+)/m.exec(readFileSync(join(dir, f), 'utf8'))![1]!);
      const args = names.flatMap((n) => ['--scenario', n]);
      const one = cli(dir, [...args, '--workers', '1']);
      expect(one.status).toBe(2);
      expect(one.stderr).toContain(names[first]);
      expect(cli(dir, [...args, '--workers', threads])).toEqual(one);
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
  it("a fault that is no BenchError reads the same from any thread, and names none (this thread's take the same path)", () => {
    const failure = asWorkerFailure(new TypeError('boom'));
    expect(() => raise(failure)).toThrow(new Error('a thread of the run failed: TypeError: boom'));
  });

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
