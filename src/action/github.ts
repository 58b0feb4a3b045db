/**
 * The REST (and one GraphQL) calls behind the sticky comment. Without a proxy: the lean client
 * over node:http (github-rest.ts). Behind HTTP(S)_PROXY: @actions/github's Octokit with the
 * toolkit's proxy-aware fetch, loaded with a dynamic import only then, since loading it costs
 * about as much as Node's own start.
 */
import type { CommentApi } from './comment.js';
import { createRestCommentApi, MAX_PAGES, PER_PAGE, toComment, type RestComment } from './github-rest.js';
import { proxyConfigured } from './http.js';

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

export async function createCommentApi(t: GitHubTarget): Promise<CommentApi> {
  return proxyConfigured(t.env ?? process.env) ? createOctokitCommentApi(t) : createRestCommentApi(t);
}

async function createOctokitCommentApi(t: GitHubTarget): Promise<CommentApi> {
  const { getOctokit } = await import('@actions/github');
  // baseUrl from the runner's GITHUB_API_URL (GHES, or the test's local server).
  const octokit = getOctokit(t.token, { baseUrl: t.apiUrl });
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
