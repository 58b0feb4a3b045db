/**
 * The REST (and one GraphQL) calls behind the sticky comment, through @actions/github's Octokit.
 * Loaded with a dynamic import only when a comment is really posted: @actions/github (with undici)
 * costs about as much to load as Node itself, and a push run never needs it.
 */
import { getOctokit } from '@actions/github';
import type { CommentApi, IssueComment } from './comment.js';
import { nodeFetch, proxyConfigured } from './http.js';

export interface GitHubTarget {
  token: string;
  apiUrl: string;
  graphqlUrl: string;
  owner: string;
  repo: string;
  issueNumber: number;
  /** Per request; a hung API must not hold the job until its timeout. */
  timeoutMs?: number;
  /** The environment, to see whether a proxy is configured. */
  env?: NodeJS.ProcessEnv;
}

const PER_PAGE = 100;
const MAX_PAGES = 300; // 30,000 comments: a bound against a server that never ends its Link chain

interface RestComment {
  id: number;
  body?: string | null;
  html_url: string;
  user?: { login?: string } | null;
}

function toComment(c: RestComment): IssueComment {
  return { id: c.id, body: c.body ?? '', login: c.user?.login ?? '', url: c.html_url };
}

export function createCommentApi(t: GitHubTarget): CommentApi {
  // baseUrl from the runner's GITHUB_API_URL (GHES, or the test's local server).
  // Behind a proxy keep the toolkit's proxy-aware fetch; otherwise the lean one (http.ts).
  const lean = !proxyConfigured(t.env ?? process.env);
  // nodeFetch covers what Octokit uses of fetch (http.ts); the cast is to the full fetch type.
  const request = lean ? { request: { fetch: nodeFetch as unknown as typeof fetch } } : {};
  const octokit = getOctokit(t.token, { baseUrl: t.apiUrl, ...request });
  const timeout = t.timeoutMs ?? 30_000;
  const signal = (): { signal: AbortSignal } => ({ signal: AbortSignal.timeout(timeout) });
  const where = { owner: t.owner, repo: t.repo, issue_number: t.issueNumber };
  return {
    async viewerLogin() {
      const res = await octokit.graphql<{ viewer?: { login?: unknown } }>({
        query: 'query { viewer { login } }',
        url: t.graphqlUrl,
        request: signal(),
      });
      const login = res.viewer?.login;
      if (typeof login !== 'string' || login === '') throw new Error('GraphQL viewer has no login');
      return login;
    },
    async *listComments() {
      let pages = 0;
      // paginate.iterator follows the Link header's rel="next" until there is none.
      for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
        ...where,
        per_page: PER_PAGE,
        request: signal(),
      })) {
        yield (page.data as RestComment[]).map(toComment);
        if (++pages >= MAX_PAGES) throw new Error(`more than ${MAX_PAGES} pages of comments`);
      }
    },
    async createComment(body) {
      const res = await octokit.rest.issues.createComment({ ...where, body, request: signal() });
      return { id: res.data.id, url: res.data.html_url };
    },
    async updateComment(id, body) {
      const res = await octokit.rest.issues.updateComment({
        owner: t.owner,
        repo: t.repo,
        comment_id: id,
        body,
        request: signal(),
      });
      return { id: res.data.id, url: res.data.html_url };
    },
  };
}
