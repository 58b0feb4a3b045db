#!/usr/bin/env node
// Speed of the action itself (a benchmark, not a test): start-to-exit wall time of
// `node dist/index.js` on the built-in suite, as a ratio to a bare `node -e ''` measured in the
// same run, interleaved so that machine noise hits both alike.
//   push:         no comment, so Octokit (@actions/github) is never loaded
//   pull_request: sticky comment against a local fake GitHub on 127.0.0.1
// Usage: node scripts/perf-action.mjs [runs]   (build dist/ first: npm run build)
// Without BENCH_ENV it measures twice: in this machine's environment (BENCH_ENV=inherit: PATH and
// every NODE_* variable) and with PATH only (BENCH_ENV=clean), since NODE_EXTRA_CA_CERTS alone
// moves a bare Node start from ~35 ms to ~90 ms and with it every ratio.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const bundle = process.env.DELEGATION_BENCH_ACTION_BUNDLE ?? join(root, 'dist', 'index.js');
const runs = Number(process.argv[2] ?? 15);

if (process.env.BENCH_ENV === undefined) {
  for (const mode of ['inherit', 'clean']) {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), String(runs)], {
      env: { ...process.env, BENCH_ENV: mode },
      stdio: 'inherit',
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  process.exit(0);
}

// A minimal GitHub: GraphQL viewer, list/create/update issue comments.
const comments = [];
let nextId = 1;
const server = createServer(async (req, res) => {
  let body = '';
  for await (const c of req) body += c;
  const url = new URL(req.url, 'http://127.0.0.1');
  const json = (status, data) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(data));
  };
  const rest = (c) => ({
    id: c.id,
    body: c.body,
    user: { login: 'github-actions[bot]' },
    html_url: `https://github.com/o/r/pull/1#issuecomment-${c.id}`,
  });
  if (url.pathname === '/graphql') return json(200, { data: { viewer: { login: 'github-actions' } } });
  if (/\/issues\/\d+\/comments$/.test(url.pathname)) {
    if (req.method === 'GET') return json(200, comments.map(rest));
    const c = { id: nextId++, body: JSON.parse(body).body };
    comments.push(c);
    return json(201, rest(c));
  }
  const m = /\/issues\/comments\/(\d+)$/.exec(url.pathname);
  if (m && req.method === 'PATCH') {
    const c = comments.find((x) => x.id === Number(m[1]));
    c.body = JSON.parse(body).body;
    return json(200, rest(c));
  }
  json(404, { message: 'Not Found' });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const api = `http://127.0.0.1:${server.address().port}`;

const dir = mkdtempSync(join(tmpdir(), 'db-perf-action-'));
mkdirSync(join(dir, 'ws'));
mkdirSync(join(dir, 'tmp'));
writeFileSync(join(dir, 'push.json'), JSON.stringify({ ref: 'refs/heads/main' }));
writeFileSync(join(dir, 'pr.json'), JSON.stringify({ number: 1, pull_request: { number: 1 } }));

// The children get PATH only (as a clean runner would), or with BENCH_ENV=inherit also this
// machine's NODE_* variables: NODE_EXTRA_CA_CERTS alone adds ~50 ms to every Node start, which
// moves every ratio, so say which one a number was measured with.
const inherit = process.env.BENCH_ENV === 'inherit';
const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => k === 'PATH' || (inherit && k.startsWith('NODE_'))));

function env(event, runId, extra = {}) {
  return {
    ...extra,
    ...baseEnv,
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: join(dir, event === 'push' ? 'push.json' : 'pr.json'),
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_RUN_ID: String(runId),
    GITHUB_WORKSPACE: join(dir, 'ws'),
    GITHUB_OUTPUT: join(dir, 'output.txt'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    RUNNER_TEMP: join(dir, 'tmp'),
    GITHUB_API_URL: api,
    GITHUB_GRAPHQL_URL: `${api}/graphql`,
    'INPUT_GITHUB-TOKEN': 'bench-token',
    INPUT_SCENARIOS: 'builtin',
  };
}

// CPU time (user + system, read by the child itself at exit) is steadier than wall time on a busy
// machine; both are reported. The probe is loaded the same way into the bare node and the action.
const probe = join(dir, 'cpu-probe.mjs');
writeFileSync(
  probe,
  "process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('\\nCPU_MS '+(u.user+u.system)/1000+'\\n')});\n",
);

function time(args, e) {
  return new Promise((res, rej) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', pathToFileURL(probe).href, ...args], {
      env: e,
      cwd: join(dir, 'ws'),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', rej);
    child.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - t0) / 1e6;
      const cpu = Number(/CPU_MS ([\d.]+)/.exec(err)?.[1] ?? NaN);
      const rest = err.replace(/\n?CPU_MS [\d.]+\n/, '');
      if (rest.trim()) process.stderr.write(rest);
      if (code !== 0) rej(new Error(`${args.join(' ')} exited ${code}`));
      else res({ wall, cpu });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// For reference: the CLI on the same suite (the benchmark run the action wraps), and the action in
// report-only mode (no benchmark run: the action's own cost on top of it).
const cli = join(dirname(bundle), 'cli.js');
writeFileSync(join(dir, 'results.json'), '');
const reportOnly = { 'INPUT_RESULTS-PATH': join(dir, 'results.json') };

const bare = [];
const push = [];
const pr = [];
const cliRun = [];
const roPush = [];
const roPr = [];
await time([bundle], env('push', 0)); // warm the file cache
await new Promise((res, rej) => {
  const c = spawn(process.execPath, [cli, 'run', '--format', 'json', '--out', join(dir, 'results.json')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  c.on('close', (code) => (code === 0 ? res() : rej(new Error(`cli exited ${code}`))));
});
for (let i = 0; i < runs; i++) {
  bare.push(await time(['-e', ''], baseEnv));
  push.push(await time([bundle], env('push', i)));
  pr.push(await time([bundle], env('pull_request', 1000 + i))); // a new run id: the comment is rewritten
  cliRun.push(await time([cli, 'run', '--format', 'json'], baseEnv));
  roPush.push(await time([bundle], env('push', i, reportOnly)));
  roPr.push(await time([bundle], env('pull_request', 2000 + i, reportOnly)));
}
server.close();
rmSync(dir, { recursive: true, force: true });

const col = (xs, k) => xs.map((x) => x[k]);
const bw = median(col(bare, 'wall'));
const bc = median(col(bare, 'cpu'));
const line = (name, xs, target) => {
  const w = median(col(xs, 'wall'));
  const c = median(col(xs, 'cpu'));
  const t = target ? `  (target ≤ ${target}×)` : '';
  return `${name.padEnd(36)} wall ${w.toFixed(1).padStart(7)} ms ${(w / bw).toFixed(2).padStart(6)}×   cpu ${c.toFixed(1).padStart(7)} ms ${(c / bc).toFixed(2).padStart(6)}×${t}`;
};
console.log(
  `runs: ${runs} each, medians; ${comments.length} comment(s) on the fake PR; environment: ${inherit ? 'PATH + NODE_* (BENCH_ENV=inherit)' : 'PATH only'}`,
);
console.log(line("node -e ''", bare));
console.log(line('action, push (no comment)', push, 3));
console.log(line('action, pull_request (comment)', pr, 3.5));
console.log('for reference:');
console.log(line('  cli run --format json', cliRun));
console.log(line('  action report-only, push', roPush));
console.log(line('  action report-only, pull_request', roPr));
