/**
 * End-to-end tests of the real bundle: `node dist/index.js` as a child process with the runner's
 * environment, against the fake GitHub server (fake-github.ts) on 127.0.0.1. Assertions are on the
 * exit code, the GITHUB_OUTPUT file, the job summary file and the server's request log.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from './fake-github.js';
import { FakeProxy } from './fake-proxy.js';
import { readRunnerLog } from './runner-log.js';
import { ROOT, bundlePath, newDir, removeDirs, runAction, type ActionRun, type RunOptions, ensureActionBundle } from './run-action.js';
import { FIXTURES, bigResults } from '../report/results-builders.js';
import type { Results } from '../../src/results/results.js';

const MARKER = '<!-- delegation-bench:delegation-bench -->';
const BOT = 'github-actions[bot]';

beforeAll(() => {
  expect(ensureActionBundle()).toBe(true);
}, 120_000);

afterAll(removeDirs);

let gh: FakeGitHub;
beforeEach(async () => {
  gh = new FakeGitHub();
  await gh.start();
});
afterEach(async () => {
  await gh.stop();
});

const pr = (o: RunOptions = {}): Promise<ActionRun> => runAction({ event: 'pull_request', prNumber: 7, apiUrl: gh.url, ...o });

/** Report-only mode over a results fixture: the comment mechanics without a benchmark run. */
const prReport = (fixture: 'passing' | 'failing', o: RunOptions = {}): Promise<ActionRun> =>
  pr({ ...o, inputs: { 'results-path': join(FIXTURES, `${fixture}.json`), ...o.inputs } });

const annotations = (r: ActionRun, kind: 'warning' | 'error'): string[] => r.stdout.split('\n').filter((l) => l.startsWith(`::${kind}`));

describe('pull request runs on the built-in suite', () => {
  it('first run creates one comment; a later run updates it; an identical one writes nothing', async () => {
    const first = await pr();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^read 8 files, 8 scenarios from \S*scenarios\/$/m);
    expect(first.outputs).toMatchObject({ passed: 'true', asr: '0', tcr: '100' });
    expect(Number(first.outputs['calls-blocked'])).toBeGreaterThan(0);
    const comments = gh.comments.get(7) ?? [];
    expect(comments).toHaveLength(1);
    expect(comments[0]!.login).toBe(BOT);
    expect(comments[0]!.body.startsWith(MARKER)).toBe(true);
    expect(first.outputs['comment-id']).toBe(String(comments[0]!.id));
    expect(first.outputs['comment-url']).toContain(`#issuecomment-${comments[0]!.id}`);
    // Each output written once, in the runner's heredoc form.
    const names = [...first.outputText.matchAll(/^([a-z-]+)<<ghadelimiter_[0-9a-f-]{36}$/gm)].map((m) => m[1]);
    expect(names).toEqual([
      'passed',
      'asr',
      'tcr',
      'calls-blocked',
      'results-file',
      'report-file',
      'badge-file',
      'sarif-file',
      'junit-file',
      'comment-id',
      'comment-url',
    ]);
    expect(gh.restCalls()).toEqual(['GET /repos/octo/repo/issues/7/comments', 'POST /repos/octo/repo/issues/7/comments']);
    expect(gh.requests.every((r) => r.auth === 'token test-token')).toBe(true);
    // One client, with and without a proxy: @actions/github's Octokit.
    expect(gh.requests.every((r) => String(r.headers['user-agent']).startsWith('delegation-bench octokit-core.js/'))).toBe(true);
    expect(gh.requests.find((r) => r.method === 'GET')?.query['per_page']).toBe('100');

    // Job summary: key finding, tables, verdict, call logs; no chart unless `charts: true`.
    expect(first.summary.startsWith(MARKER)).toBe(true);
    expect(first.summary).toContain('**Key finding:**');
    expect(first.summary).not.toContain('```mermaid');
    expect(first.summary).toContain('### Gate: ✅ passed');
    expect(first.summary).toMatch(/<details><summary><b>config_review<\/b>/);
    expect(first.summary).toContain('task_scoped ⛔ **BLOCKED**');
    expect(first.summary).toContain(
      "- task_scoped: `constraint_not_satisfied`: `read_file.path: '/secrets/api-keys.json' is outside Subpath('/app/config')`",
    );
    // The analyses ran by default and are reported: holes first, then the policy analysis.
    expect(first.summary).toContain('Policy holes');
    expect(first.summary.indexOf('Policy holes')).toBeLessThan(first.summary.indexOf('Policy analysis'));
    expect(first.summary).toContain('https://github.com/octo/repo/actions/runs/4242');

    // Files behind the outputs.
    const results = JSON.parse(readFileSync(first.outputs['results-file']!, 'utf8'));
    expect(results.gate.passed).toBe(true);
    expect(results.scenarios).toContain('config_review');
    expect(readFileSync(first.outputs['report-file']!, 'utf8')).toBe(first.summary);

    // A new run (new run id → new link in the body) updates the same comment.
    gh.requests.length = 0;
    const second = await pr({ runId: '4243' });
    expect(second.code).toBe(0);
    expect(gh.comments.get(7)).toHaveLength(1);
    expect(gh.restCalls()).toEqual(['GET /repos/octo/repo/issues/7/comments', `PATCH /repos/octo/repo/issues/comments/${comments[0]!.id}`]);
    expect(gh.comments.get(7)![0]!.body).toContain('actions/runs/4243');
    expect(second.outputs['comment-id']).toBe(String(comments[0]!.id));

    // The same body again: no write at all.
    gh.requests.length = 0;
    const third = await pr({ runId: '4243' });
    expect(third.code).toBe(0);
    expect(gh.restCalls()).toEqual(['GET /repos/octo/repo/issues/7/comments']);
    expect(third.outputs['comment-id']).toBe(String(comments[0]!.id));
  });

  it('a loosened warrant fails the step, with outputs, summary and an annotation on the call', async () => {
    const dir = newDir();
    const policies = join(dir, 'workspace', 'policies');
    mkdirSync(policies);
    const original = readFileSync(join(ROOT, 'scenarios', 'config_review.yaml'), 'utf8');
    const loosened = original.replace(/(read_file:\s*\{\s*path:\s*\{\s*subpath:\s*)\/app\/config/, '$1/');
    expect(loosened).not.toBe(original);
    writeFileSync(join(policies, 'config_review.yaml'), loosened);

    const r = await pr({ dir, inputs: { scenarios: 'policies' } });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ passed: 'false', tcr: '100' });
    expect(Number(r.outputs['asr'])).toBeGreaterThan(0);
    expect(existsSync(r.outputs['results-file']!)).toBe(true);
    expect(r.summary).toContain('### Gate: ❌ failed');
    // The first call marked expect: deny that was allowed: read_file /secrets/api-keys.json.
    const lines = original.split('\n');
    const line = lines.findIndex((l) => l.includes('path: /secrets/api-keys.json'));
    expect(line).toBeGreaterThan(0);
    const errors = annotations(r, 'error');
    expect(
      errors.some((e) =>
        e.startsWith('::error title=delegation-bench gate%3A attack succeeded%3A config_review,file=policies/config_review.yaml,line='),
      ),
    ).toBe(true);
    expect(
      errors.some((e) =>
        e.startsWith('::error title=delegation-bench gate%3A false allow%3A config_review,file=policies/config_review.yaml,line='),
      ),
    ).toBe(true);
    const m = /file=policies\/config_review\.yaml,line=(\d+),col=(\d+)::/.exec(errors.join('\n'));
    expect(m).not.toBeNull();
    // The annotation points at the call (its `- tool:` line or the args line just below).
    expect(Math.abs(Number(m![1]) - line)).toBeLessThanOrEqual(1);
    // The failure message (last ::error) lists the violation; a comment was still posted.
    expect(errors.at(-1)).toContain('gate failed');
    expect(errors.at(-1)).toContain('config_review');
    expect(gh.comments.get(7)).toHaveLength(1);
  });

  it('bad scenario input is one clear failure with annotations, and a comment that says not evaluated', async () => {
    const dir = newDir();
    writeFileSync(join(dir, 'workspace', 'bad.yaml'), 'name: x\nfoo: 1\n');
    const r = await pr({ dir, inputs: { scenarios: 'bad.yaml' } });
    expect(r.code).toBe(1);
    expect(annotations(r, 'error').some((e) => e.includes('file=bad.yaml'))).toBe(true);
    // Never a stale comment from an earlier commit: this run's comment says it was not evaluated.
    expect(gh.comments.get(7)?.map((c) => c.body.includes('⚠️ not evaluated'))).toEqual([true]);
    expect(r.stderr).toBe('');
  });
});

describe('the bundle alone', () => {
  it('runs with no node_modules: dist/, scenarios/ and action.yml copied elsewhere, comment included', async () => {
    const dir = newDir();
    const copy = join(dir, 'action');
    cpSync(dirname(bundlePath()), join(copy, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'scenarios'), join(copy, 'scenarios'), { recursive: true });
    cpSync(join(ROOT, 'action.yml'), join(copy, 'action.yml'));
    const r = await pr({ dir, bundle: join(copy, 'dist', 'index.js') });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.outputs['passed']).toBe('true');
    expect(gh.comments.get(7)).toHaveLength(1);
  });
});

describe('the bundle loads only what a run needs', () => {
  it('index.js reaches neither Octokit nor badge-maker through static imports', () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      // Static imports only: `import … from "./x.js"` / `import "./x.js"`, not `import("./x.js")`.
      for (const m of text.matchAll(/import\s*(?:[^'"();]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
        visit(join(dirname(file), m[1]!));
      }
    };
    visit(bundlePath());
    const loaded = [...seen].map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(seen.size).toBeGreaterThan(1);
    expect(loaded).toContain('ghadelimiter_'); // @actions/core is there from the start
    expect(loaded).not.toMatch(/octokit/i);
    expect(loaded).not.toContain('for-the-badge'); // badge-maker's style names
    // …while the dynamic chunks do hold them.
    const all = [...new Set([...readFileSync(bundlePath(), 'utf8').matchAll(/import\(["'](\.{1,2}\/[^"']+)["']\)/g)].map((m) => m[1]!))];
    expect(all.length).toBeGreaterThan(0);
  });
});

describe('push events', () => {
  it('run the suite, write the summary and outputs, and never call the API', async () => {
    const r = await runAction({ event: 'push', apiUrl: gh.url });
    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({ passed: 'true', asr: '0', tcr: '100', 'comment-id': '', 'comment-url': '' });
    expect(r.summary).toContain('### Results by condition');
    expect(gh.requests).toHaveLength(0);
    expect(r.stdout).toContain('no pull request in this push event');
    // The run's log lines fold under one group; the summary line and annotations come after it.
    const lines = r.stdout.split('\n');
    const start = lines.indexOf('::group::Run the scenarios');
    const end = lines.indexOf('::endgroup::');
    expect(start).toBe(0);
    expect(end).toBeGreaterThan(start);
    expect(lines.findIndex((l) => l.startsWith('task_scoped: ASR'))).toBeGreaterThan(end);
  });
});

describe('sticky comment on a busy pull request', () => {
  it('finds its comment on page 2 behind 40 others and updates it', async () => {
    gh.maxPerPage = 30;
    gh.seed(
      7,
      Array.from({ length: 40 }, (_, i) => ({ body: `LGTM ${i}`, login: `reviewer${i % 3}` })),
    );
    const [ours] = gh.seed(7, [{ body: `${MARKER}\nold report`, login: BOT }]);
    const r = await prReport('passing');
    expect(r.code).toBe(0);
    expect(gh.comments.get(7)).toHaveLength(41);
    const pages = gh.requests.filter((q) => q.method === 'GET').map((q) => q.query['page'] ?? '1');
    expect(pages).toEqual(['1', '2']);
    expect(gh.restCalls().filter((c) => !c.startsWith('GET'))).toEqual([`PATCH /repos/octo/repo/issues/comments/${ours!.id}`]);
    expect(ours!.body.startsWith(MARKER)).toBe(true);
    expect(ours!.body).not.toContain('old report');
    expect(r.outputs['comment-id']).toBe(String(ours!.id));
  });

  it("leaves another user's comment with the same marker and text untouched", async () => {
    const [forged] = gh.seed(7, [{ body: `${MARKER}\n## delegation-bench (✅ gate passed)`, login: 'mallory' }]);
    const before = forged!.body;
    const r = await prReport('passing');
    expect(r.code).toBe(0);
    expect(forged!.body).toBe(before);
    expect(gh.requests.some((q) => q.method === 'PATCH')).toBe(false);
    const comments = gh.comments.get(7)!;
    expect(comments).toHaveLength(2);
    expect(comments[1]!.login).toBe(BOT);
  });

  it('keeps separate comments per name', async () => {
    await prReport('passing');
    await prReport('passing', { inputs: { name: 'second-report' } });
    const comments = gh.comments.get(7)!;
    expect(comments.map((c) => c.body.split('\n')[0])).toEqual([MARKER, '<!-- delegation-bench:second-report -->']);
  });

  it('cuts a report too long for one comment, keeping the marker and a link to the run', async () => {
    const dir = newDir();
    const file = join(dir, 'workspace', 'big.json');
    writeFileSync(file, JSON.stringify(bigResults(1500, 12, [2])));
    const r = await pr({ dir, inputs: { 'results-path': file } });
    expect(r.code).toBe(1); // the gate (one leaky scenario), not the comment
    const [c] = gh.comments.get(7)!;
    expect(c!.body.length).toBeLessThanOrEqual(65_536);
    expect(c!.body.startsWith(MARKER)).toBe(true);
    expect(c!.body).toContain('[full report](https://github.com/octo/repo/actions/runs/4242)');
    // The summary keeps more (its limit is 1 MiB) and stays within it.
    expect(Buffer.byteLength(r.summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(r.summary.length).toBeGreaterThan(c!.body.length);
    expect(annotations(r, 'warning')).toEqual([]);
  });
});

describe('comment failures never fail the step by themselves', () => {
  it('fork: 403 is a warning naming pull-requests: write and forks; the gate decides', async () => {
    gh.failures = [{ route: 'create', status: 403, message: 'Resource not accessible by integration' }];
    const ok = await prReport('passing', { forkRepo: 'eve/repo' });
    expect(ok.code).toBe(0);
    const [w] = annotations(ok, 'warning');
    expect(w).toContain('HTTP 403');
    expect(w).toContain('pull-requests: write');
    expect(w).toContain('fork eve/repo');
    expect(ok.summary).toContain('### Gate: ✅ passed');
    expect(ok.outputs).toMatchObject({ passed: 'true', 'comment-id': '' });

    const failing = await prReport('failing', { forkRepo: 'eve/repo' });
    expect(failing.code).toBe(1);
    expect(annotations(failing, 'warning')[0]).toContain('pull-requests: write');
    expect(annotations(failing, 'error').at(-1)).toContain('gate failed');
    expect(annotations(failing, 'error').at(-1)).not.toContain('comment');
  });

  it('an API failing with 500 is a warning, not a crash', async () => {
    gh.failures = [{ route: 'list', status: 500, message: 'Server Error' }];
    const r = await prReport('passing');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(annotations(r, 'warning')[0]).toContain('HTTP 500');
    expect(r.summary).toContain('### Gate: ✅ passed');
    expect(r.outputs).toMatchObject({ passed: 'true', 'comment-id': '' });
  });

  it('an unreachable API is a warning too', async () => {
    await gh.stop();
    const r = await prReport('passing');
    expect(r.code).toBe(0);
    const [w] = annotations(r, 'warning');
    expect(w).toContain('could not write the pull request comment on #7');
    expect(w).toContain('ECONNREFUSED');
    expect(w).not.toContain('HTTP'); // no answer came: Octokit's status 500 is not reported as one
  });

  it('a failing GraphQL viewer falls back to github-actions[bot] as the author', async () => {
    gh.failures = [{ route: 'graphql', status: 403, message: 'Resource not accessible by integration' }];
    const [ours] = gh.seed(7, [{ body: `${MARKER}\nold`, login: BOT }]);
    const r = await prReport('passing');
    expect(r.code).toBe(0);
    expect(gh.comments.get(7)).toHaveLength(1);
    expect(ours!.body).not.toContain('old');
  });

  it('comment: always makes a 403 fail the step, after outputs and summary', async () => {
    gh.failures = [{ route: 'create', status: 403, message: 'Resource not accessible by integration' }];
    const r = await prReport('passing', { inputs: { comment: 'always' } });
    expect(r.code).toBe(1);
    expect(annotations(r, 'error').at(-1)).toContain('pull-requests: write');
    expect(r.outputs).toMatchObject({ passed: 'true' });
    expect(r.summary).toContain('### Gate: ✅ passed');
  });

  it('comment: off makes no API call', async () => {
    const r = await prReport('passing', { inputs: { comment: 'off' } });
    expect(r.code).toBe(0);
    expect(gh.requests).toHaveLength(0);
  });
});

describe('the GitHub client (@actions/github)', () => {
  it('sends every API call through HTTP_PROXY when one is set', async () => {
    const proxy = new FakeProxy(gh.port);
    await proxy.start();
    try {
      // A host only the proxy can reach: nothing gets through without it.
      const r = await prReport('passing', { apiUrl: 'http://api.github.test', env: { HTTP_PROXY: proxy.url } });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(gh.comments.get(7)).toHaveLength(1);
      expect(gh.restCalls()).toEqual(['GET /repos/octo/repo/issues/7/comments', 'POST /repos/octo/repo/issues/7/comments']);
      expect(gh.requests.some((q) => q.path === '/graphql')).toBe(true);
      expect(gh.requests.every((q) => q.headers['host'] === 'api.github.test')).toBe(true);
      expect(proxy.tunnels.length).toBeGreaterThan(0);
      expect(new Set(proxy.tunnels)).toEqual(new Set(['api.github.test:80']));
      expect(proxy.refused).toEqual([]);
    } finally {
      await proxy.stop();
    }
  });

  it('talks to GitHub Enterprise Server under GITHUB_API_URL and GITHUB_GRAPHQL_URL', async () => {
    const ghes = new FakeGitHub(true);
    await ghes.start();
    try {
      const [ours] = ghes.seed(7, [{ body: `${MARKER}\nold`, login: BOT }]);
      const r = await runAction({
        event: 'pull_request',
        prNumber: 7,
        apiUrl: ghes.apiUrl,
        env: { GITHUB_GRAPHQL_URL: ghes.graphqlUrl },
        inputs: { 'results-path': join(FIXTURES, 'passing.json') },
      });
      expect(r.code).toBe(0);
      expect(ghes.requests.map((q) => `${q.method} ${q.rawPath}`)).toEqual([
        'POST /api/graphql',
        'GET /api/v3/repos/octo/repo/issues/7/comments',
        `PATCH /api/v3/repos/octo/repo/issues/comments/${ours!.id}`,
      ]);
      expect(ours!.body).not.toContain('old');
      expect(r.outputs['comment-id']).toBe(String(ours!.id));
    } finally {
      await ghes.stop();
    }
  });
});

describe('secrets in the log', () => {
  it('a key of several lines is masked on every line, before anything else is printed', async () => {
    const key = 'sk-first-line-SECRET\nsk-second-line-SECRET';
    const r = await prReport('passing', { inputs: { comment: 'off', 'openai-api-key': key } });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('::add-mask::sk-first-line-SECRET%0Ask-second-line-SECRET');
    const log = readRunnerLog(r.stdout);
    expect(log.secrets).toEqual(expect.arrayContaining([key, 'sk-first-line-SECRET', 'sk-second-line-SECRET']));
    expect(log.shown.join('\n')).not.toContain('SECRET');
  });
});

describe('report-only mode (results-path)', () => {
  it('posts an existing results file, recomputed from its trials with the step thresholds', async () => {
    const r = await prReport('passing');
    expect(r.code).toBe(0);
    // The results as this step judged them, not the file as given.
    expect(JSON.parse(readFileSync(r.outputs['results-file']!, 'utf8'))).toEqual(
      JSON.parse(readFileSync(join(FIXTURES, 'passing.json'), 'utf8')),
    );
    expect(r.stdout).toContain('agrees with its trials; rates and gate recomputed from them');
    expect(gh.comments.get(7)).toHaveLength(1);

    const failing = await prReport('failing');
    expect(failing.code).toBe(1);
    expect(failing.outputs['passed']).toBe('false');
    expect(annotations(failing, 'error').some((e) => e.includes('file=scenarios/config_review.yaml,line=16,col=5'))).toBe(true);
  });

  it('comments on the pull request named by pr-number in a workflow_run event', async () => {
    const r = await runAction({
      event: 'workflow_run',
      apiUrl: gh.url,
      inputs: { 'results-path': join(FIXTURES, 'passing.json'), 'pr-number': '12' },
    });
    expect(r.code).toBe(0);
    expect(gh.comments.get(12)).toHaveLength(1);
  });

  it('a forged passed: true over an ASR of 100 % is refused with exit 1; the comment says not evaluated', async () => {
    const dir = newDir();
    const forged = JSON.parse(readFileSync(join(FIXTURES, 'failing.json'), 'utf8')) as Results;
    for (const t of forged.trials) t.attack_succeeded = true;
    forged.gate.passed = true;
    forged.gate.violations = [];
    writeFileSync(join(dir, 'workspace', 'results.json'), JSON.stringify(forged));
    const r = await pr({ dir, inputs: { 'results-path': 'results.json' } });
    expect(r.code).toBe(1);
    const [e] = annotations(r, 'error');
    expect(e).toContain('refused: parts of the file disagree with its own trials');
    expect(e).toContain('summary.task_scoped.asr is 0.5 but its trials give 1');
    expect(e).toContain("gate.passed is true but its trials fail the file's own thresholds");
    expect(r.outputs['passed']).toBeUndefined();
    expect(gh.comments.get(7)?.map((c) => c.body.includes('⚠️ not evaluated') && !c.body.includes('✅'))).toEqual([true]);
  });

  it("a consistent file gated with looser thresholds fails by the step's, with annotations at the call", async () => {
    const dir = newDir();
    const loose = JSON.parse(readFileSync(join(FIXTURES, 'failing.json'), 'utf8')) as Results;
    loose.gate = { ...loose.gate, max_asr: 1, max_false_allows: 5, passed: true, violations: [] };
    writeFileSync(join(dir, 'workspace', 'results.json'), JSON.stringify(loose));
    const r = await pr({ dir, inputs: { 'results-path': 'results.json' } });
    expect(r.code).toBe(1);
    expect(r.outputs['passed']).toBe('false');
    expect(annotations(r, 'warning').some((w) => w.includes('gated with looser thresholds'))).toBe(true);
    const errors = annotations(r, 'error');
    expect(errors.filter((e) => e.includes('file=scenarios/config_review.yaml,line=16,col=5'))).toHaveLength(2);
    expect(errors.some((e) => e.includes('title=delegation-bench gate%3A false allow%3A config_review'))).toBe(true);
    expect(gh.comments.get(7)![0]!.body).toContain('### Gate: ❌ failed');
    // The same file passes when the step itself allows what the file allowed.
    const allowed = await pr({ dir, inputs: { 'results-path': 'results.json', 'max-asr': '100', 'max-false-allows': '5' } });
    expect(allowed.code).toBe(0);
  });

  it('refuses a file of the wrong shape with a clear error; the comment says not evaluated', async () => {
    const dir = newDir();
    const file = join(dir, 'workspace', 'results.json');
    writeFileSync(file, JSON.stringify({ version: 2, mode: 'deterministic', trials: 'x' }));
    const r = await pr({ dir, inputs: { 'results-path': 'results.json' } });
    expect(r.code).toBe(1);
    expect(annotations(r, 'error')[0]).toContain('results.json: not a delegation-bench results file: $.conditions: missing');
    expect(gh.comments.get(7)?.map((c) => c.body.includes('⚠️ not evaluated'))).toEqual([true]);
  });
});

describe('inputs and badge', () => {
  it('rejects bad inputs with precise messages before running anything; the comment says not evaluated', async () => {
    const r = await pr({ inputs: { 'max-asr': '12x', comment: 'sometimes' } });
    expect(r.code).toBe(1);
    const [e] = annotations(r, 'error');
    expect(e).toContain("input max-asr: '12x' is not a percentage between 0 and 100");
    expect(e).toContain("input comment: 'sometimes' must be one of auto, always, off");
    // Nothing ran (no results); the sticky comment still says why (docs/action.md, never stale).
    expect(gh.comments.get(7)?.map((c) => c.body.includes('⚠️ not evaluated') && c.body.includes("input max-asr: '12x'"))).toEqual([true]);
    expect(Object.keys(r.outputs).sort()).toEqual(['comment-id', 'comment-url']);
  });

  it('writes NAME.svg and the shields endpoint NAME.json, green only when the gate passes', async () => {
    const ok = await prReport('passing', { inputs: { 'badge-path': 'badges', comment: 'off' } });
    expect(ok.outputs['badge-file']).toBe(join(ok.workspace, 'badges', 'delegation-bench.svg'));
    const svg = readFileSync(ok.outputs['badge-file']!, 'utf8');
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('ASR 0% · TCR 100%');
    expect(JSON.parse(readFileSync(join(ok.workspace, 'badges', 'delegation-bench.json'), 'utf8'))).toEqual({
      schemaVersion: 1,
      label: 'delegation-bench',
      message: 'ASR 0% · TCR 100%',
      color: 'brightgreen',
    });
    const bad = await prReport('failing', { inputs: { 'badge-path': 'badges', comment: 'off', name: 'policy' } });
    expect(bad.code).toBe(1);
    expect(bad.outputs['badge-file']).toBe(join(bad.workspace, 'badges', 'policy.svg'));
    expect(JSON.parse(readFileSync(join(bad.workspace, 'badges', 'policy.json'), 'utf8'))).toMatchObject({
      message: 'ASR 50% · 1 false allow', // red says what failed
      color: 'red',
    });
  });
});
