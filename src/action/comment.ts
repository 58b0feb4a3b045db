/**
 * The sticky PR comment: one per report name, found by its hidden marker AND by its author (the
 * token's own identity), across every page of the conversation. Updated in place, left alone when
 * the body is unchanged, created only when none exists. Comments by anyone else are never
 * touched, however much they look like ours.
 *
 * The GitHub calls sit behind `CommentApi` (github.ts implements it with Octokit), so this logic
 * is tested without a network and the GitHub client is loaded only when a comment is really posted.
 */
export interface IssueComment {
  id: number;
  body: string;
  /** The author's login as REST gives it (a bot ends in "[bot]"). */
  login: string;
  url: string;
}

export interface CommentApi {
  /** The token's identity; throws when it cannot be found out. */
  viewerLogin(): Promise<string>;
  /** Every comment of the pull request, page by page, oldest first. */
  listComments(): AsyncIterable<readonly IssueComment[]>;
  createComment(body: string): Promise<{ id: number; url: string }>;
  updateComment(id: number, body: string): Promise<{ id: number; url: string }>;
}

export interface StickyOutcome {
  action: 'created' | 'updated' | 'unchanged';
  id: number;
  url: string;
  /** Set when the token's identity could not be read and the default bot login was assumed. */
  authorFallback?: string;
}

/** The GITHUB_TOKEN's identity in REST responses; the fallback when GraphQL cannot tell. */
export const DEFAULT_BOT_LOGIN = 'github-actions[bot]';

/**
 * GraphQL names bots without the "[bot]" suffix REST gives them ("github-actions" vs
 * "github-actions[bot]"); logins are case-insensitive.
 */
export function sameAuthor(first: string, second: string): boolean {
  const norm = (s: string): string => s.toLowerCase().replace(/\[bot\]$/, '');
  return norm(first) === norm(second);
}

/** Ours: written by us, and the marker opens the body (a quote of it elsewhere does not count). */
export function isOwnSticky(comment: IssueComment, marker: string, login: string): boolean {
  return sameAuthor(comment.login, login) && comment.body.trimStart().startsWith(marker);
}

export async function upsertStickyComment(api: CommentApi, marker: string, body: string): Promise<StickyOutcome> {
  let login: string;
  let authorFallback: string | undefined;
  try {
    login = await api.viewerLogin();
  } catch {
    login = DEFAULT_BOT_LOGIN;
    authorFallback = DEFAULT_BOT_LOGIN;
  }
  let existing: IssueComment | undefined;
  for await (const page of api.listComments()) {
    existing = page.find((c) => isOwnSticky(c, marker, login));
    if (existing) break; // the oldest of ours: the one every earlier run updated
  }
  const extra = authorFallback ? { authorFallback } : {};
  if (!existing) return { action: 'created', ...(await api.createComment(body)), ...extra };
  if (existing.body === body) return { action: 'unchanged', id: existing.id, url: existing.url, ...extra };
  return { action: 'updated', ...(await api.updateComment(existing.id, body)), ...extra };
}

/**
 * The HTTP status of the API's answer, if one came. Octokit gives a request that got no answer at
 * all (refused, reset, timed out) status 500 without a response: that is no HTTP status.
 */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, request, response } = error as { status?: unknown; request?: unknown; response?: unknown };
  if (request !== undefined && response === undefined) return undefined;
  return typeof status === 'number' ? status : undefined;
}

/** A message for a failed comment that tells the user what to do about it. */
export function describeCommentError(error: unknown, options: { prNumber: number; forkRepo?: string | undefined }): string {
  const status = errorStatus(error);
  const raw = error instanceof Error ? error.message : String(error);
  const detail = raw.split('\n')[0]?.slice(0, 300) ?? '';
  const base = `could not write the pull request comment on #${options.prNumber}`;
  if (status === 403 && /rate limit/i.test(raw)) {
    return `${base}: HTTP 403, the API rate limit is exhausted (${detail}). The job summary has the full report.`;
  }
  if (status === 403 || status === 404) {
    const fork = options.forkRepo ? ` This pull request comes from the fork ${options.forkRepo}:` : ' On pull requests from forks';
    return (
      `${base}: HTTP ${status} (${detail}). The job needs \`permissions: pull-requests: write\`` +
      `${status === 404 ? ` (or #${options.prNumber} is not a pull request of this repository)` : ''}.` +
      `${fork} the token is read-only whatever the workflow asks; use the workflow_run recipe ` +
      '(report-only mode with results-path) to comment on them. The job summary has the full report.'
    );
  }
  if (status === 422) return `${base}: HTTP 422 (${detail}). The job summary has the full report.`;
  if (status !== undefined) return `${base}: HTTP ${status} (${detail}). The job summary has the full report.`;
  return `${base}: ${detail}. The job summary has the full report.`;
}
