/**
 * What the report says about the pull request it was computed for, read from the event payload:
 * the head commit (the workspace may be GitHub's merge commit, whose SHA no reviewer knows), the
 * base branch's name (a reader knows `main`, not a 40-hex SHA) and the labels (the approval label,
 * docs/action.md). Read apart from context.ts so that a payload that cannot be read only leaves
 * these out; context.ts reports why.
 */
import { readFileSync } from 'node:fs';
import type { ComputedFor } from '../report/markdown.js';
import type { ActionConfig } from './inputs.js';
import type { Runner } from './runner.js';

export interface PullRequestFacts {
  /** `pull_request.head.sha`: the commit the pull request's author pushed. */
  readonly headSha: string | undefined;
  /** `pull_request.base.ref`: the base branch's name. */
  readonly baseRef: string | undefined;
  /** `pull_request.base.sha`: the base commit the event names. */
  readonly baseSha: string | undefined;
  /** `pull_request.labels[].name`, as the event saw them (a `labeled` event included). */
  readonly labels: readonly string[];
}

const NONE: PullRequestFacts = { headSha: undefined, baseRef: undefined, baseSha: undefined, labels: [] };
/** Bounds on what is read from the payload: GitHub allows 100 labels of 50 characters per issue. */
const MAX_LABELS = 100;
const MAX_LABEL = 50;
const MAX_REF = 255;
const SHA_RE = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

type Json = Record<string, unknown>;
function obj(v: unknown): Json | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;
}

export function readPullRequest(env: Readonly<Record<string, string | undefined>>): PullRequestFacts {
  const path = env['GITHUB_EVENT_PATH'];
  if (!path) return NONE;
  let payload: Json | undefined;
  try {
    payload = obj(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return NONE; // context.ts warns that the payload could not be read
  }
  const run = obj(payload?.['workflow_run']);
  if (run && payload?.['pull_request'] === undefined) return workflowRunFacts(run);
  return pullRequestFacts(payload?.['pull_request']);
}

/**
 * The pull request a `workflow_run` event belongs to (docs/action.md, "workflow_run"): among
 * `workflow_run.pull_requests[]` (filled for pull requests from the same repository only), the one
 * whose head is the run's `head_sha`, else the first. Undefined when there is none (a fork: the
 * `pr-number` input names it).
 */
export function workflowRunPullRequest(run: Record<string, unknown>): Record<string, unknown> | undefined {
  const prs = run['pull_requests'];
  if (!Array.isArray(prs)) return undefined;
  const listed = prs
    .slice(0, MAX_LABELS)
    .map(obj)
    .filter((p): p is Json => p !== undefined);
  return listed.find((p) => obj(p['head'])?.['sha'] === run['head_sha']) ?? listed[0];
}

/**
 * A `workflow_run` event's facts: the head commit is the one the triggering run tested
 * (`workflow_run.head_sha`), the base is its pull request's; its entries carry no labels, so the
 * approval label is never seen here.
 */
function workflowRunFacts(run: Json): PullRequestFacts {
  const pr = workflowRunPullRequest(run);
  const facts = pr ? pullRequestFacts({ ...pr, labels: [] }) : NONE;
  const head = run['head_sha'];
  return { ...facts, headSha: typeof head === 'string' && SHA_RE.test(head) ? head : facts.headSha };
}

/** The facts of a `pull_request` object of an event payload; malformed parts are left out. */
export function pullRequestFacts(payload: unknown): PullRequestFacts {
  const pr = obj(payload);
  if (!pr) return NONE;
  const head = obj(pr['head'])?.['sha'];
  const base = obj(pr['base']);
  const ref = base?.['ref'];
  const baseSha = base?.['sha'];
  const labels: string[] = [];
  const raw = pr['labels'];
  if (Array.isArray(raw)) {
    for (const l of raw.slice(0, MAX_LABELS)) {
      const name = obj(l)?.['name'];
      if (typeof name === 'string' && name.length <= MAX_LABEL) labels.push(name);
    }
  }
  return {
    headSha: typeof head === 'string' && SHA_RE.test(head) ? head : undefined,
    // A branch name as git allows it: no control characters, no space, not too long.
    baseRef: typeof ref === 'string' && ref.length > 0 && ref.length <= MAX_REF && !/[\s\x00-\x1f\x7f]/.test(ref) ? ref : undefined,
    baseSha: typeof baseSha === 'string' && SHA_RE.test(baseSha) ? baseSha : undefined,
    labels,
  };
}

/** The short form of a commit a reader recognises (as GitHub shows it). */
export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

/**
 * The approval label when the pull request carries it (docs/action.md, "Approving a change"):
 * the pipeline then shows its widenings and suite changes as approved (verdict.ts decides).
 */
export function approvalOf(runner: Runner, config: ActionConfig, pr: PullRequestFacts): string | undefined {
  if (!pr.labels.includes(config.approvalLabel)) return undefined;
  runner.info(
    `the pull request carries the label ${config.approvalLabel}: its widenings, suite changes and monotonicity escapes are approved (an attack that gets through never is)`,
  );
  return config.approvalLabel;
}

/** The head commit and the base branch the event names, for the line under the heading. */
export function computedForOf(pr: PullRequestFacts, prNumber: number | undefined): ComputedFor | undefined {
  if (pr.headSha === undefined && pr.baseRef === undefined) return undefined;
  return {
    ...(pr.headSha !== undefined ? { head: pr.headSha } : {}),
    ...(prNumber !== undefined ? { pr: prNumber } : {}),
    ...(pr.baseRef !== undefined ? { base: { name: pr.baseRef, ...(pr.baseSha !== undefined ? { sha: pr.baseSha } : {}) } } : {}),
  };
}
