/**
 * The sticky comment's four GitHub calls over node:http (http.ts), without Octokit.
 *
 * Why: loading @actions/github (Octokit and its plugins) costs about 70 ms, as much as Node's own
 * start here, and the comment needs only a GraphQL `viewer` query, one paginated list and one
 * create or update. github.ts picks this client unless a proxy is configured; behind a proxy the
 * toolkit's proxy-aware Octokit is kept.
 */
import type { CommentApi, IssueComment } from './comment.js';
import { nodeFetch, type LeanResponse } from './http.js';
import type { GitHubTarget } from './github.js';

export const PER_PAGE = 100;
export const MAX_PAGES = 300; // 30,000 comments: a bound against a server that never ends its Link chain

/** An API failure, carrying the HTTP status as Octokit's RequestError does (see errorStatus). */
export class GitHubApiError extends Error {
  override readonly name = 'GitHubApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RestComment {
  id: number;
  body?: string | null;
  html_url: string;
  user?: { login?: string } | null;
}

export function toComment(c: RestComment): IssueComment {
  return { id: c.id, body: c.body ?? '', login: c.user?.login ?? '', url: c.html_url };
}

/** The URL of the `rel="next"` link of a Link header, if any. */
export function nextLink(link: string | null): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (m && /\brel="?next"?/.test(m[2]!)) return m[1];
  }
  return undefined;
}

async function failure(res: LeanResponse, what: string): Promise<GitHubApiError> {
  let detail = res.statusText;
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string') detail = body.message;
  } catch {
    // not JSON: keep the status text
  }
  return new GitHubApiError(res.status, `${what}: HTTP ${res.status} ${detail}`.trim());
}

export function createRestCommentApi(t: GitHubTarget): CommentApi {
  const base = t.apiUrl.replace(/\/+$/, '');
  const timeout = t.timeoutMs ?? 30_000;
  const issue = `${base}/repos/${encodeURIComponent(t.owner)}/${encodeURIComponent(t.repo)}/issues`;

  async function call(method: string, url: string, what: string, body?: unknown): Promise<unknown> {
    const res = await nodeFetch(url, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `token ${t.token}`, // as Octokit sends it
        'user-agent': 'delegation-bench',
        'x-github-api-version': '2022-11-28',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(timeout),
    });
    if (!res.ok) throw await failure(res, what);
    return { json: await res.json(), link: res.headers.get('link') };
  }

  const created = (r: unknown): { id: number; url: string } => {
    const c = (r as { json: RestComment }).json;
    return { id: c.id, url: c.html_url };
  };

  return {
    async viewerLogin() {
      const r = (await call('POST', t.graphqlUrl, 'GraphQL viewer', { query: 'query { viewer { login } }' })) as {
        json: { data?: { viewer?: { login?: unknown } } };
      };
      const login = r.json.data?.viewer?.login;
      if (typeof login !== 'string' || login === '') throw new Error('GraphQL viewer has no login');
      return login;
    },
    async *listComments() {
      let url: string | undefined = `${issue}/${t.issueNumber}/comments?per_page=${PER_PAGE}`;
      for (let pages = 0; url !== undefined; pages++) {
        if (pages >= MAX_PAGES) throw new Error(`more than ${MAX_PAGES} pages of comments`);
        const r = (await call('GET', url, 'list comments')) as { json: unknown; link: string | null };
        if (!Array.isArray(r.json)) throw new Error('list comments: the API did not answer with a list');
        yield (r.json as RestComment[]).map(toComment);
        url = nextLink(r.link);
      }
    },
    async createComment(body) {
      return created(await call('POST', `${issue}/${t.issueNumber}/comments`, 'create comment', { body }));
    },
    async updateComment(id, body) {
      return created(await call('PATCH', `${issue}/comments/${id}`, 'update comment', { body }));
    },
  };
}
