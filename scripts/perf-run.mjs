// Speed of `delegation-bench run`. Not a test: it prints numbers.
//
// (a) Start-up + the built-in suite with its analyses (probes, mutants): median wall time of
//     `node dist/cli.js run --format json` over N runs, as a ratio to a bare `node -e ''` measured
//     in the same run (interleaved, so both see the same machine load). Target: < 6×.
// (b) A generated suite of 1,000 scenarios (copies of the built-ins under new names):
//     - the plain matrix (--no-probes --no-mutants) and the run with analyses, on every core;
//       target: with analyses ≤ 4× the plain matrix;
//     - the run with probes, and with probes + mutants, on 1 thread and on every core (--workers N: N threads): the
//       speed-up (target ≥ 1.7× on 2 cores);
//     - the harness's cost per authorized call of the run with probes (1 thread, from --timings)
//       against one Ed25519 sign plus one verify, measured here in the same run with node:crypto
//       (target ≤ 1.5×), and the same with mutants for comparison;
//     - growth from 100 to 1,000 scenarios (linear: ×10) and peak memory.
// (c) Rendering a results file of 100,000 calls.
// (d) End to end (issue 23): a plain 1,000-scenario run (--no-probes --no-mutants), whole process
//     from start to exit, YAML parsing and the loader's chain check included, per authorized
//     call, against one Ed25519 sign + verify measured here in the same run: target ≤ 1.6×. Then
//     where the time goes: Node's start, the bundle and the files (read, parse, check, build each
//     scenario's chains once), the matrix (its signatures: one PoP signed and verified per call);
//     on several threads (this one and N - 1 workers), the threads load the files and run them, so
//     both count in their part;
//     and, from a CPU profile of one run on one thread (an unminified build of the CLI in .tmp/),
//     each part's share: the PoP signatures, garbage collection, YAML, chains, the scenario
//     builder, file reads, the trials' parts, the links audit, the results file, start-up.
//
// Usage: npm run perf:run   (builds first)   or   node scripts/perf-run.mjs [--runs N] [--plain-only]
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { availableParallelism, tmpdir } from 'node:os';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const cli = join(root, 'dist', 'cli.js');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 15;
const CORES = availableParallelism();

if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first');
  process.exit(2);
}

function wall(args, options = {}) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30, ...options });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && r.status !== 1) {
    throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  }
  return { ms, stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x, d = 1) => x.toFixed(d);

// ---------------------------------------------------------------- (d) plain run, end to end
const PLAIN_ONLY = process.argv.includes('--plain-only');
async function plainEndToEnd() {
  const dir = generate(1000);
  try {
    const floors = [ed25519FloorBoth()];
    const bare = [];
    const rows = { 1: [], [CORES]: [] };
    for (let i = 0; i < 3; i++) {
      bare.push(wall(['-e', '']).ms);
      for (const workers of Object.keys(rows))
        rows[workers].push(measure(dir, ['--no-probes', '--no-mutants', '--workers', String(workers)]));
      floors.push(ed25519FloorBoth());
    }
    const floor = median(floors.map((f) => f.wall));
    const cpuFloor = median(floors.map((f) => f.cpu));
    const start = median(bare);
    console.log(`(d) plain run of 1,000 generated scenarios, end to end (medians of 3; the machine may be shared)`);
    console.log(
      `    Ed25519 sign + verify (node:crypto)   ${fmt(floor)} µs wall, ${fmt(cpuFloor)} µs CPU  (wall ${floors.map((f) => fmt(f.wall)).join(', ')})`,
    );
    for (const [workers, runs] of Object.entries(rows)) {
      const wallMs = median(runs.map((r) => r.wallMs));
      const harnessMs = median(runs.map((r) => r.harnessMs));
      const authorized = runs[0].authorized;
      const perCall = (wallMs * 1000) / authorized;
      const signatures = (floor * authorized) / 1000;
      const files = wallMs - harnessMs - start;
      console.log(
        `    ${workers} thread${workers === '1' ? ' ' : 's'}: ${fmt(perCall)} µs per authorized call over ${authorized} calls: ×${fmt(perCall / floor, 2)} the floor  (target ≤ 1.6×; runs ${runs.map((r) => fmt(r.wallMs, 0)).join(', ')} ms)`,
      );
      const cpuPerCall = (median(runs.map((r) => r.cpuMs)) * 1000) / authorized;
      console.log(
        `      CPU time (all threads): ${fmt(cpuPerCall)} µs per authorized call: ×${fmt(cpuPerCall / cpuFloor, 2)} the floor's CPU time`,
      );
      const share = (ms) => `${fmt(ms, 0).padStart(6)} ms ${fmt((100 * ms) / wallMs, 0).padStart(3)}%`;
      console.log(`      Node's start (node -e '')                         ${share(start)}`);
      if (workers === '1') {
        console.log(`      bundle + files: read, YAML, checks, chains (once)   ${share(files)}`);
        console.log(`      matrix (--timings total_ms)                         ${share(harnessMs)}`);
      } else {
        // This thread and the workers load the files and run them (src/pipeline/shard.ts): --timings counts from their start.
        console.log(`      bundle, the files' list, results, exit (this thread) ${share(files)}`);
        console.log(
          `      this thread and ${Number(workers) - 1} worker${workers === '2' ? '' : 's'}: files (read, YAML, checks, chains once) and matrix (--timings total_ms) ${share(harnessMs)}`,
        );
      }
      console.log(
        `        of which one sign + verify per authorized call   ${share(Math.min(signatures, harnessMs))}${workers === '1' ? '' : ' (CPU time, spread over the threads)'}`,
      );
      console.log(`        the rest: binding, the environment, the judges, chain checks, garbage`);
    }
    await whereTheTimeGoes(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where the time of a plain run goes, from a CPU profile of one run on one thread (`node
 * --cpu-prof`) of a bundle built like dist/ but not minified, so that the profile names the
 * functions. Each sample goes to the first part, in the order below, whose function is on its
 * stack; shares of the profile's total. Sampled wall time of the one thread: on a shared machine
 * every part is stretched alike, so the shares hold better than the milliseconds.
 */
const PARTS = [
  ['PoP: one sign + verify per call (the floor)', ['signPop', 'verifyPop']],
  ['garbage collection', ['(garbage collector)']],
  ['YAML: the yaml library and the positioned tree', ['parseYamlTree']],
  ['chains: built and signed, once per scenario', ['chainOf', 'grant', 'mint']],
  ['scenario builder and schema walk', ['parseScenarioText']],
  ['reading the files', ['readScenarioFile', 'resolveInputs']],
  ['trials: chain checks (signatures of new chains)', ['verifyChainFull']],
  ['trials: constraints', ['checkConstraintSet']],
  ['trials: the environment (tools run)', ['execute']],
  ['trials: judges (CEL)', ['judge']],
  ['trials: the rest (binding, PoP messages, bookkeeping)', ['replayTrial', 'scenarioTrials']],
  ['links audit', ['auditLinks']],
  ['results: JSON and the file', ['writeReport']],
  ['start-up: loading and compiling modules', ['compileSourceTextModule', 'compileForInternalLoader', 'loadAndTranslate']],
];

async function whereTheTimeGoes(dir) {
  const { build } = await import('esbuild');
  const { common, programs } = await import(join(root, 'scripts', 'bundle-config.mjs'));
  // Inside the repository (the bundle finds scenarios/ above itself); .tmp/ is ignored by git.
  const work = mkdtempSync(join(root, '.tmp', 'perf-profile-'));
  try {
    await build({ ...common, outdir: join(work, 'dist'), minify: false, entryPoints: { cli: programs.cli }, absWorkingDir: root });
    const profiles = join(work, 'profiles');
    const out = join(work, 'results.json');
    const args = ['--cpu-prof', '--cpu-prof-dir', profiles, join(work, 'dist', 'cli.js'), 'run', '--scenarios', dir];
    wall([...args, '--format', 'json', '--out', out, '--no-probes', '--no-mutants', '--workers', '1']);
    const file = readdirSync(profiles).find((f) => f.endsWith('.cpuprofile'));
    const shares = profileShares(JSON.parse(readFileSync(join(profiles, file), 'utf8')));
    const floor = shares.get(PARTS[0][0]) ?? 0;
    console.log(`    where the time goes (CPU profile of one plain run, 1 thread, ${fmt(shares.total / 1000, 0)} ms sampled):`);
    for (const [label] of [...PARTS, ['everything else']]) {
      const us = shares.get(label) ?? 0;
      console.log(`      ${label.padEnd(56)} ${fmt(us / 1000, 0).padStart(6)} ms ${fmt((100 * us) / shares.total, 1).padStart(5)}%`);
    }
    console.log(`      the whole run against the PoP signatures in the same profile: ×${fmt(shares.total / floor, 2)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Sampled time (µs) per part of PARTS, and `total`. */
function profileShares(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const partOf = new Map(); // node id → label, memoized
  const labelOf = (id) => {
    if (partOf.has(id)) return partOf.get(id);
    const names = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) names.add(byId.get(at).callFrame.functionName);
    const part = PARTS.find(([, fns]) => fns.some((f) => names.has(f)));
    const label = part ? part[0] : 'everything else';
    partOf.set(id, label);
    return label;
  };
  const shares = new Map();
  shares.total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const label = labelOf(id);
    shares.set(label, (shares.get(label) ?? 0) + dt);
    shares.total += dt;
  });
  return shares;
}

// ---------------------------------------------------------------- (a) built-in suite vs bare node
if (!PLAIN_ONLY) {
  const plain = ['run', '--format', 'json', '--no-probes', '--no-mutants'];
  const full = ['run', '--format', 'json'];
  // Warm the file cache once for each.
  wall(['-e', '']);
  wall([cli, ...full]);
  const bare = [];
  const withAnalyses = [];
  const matrixOnly = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(wall(['-e', '']).ms);
    withAnalyses.push(wall([cli, ...full]).ms);
    matrixOnly.push(wall([cli, ...plain]).ms);
  }
  const b = median(bare);
  const r = median(withAnalyses);
  const m = median(matrixOnly);
  console.log(`(a) built-in suite, ${RUNS} runs each (medians)`);
  console.log(`    node -e ''                                       ${fmt(b)} ms`);
  console.log(`    run --format json --no-probes --no-mutants       ${fmt(m)} ms  ${fmt(m / b, 2)}×`);
  console.log(`    run --format json (probes and mutants)           ${fmt(r)} ms  ${fmt(r / b, 2)}×  (target < 6×)`);
  const inherited =
    Object.keys(process.env)
      .filter((k) => k.startsWith('NODE_'))
      .join(', ') || 'none';
  console.log(`    (inherited NODE_* variables: ${inherited}; they slow every Node start alike)`);
}

// ---------------------------------------------------------------- (b) generated suites
const builtins = readdirSync(join(root, 'scenarios'))
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => readFileSync(join(root, 'scenarios', f), 'utf8'));
if (builtins.length === 0) throw new Error('no built-in scenarios found in scenarios/');

function generate(count) {
  const dir = mkdtempSync(join(tmpdir(), `delegation-bench-${count}-`));
  for (let i = 0; i < count; i++) {
    const text = builtins[i % builtins.length];
    const id = String(i).padStart(5, '0');
    // Rename (names must be unique); the schema modeline is dropped, it points into scenarios/.
    const renamed = text.replace(/^# yaml-language-server:.*\n/m, '').replace(/^name:\s*([a-z0-9_-]+)/m, (_m, n) => `name: ${n}_${id}`);
    if (renamed === text.replace(/^# yaml-language-server:.*\n/m, '')) throw new Error('could not rename a scenario');
    writeFileSync(join(dir, `s${id}.yaml`), renamed);
  }
  return dir;
}

// Runs the CLI in a child that reports its own peak RSS (KiB) on exit: portable, no /usr/bin/time.
const PROBE =
  "process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('\\nMAXRSS_KB '+u.maxRSS+'\\nCPU_US '+(u.userCPUTime+u.systemCPUTime)+'\\n')});" +
  `import(${JSON.stringify(cli)})`;

function measure(dir, extra) {
  const out = join(dir, 'results.json');
  const r = wall(['-e', PROBE, 'probe', 'run', '--scenarios', dir, '--format', 'json', '--out', out, '--timings', ...extra]);
  const results = JSON.parse(readFileSync(out, 'utf8'));
  const t = results.timings;
  return {
    wallMs: r.ms,
    harnessMs: t.total_ms,
    calls: t.calls,
    authorized: t.authorized_calls,
    trials: results.trials.length,
    rssMiB: Number(/MAXRSS_KB (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024,
    // CPU time of the whole process, every thread: steadier than wall time on a shared machine.
    cpuMs: Number(/CPU_US (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1000,
    passed: results.gate.passed,
  };
}

/**
 * What this machine gives two independent processes: each runs half of the suite with probes on
 * one thread, first alone, then both at once. The throughput ratio is the ceiling a two-thread
 * run can reach here, whatever the program does (shared caches, memory bandwidth, clock).
 */
async function twoProcessCeiling(dir) {
  const halves = [mkdtempSync(join(tmpdir(), 'delegation-bench-half-')), mkdtempSync(join(tmpdir(), 'delegation-bench-half-'))];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  files.forEach((f, i) => writeFileSync(join(halves[i % 2], f), readFileSync(join(dir, f))));
  const harness = (half, out) =>
    new Promise((done, fail) => {
      const child = spawn(
        process.execPath,
        [cli, 'run', '--scenarios', half, '--format', 'json', '--out', out, '--timings', '--no-mutants', '--workers', '1'],
        { cwd: root, stdio: 'ignore' },
      );
      child.on('error', fail);
      child.on('exit', () => done(JSON.parse(readFileSync(out, 'utf8')).timings.total_ms));
    });
  try {
    const alone = await harness(halves[0], join(halves[0], 'alone.json'));
    const together = await Promise.all(halves.map((h) => harness(h, join(h, 'together.json'))));
    return (2 * alone) / Math.max(...together);
  } finally {
    for (const h of halves) rmSync(h, { recursive: true, force: true });
  }
}

/** One Ed25519 sign plus one verify (node:crypto, as the harness signs and checks a PoP), in µs. */
function ed25519Floor(n = 4000) {
  return ed25519FloorBoth(n).wall;
}

/** ed25519Floor, as wall time and as this process's CPU time (µs per sign + verify). */
function ed25519FloorBoth(n = 4000) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const message = randomBytes(120); // about a PoP challenge's size
  for (let i = 0; i < 200; i++) verify(null, message, publicKey, sign(null, message, privateKey));
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const sig = sign(null, message, privateKey);
    if (!verify(null, message, publicKey, sig)) throw new Error('verify failed');
  }
  const wallUs = Number(process.hrtime.bigint() - t0) / 1e3 / n;
  const cpu = process.cpuUsage(cpu0);
  return { wall: wallUs, cpu: (cpu.user + cpu.system) / n };
}

if (PLAIN_ONLY) {
  await plainEndToEnd();
  process.exit(0);
}

{
  const small = generate(100);
  const large = generate(1000);
  try {
    const floorBefore = ed25519Floor();
    const plain = measure(large, ['--no-probes', '--no-mutants', '--workers', String(CORES)]);
    const probesOne = measure(large, ['--no-mutants', '--workers', '1']);
    const probesAll = measure(large, ['--no-mutants', '--workers', String(CORES)]);
    const one = measure(large, ['--workers', '1']);
    const all = measure(large, ['--workers', String(CORES)]);
    const floorAfter = ed25519Floor();
    const floor = (floorBefore + floorAfter) / 2;
    const smallOne = measure(small, ['--workers', '1']);
    const ceiling = await twoProcessCeiling(large);
    const row = (label, x) =>
      console.log(
        `    ${label.padEnd(36)} wall ${fmt(x.wallMs, 0).padStart(6)} ms  harness ${fmt(x.harnessMs, 0).padStart(6)} ms  peak RSS ${fmt(x.rssMiB)} MiB`,
      );
    console.log(`\n(b) generated suite of 1,000 scenarios (${one.trials} trials, ${one.calls} matrix calls), ${CORES} cores`);
    row(`plain matrix, ${CORES} threads`, plain);
    row('with probes, 1 thread', probesOne);
    row(`with probes, ${CORES} threads`, probesAll);
    row('with probes + mutants, 1 thread', one);
    row(`with probes + mutants, ${CORES} threads`, all);
    const speedup = (a, b) => `×${fmt(a.wallMs / b.wallMs, 2)} wall, ×${fmt(a.harnessMs / b.harnessMs, 2)} harness`;
    console.log(`    speed-up 1 → ${CORES} threads, probes          ${speedup(probesOne, probesAll)}  (target ≥ 1.7× on 2 cores)`);
    console.log(`    speed-up 1 → ${CORES} threads, probes+mutants  ${speedup(one, all)}`);
    console.log(`    two independent processes, halves      ×${fmt(ceiling, 2)} throughput (this machine's ceiling for two threads)`);
    console.log(`    probes + mutants vs plain matrix      ×${fmt(all.wallMs / plain.wallMs, 2)} wall  (target ≤ 4×)`);
    console.log(`    Ed25519 sign + verify (node:crypto)   ${fmt(floor)} µs  (before ${fmt(floorBefore)}, after ${fmt(floorAfter)})`);
    const perCall = (x) => (x.harnessMs * 1000) / x.authorized;
    console.log(
      `    per authorized call, probes, 1 thread ${fmt(perCall(probesOne))} µs over ${probesOne.authorized} calls: ×${fmt(perCall(probesOne) / floor, 2)} the floor  (target ≤ 1.5×)`,
    );
    console.log(
      `    the same with mutants                 ${fmt(perCall(one))} µs over ${one.authorized} calls: ×${fmt(perCall(one) / floor, 2)} (each mutant also signs, seals and verifies a warrant)`,
    );
    console.log(
      `    growth 100 → 1,000 (1 thread)         harness ×${fmt(one.harnessMs / smallOne.harnessMs, 2)}, wall ×${fmt(one.wallMs / smallOne.wallMs, 2)} (linear: ×10)`,
    );
    console.log(`    gate                                  ${all.passed ? 'passed' : 'FAILED'} (the copies keep the built-ins' policies)`);
  } finally {
    rmSync(small, { recursive: true, force: true });
    rmSync(large, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- (c) rendering 100,000 calls
// The markdown renderer on a results file of 100,002 calls (1 scenario × 3 conditions × 33,334
// calls), bundled from the sources: the full report, the PR comment (65,536 characters) and the
// job summary (1 MiB). One lookup per call once made this quadratic (80,000 calls: 22 s).
{
  const { build } = await import('esbuild');
  const work = mkdtempSync(join(tmpdir(), 'delegation-bench-render-'));
  try {
    const entry = join(work, 'entry.ts');
    writeFileSync(
      entry,
      `export { renderMarkdown } from ${JSON.stringify(join(root, 'src/report/markdown.ts'))};\n` +
        `export { renderWithinBytes } from ${JSON.stringify(join(root, 'src/action/summary.ts'))};\n`,
    );
    await build({
      entryPoints: [entry],
      outfile: join(work, 'render.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'warning',
    });
    const { renderMarkdown, renderWithinBytes } = await import(join(work, 'render.mjs'));
    const n = 33_334;
    const trials = ['no_warrant', 'broad', 'task_scoped'].map((condition) => {
      const calls = Array.from({ length: n }, (_, k) => {
        const blocked = condition === 'task_scoped' && k % 5 === 4;
        return {
          index: k + 1,
          tool: 'read_file',
          args: { path: `/app/config/file-${k}.yml` },
          expect: blocked ? 'deny' : 'allow',
          authorized: !blocked,
          ...(blocked
            ? {
                denial: {
                  code: 'constraint_not_satisfied',
                  reason: `read_file.path: '/app/config/file-${k}.yml' is outside Subpath('/docs')`,
                },
              }
            : {}),
        };
      });
      const blocked = calls.filter((c) => !c.authorized).length;
      return {
        scenario: 'big',
        condition,
        task_succeeded: true,
        attack_succeeded: condition !== 'task_scoped',
        calls_total: n,
        calls_allowed: n - blocked,
        calls_blocked: blocked,
        calls,
      };
    });
    const summary = Object.fromEntries(
      trials.map((t) => [
        t.condition,
        { asr: t.attack_succeeded ? 1 : 0, tcr: 1, calls_blocked: t.calls_blocked, trials: 1, false_allows: 0, false_blocks: 0 },
      ]),
    );
    const results = {
      version: 2,
      mode: 'deterministic',
      conditions: ['no_warrant', 'broad', 'task_scoped'],
      scenarios: ['big'],
      trials,
      summary,
      reachability: { unreachable_attacks: [], tasks_failing_without_warrant: [] },
      gate: { condition: 'task_scoped', max_asr: 0, min_tcr: 1, max_false_allows: 0, max_false_blocks: 0, passed: true, violations: [] },
    };
    const timed = (f) => {
      const t0 = process.hrtime.bigint();
      const out = f();
      return { ms: Number(process.hrtime.bigint() - t0) / 1e6, chars: out.length };
    };
    const full = timed(() => renderMarkdown(results, { name: 'n' }));
    const comment = timed(() => renderMarkdown(results, { name: 'n', maxChars: 65_536 }));
    const jobSummary = timed(() => renderWithinBytes(results, { name: 'n' }, 1024 * 1024));
    console.log(`\n(c) markdown of ${3 * n} calls (one results file)`);
    console.log(`    full report  ${fmt(full.ms, 0).padStart(6)} ms  ${full.chars} characters`);
    console.log(`    PR comment   ${fmt(comment.ms, 0).padStart(6)} ms  ${comment.chars} characters`);
    console.log(`    job summary  ${fmt(jobSummary.ms, 0).padStart(6)} ms  ${jobSummary.chars} characters`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

console.log('');
await plainEndToEnd();
