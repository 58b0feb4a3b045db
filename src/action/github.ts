/**
 * The GitHub calls behind the sticky comment, through @actions/github's Octokit: the runner's
 * proxy settings (HTTPS_PROXY, NO_PROXY), GHES through GITHUB_API_URL / GITHUB_GRAPHQL_URL, and
 * Link-header pagination come with it. Loaded by a dynamic import when a comment is really
 * posted, so that a push run never loads it.
 */
import { getOctokit } from '@actions/github';
import type { CommentApi, IssueComment } from './comment.js';

export interface GitHubTarget {
  token: string;
  apiUrl: string;
  graphqlUrl: string;
  owner: string;
  repo: string;
  issueNumber: number;
  /** Per request; a hung API must not hold the job until its timeout. */
  timeoutMs?: number;
}

export const PER_PAGE = 100;
/** 30,000 comments: a bound against a server that never ends its Link chain. */
export const MAX_PAGES = 300;

interface RestComment {
  id: number;
  body?: string | null | undefined;
  html_url: string;
  user?: { login?: string } | null | undefined;
}

function toComment(c: RestComment): IssueComment {
  return { id: c.id, body: c.body ?? '', login: c.user?.login ?? '', url: c.html_url };
}

export function createCommentApi(target: GitHubTarget): CommentApi {
  // baseUrl: the runner's GITHUB_API_URL (GHES, or a test's local server). The proxy is chosen by
  // @actions/github for that same URL.
  const octokit = getOctokit(target.token, { baseUrl: target.apiUrl, userAgent: 'delegation-bench' });
  const timeout = target.timeoutMs ?? 30_000;
  const request = (): { signal: AbortSignal } => ({ signal: AbortSignal.timeout(timeout) });
  const issue = { owner: target.owner, repo: target.repo, issue_number: target.issueNumber };
  return {
    async viewerLogin() {
      const res = await octokit.graphql<{ viewer?: { login?: unknown } }>({
        query: 'query { viewer { login } }',
        url: target.graphqlUrl,
        request: request(),
      });
      const login = res.viewer?.login;
      if (typeof login !== 'string' || login === '') throw new Error('GraphQL viewer has no login');
      return login;
    },
    async *listComments() {
      let pages = 0;
      // Follows the Link header's rel="next" until there is none.
      for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
        ...issue,
        per_page: PER_PAGE,
        request: request(),
      })) {
        yield page.data.map(toComment);
        if (++pages >= MAX_PAGES) throw new Error(`more than ${MAX_PAGES} pages of comments`);
      }
    },
    async createComment(body) {
      const res = await octokit.rest.issues.createComment({ ...issue, body, request: request() });
      return { id: res.data.id, url: res.data.html_url };
    },
    async updateComment(id, body) {
      const res = await octokit.rest.issues.updateComment({
        owner: target.owner,
        repo: target.repo,
        comment_id: id,
        body,
        request: request(),
      });
      return { id: res.data.id, url: res.data.html_url };
    },
  };
}
