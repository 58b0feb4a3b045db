// Speed of `delegation-bench run` (issue 3, point 9). Not a test: it prints numbers.
//
// (a) Startup + the built-in suite: median wall time of `node dist/cli.js run --format json`
//     over N runs, as a ratio to a bare `node -e ''` measured in the same run (interleaved, so
//     both see the same machine load). Target: ≤ 2.5×.
// (b) Scale: generated suites of 100 and 1,000 scenarios (copies of the built-ins under new
//     names): total wall time, the harness's own per-call cost in µs (from --timings), and the
//     child's peak memory (maxRSS). Growth from 100 to 1,000 should be linear.
//
// Usage: npm run bench:run   (builds first)   or   node scripts/bench-run.mjs [--runs N]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const cli = join(root, 'dist', 'cli.js');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 15;

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

// ---------------------------------------------------------------- (a) built-in suite vs bare node
{
  // Warm the file cache once for each.
  wall(['-e', '']);
  wall([cli, 'run', '--format', 'json']);
  const bare = [];
  const bench = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(wall(['-e', '']).ms);
    bench.push(wall([cli, 'run', '--format', 'json']).ms);
  }
  const b = median(bare);
  const r = median(bench);
  console.log(`(a) built-in suite, ${RUNS} runs each (medians)`);
  console.log(`    node -e ''                          ${fmt(b)} ms`);
  console.log(`    node dist/cli.js run --format json  ${fmt(r)} ms`);
  console.log(`    ratio                               ${fmt(r / b, 2)}×  (target ≤ 2.5×)`);
  // The same with only PATH in the environment (as bench-action.mjs runs). Variables such as
  // NODE_EXTRA_CA_CERTS make every Node start slower (the CA file is read at start-up), which adds
  // the same milliseconds to both sides and so flatters the ratio.
  const clean = { env: { PATH: process.env.PATH ?? '' } };
  const bareClean = [];
  const benchClean = [];
  for (let i = 0; i < RUNS; i++) {
    bareClean.push(wall(['-e', ''], clean).ms);
    benchClean.push(wall([cli, 'run', '--format', 'json'], clean).ms);
  }
  const bcl = median(bareClean);
  const rcl = median(benchClean);
  const inherited = Object.keys(process.env).filter((k) => k.startsWith('NODE_')).join(', ') || 'none';
  console.log(`    with PATH only (inherited NODE_* variables: ${inherited}):`);
  console.log(`    node -e '' ${fmt(bcl)} ms, run ${fmt(rcl)} ms, ratio ${fmt(rcl / bcl, 2)}×`);
  // CPU time (user + system, from the child itself) is steadier than wall time on a busy machine.
  const cpuProbe = (body) => `process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('\\nCPU_MS '+(u.user+u.system)/1000+'\\n')});${body}`;
  const cpuOf = (r) => Number(/CPU_MS ([\d.]+)/.exec(r.stderr)?.[1] ?? NaN);
  const bareCpu = [];
  const benchCpu = [];
  for (let i = 0; i < RUNS; i++) {
    bareCpu.push(cpuOf(wall(['-e', cpuProbe('')])));
    benchCpu.push(cpuOf(wall(['-e', cpuProbe(`import(${JSON.stringify(cli)})`), 'probe', 'run', '--format', 'json'])));
  }
  const bc = median(bareCpu);
  const rc = median(benchCpu);
  console.log(`    CPU: node ${fmt(bc)} ms, run ${fmt(rc)} ms, ratio ${fmt(rc / bc, 2)}×`);
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
    const renamed = text
      .replace(/^# yaml-language-server:.*\n/m, '')
      .replace(/^name:\s*([a-z0-9_-]+)/m, (_m, n) => `name: ${n}_${id}`);
    if (renamed === text.replace(/^# yaml-language-server:.*\n/m, '')) throw new Error('could not rename a scenario');
    writeFileSync(join(dir, `s${id}.yaml`), renamed);
  }
  return dir;
}

// Runs the CLI in a child that reports its own peak RSS (KiB) on exit: portable, no /usr/bin/time.
const PROBE =
  "process.on('exit',()=>{process.stderr.write('\\nMAXRSS_KB '+process.resourceUsage().maxRSS+'\\n')});" +
  `import(${JSON.stringify(cli)})`;

function scale(count) {
  const dir = generate(count);
  try {
    const out = join(dir, 'results.json');
    const r = wall(['-e', PROBE, 'probe', 'run', '--scenarios', dir, '--format', 'json', '--out', out, '--timings']);
    const results = JSON.parse(readFileSync(out, 'utf8'));
    const rss = Number(/MAXRSS_KB (\d+)/.exec(r.stderr)?.[1] ?? NaN);
    const calls = results.timings.calls;
    return {
      count,
      trials: results.trials.length,
      calls,
      wallMs: r.ms,
      harnessMs: results.timings.total_ms,
      perCallUs: results.timings.per_call_us,
      wallPerCallUs: (r.ms * 1000) / calls,
      rssMiB: rss / 1024,
      passed: results.gate.passed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log('\n(b) generated suites (copies of the built-ins under new names)');
console.log('    scenarios  trials   calls   wall ms  harness ms  µs/call (harness)  µs/call (wall)  peak RSS MiB  gate');
const rows = [scale(100), scale(1000)];
for (const x of rows) {
  console.log(
    `    ${String(x.count).padStart(9)}  ${String(x.trials).padStart(6)}  ${String(x.calls).padStart(6)}  ` +
      `${fmt(x.wallMs, 0).padStart(8)}  ${fmt(x.harnessMs, 0).padStart(10)}  ${fmt(x.perCallUs).padStart(17)}  ` +
      `${fmt(x.wallPerCallUs).padStart(14)}  ${fmt(x.rssMiB).padStart(12)}  ${x.passed ? 'passed' : 'FAILED'}`,
  );
}
const [small, large] = rows;
console.log(
  `    growth 100 → 1,000: harness time ×${fmt(large.harnessMs / small.harnessMs, 2)}, ` +
    `wall ×${fmt(large.wallMs / small.wallMs, 2)}, peak RSS ×${fmt(large.rssMiB / small.rssMiB, 2)} (linear: ×10 time)`,
);

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
    await build({ entryPoints: [entry], outfile: join(work, 'render.mjs'), bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
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
          ...(blocked ? { denial: { code: 'constraint_not_satisfied', reason: `read_file.path: '/app/config/file-${k}.yml' is outside Subpath('/docs')` } } : {}),
        };
      });
      const blocked = calls.filter((c) => !c.authorized).length;
      return { scenario: 'big', condition, task_succeeded: true, attack_succeeded: condition !== 'task_scoped', calls_total: n, calls_allowed: n - blocked, calls_blocked: blocked, calls };
    });
    const summary = Object.fromEntries(
      trials.map((t) => [t.condition, { asr: t.attack_succeeded ? 1 : 0, tcr: 1, calls_blocked: t.calls_blocked, trials: 1, false_allows: 0, false_blocks: 0 }]),
    );
    const results = {
      version: 2, mode: 'deterministic', conditions: ['no_warrant', 'broad', 'task_scoped'], scenarios: ['big'], trials, summary,
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
