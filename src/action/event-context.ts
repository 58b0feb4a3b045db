/**
 * What the action needs to know about the run it is part of: the event, the pull request to
 * comment on, where the run can be seen, where the API is. Read from the runner's environment and
 * the event payload directly (with what @actions/github's context leaves out: the fork, a payload
 * that cannot be read), so that a push run never loads @actions/github.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { workflowRunPullRequest } from './pull-request.js';

export interface ActionContext {
  eventName: string;
  owner: string | undefined;
  repo: string | undefined;
  /** The pull request the event belongs to, when it names one. */
  prNumber: number | undefined;
  /**
   * The commit the event's change is compared against by default (docs/guard.md#which-base): a
   * pull request's base, a merge group's `base_sha`, a push's `before`. Undefined when the event
   * has none.
   */
  baseSha?: string | undefined;
  /** Which of the event's commits `baseSha` is. */
  baseOf?: 'pull_request' | 'merge_group' | 'push' | undefined;
  /** Why the event has no base, when it has none (a new branch, an event that names no commit). */
  noBase?: string | undefined;
  /** The pull request's head repository when it differs from the base: a fork. */
  forkRepo: string | undefined;
  /** Link to this workflow run (the full report lives in its job summary). */
  runUrl: string | undefined;
  apiUrl: string;
  graphqlUrl: string;
  /** Where relative paths are resolved and annotation paths are made relative to. */
  workspace: string;
  /** Where the action writes its files. */
  tempDir: string;
  /** Why the event payload could not be read, if it could not. */
  payloadProblem: string | undefined;
}

type Json = Record<string, unknown>;

function obj(v: unknown): Json | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;
}

const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

function shaOf(v: unknown): string | undefined {
  return typeof v === 'string' && SHA.test(v) ? v : undefined;
}

/**
 * The event's base commit (docs/guard.md#which-base). A push's `before` is all zeros when the push
 * created the branch: there is nothing before it to compare with.
 */
export function eventBase(eventName: string, payload: Record<string, unknown>): Pick<ActionContext, 'baseSha' | 'baseOf' | 'noBase'> {
  const pr = obj(payload['pull_request']);
  if (pr) {
    const sha = shaOf(obj(pr['base'])?.['sha']);
    return sha ? { baseSha: sha, baseOf: 'pull_request' } : { noBase: `this ${eventName} event names no base commit of its pull request` };
  }
  if (eventName === 'merge_group') {
    const sha = shaOf(obj(payload['merge_group'])?.['base_sha']);
    return sha ? { baseSha: sha, baseOf: 'merge_group' } : { noBase: 'this merge_group event names no base_sha' };
  }
  if (eventName === 'push') {
    const before = shaOf(payload['before']);
    if (before === undefined) return { noBase: 'this push event names no previous commit (before)' };
    if (/^0+$/.test(before)) return { noBase: 'this push created the branch (its before is all zeros): it has no base' };
    return { baseSha: before, baseOf: 'push' };
  }
  return { noBase: `a ${eventName || 'unknown'} event names no base commit to compare with` };
}

function prNumberOf(v: unknown): number | undefined {
  const n = obj(v)?.['number'];
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export function readContext(env: NodeJS.ProcessEnv, cwd: string): ActionContext {
  const eventName = env['GITHUB_EVENT_NAME'] ?? '';
  let payload: Json = {};
  let payloadProblem: string | undefined;
  const eventPath = env['GITHUB_EVENT_PATH'];
  if (eventPath) {
    try {
      payload = obj(JSON.parse(readFileSync(eventPath, 'utf8'))) ?? {};
    } catch (e) {
      payloadProblem = `could not read the event payload ${eventPath}: ${(e as Error).message}`;
    }
  }

  let prNumber: number | undefined;
  let forkRepo: string | undefined;
  const pr = obj(payload['pull_request']);
  if (pr) {
    prNumber = prNumberOf(pr);
    const head = obj(obj(pr['head'])?.['repo'])?.['full_name'];
    const base = obj(obj(pr['base'])?.['repo'])?.['full_name'];
    if (typeof head === 'string' && typeof base === 'string' && head !== base) forkRepo = head;
  } else if (eventName === 'issue_comment' && obj(payload['issue'])?.['pull_request']) {
    prNumber = prNumberOf(payload['issue']);
  } else if (eventName === 'workflow_run') {
    // Filled for pull requests from the same repository only; forks need the pr-number input.
    const run = obj(payload['workflow_run']);
    if (run) {
      prNumber = prNumberOf(workflowRunPullRequest(run));
      // The triggering run's head repository: a fork when it is not this one (for the comment's error).
      const head = obj(run['head_repository'])?.['full_name'];
      const self = obj(payload['repository'])?.['full_name'];
      if (typeof head === 'string' && typeof self === 'string' && head !== self) forkRepo = head;
    }
  }

  const [owner, repo] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
  const serverUrl = (env['GITHUB_SERVER_URL'] || 'https://github.com').replace(/\/+$/, '');
  const runId = env['GITHUB_RUN_ID'];
  const runUrl = owner && repo && runId && /^\d+$/.test(runId) ? `${serverUrl}/${owner}/${repo}/actions/runs/${runId}` : undefined;
  const apiUrl = (env['GITHUB_API_URL'] || 'https://api.github.com').replace(/\/+$/, '');
  return {
    eventName,
    owner: owner || undefined,
    repo: repo || undefined,
    prNumber,
    forkRepo,
    ...eventBase(eventName, payload),
    runUrl,
    apiUrl,
    // The runner sets GITHUB_GRAPHQL_URL; without it, derive it as GitHub does (GHES: /api/graphql).
    graphqlUrl: env['GITHUB_GRAPHQL_URL'] || (/\/api\/v3$/.test(apiUrl) ? apiUrl.replace(/\/v3$/, '/graphql') : `${apiUrl}/graphql`),
    workspace: resolve(cwd, env['GITHUB_WORKSPACE'] || '.'),
    tempDir: resolve(cwd, env['RUNNER_TEMP'] || tmpdir()),
    payloadProblem,
  };
}
