import { describe, expect, it } from 'vitest';
import { RequestError } from '@octokit/request-error';
import {
  describeCommentError,
  isOwnSticky,
  sameAuthor,
  upsertStickyComment,
  type CommentApi,
  type IssueComment,
} from '../../src/action/comment.js';

const MARKER = '<!-- delegation-bench:delegation-bench -->';

class MemoryApi implements CommentApi {
  writes: string[] = [];
  nextId = 1000;
  constructor(
    public comments: IssueComment[],
    private viewer: string | Error = 'github-actions',
    private pageSize = 30,
  ) {}
  async viewerLogin(): Promise<string> {
    if (this.viewer instanceof Error) throw this.viewer;
    return this.viewer;
  }
  async *listComments(): AsyncIterable<readonly IssueComment[]> {
    for (let i = 0; i < this.comments.length; i += this.pageSize) yield this.comments.slice(i, i + this.pageSize);
  }
  async createComment(body: string) {
    const c = { id: this.nextId++, body, login: 'github-actions[bot]', url: `u/${this.nextId}` };
    this.comments.push(c);
    this.writes.push(`create ${c.id}`);
    return { id: c.id, url: c.url };
  }
  async updateComment(id: number, body: string) {
    const c = this.comments.find((x) => x.id === id)!;
    c.body = body;
    this.writes.push(`update ${id}`);
    return { id, url: c.url };
  }
}

const others = (n: number): IssueComment[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, body: `comment ${i}`, login: `user${i}`, url: `u/${i + 1}` }));

describe('upsertStickyComment', () => {
  it('creates one comment when none exists, then updates it, then leaves it alone', async () => {
    const api = new MemoryApi(others(3));
    expect((await upsertStickyComment(api, MARKER, `${MARKER}\nv1`)).action).toBe('created');
    expect((await upsertStickyComment(api, MARKER, `${MARKER}\nv2`)).action).toBe('updated');
    expect((await upsertStickyComment(api, MARKER, `${MARKER}\nv2`)).action).toBe('unchanged');
    expect(api.writes).toEqual(['create 1000', 'update 1000']);
  });

  it('finds its comment on a later page', async () => {
    const api = new MemoryApi([...others(40), { id: 77, body: `${MARKER}\nold`, login: 'github-actions[bot]', url: 'u/77' }]);
    const out = await upsertStickyComment(api, MARKER, `${MARKER}\nnew`);
    expect(out).toMatchObject({ action: 'updated', id: 77 });
  });

  it("never touches another author's comment, even with our marker", async () => {
    const api = new MemoryApi([{ id: 5, body: `${MARKER}\nforged`, login: 'mallory', url: 'u/5' }]);
    const out = await upsertStickyComment(api, MARKER, `${MARKER}\nreal`);
    expect(out.action).toBe('created');
    expect(api.comments[0]?.body).toBe(`${MARKER}\nforged`);
  });

  it('does not take a comment that only quotes the marker, or another name', async () => {
    const api = new MemoryApi([
      { id: 5, body: `see ${MARKER}`, login: 'github-actions[bot]', url: 'u/5' },
      { id: 6, body: '<!-- delegation-bench:other -->\nx', login: 'github-actions[bot]', url: 'u/6' },
    ]);
    expect((await upsertStickyComment(api, MARKER, `${MARKER}\nx`)).action).toBe('created');
  });

  it('falls back to github-actions[bot] when the viewer cannot be read', async () => {
    const api = new MemoryApi([{ id: 9, body: `${MARKER}\nold`, login: 'github-actions[bot]', url: 'u/9' }], new Error('403'));
    expect(await upsertStickyComment(api, MARKER, `${MARKER}\nnew`)).toMatchObject({
      action: 'updated',
      id: 9,
      authorFallback: 'github-actions[bot]',
    });
  });

  it('uses the token identity (a PAT user)', async () => {
    const api = new MemoryApi(
      [
        { id: 1, body: `${MARKER}\nbot`, login: 'github-actions[bot]', url: 'u/1' },
        { id: 2, body: `${MARKER}\nmine`, login: 'Ci-User', url: 'u/2' },
      ],
      'ci-user',
    );
    expect(await upsertStickyComment(api, MARKER, `${MARKER}\nnew`)).toMatchObject({ action: 'updated', id: 2 });
  });
});

describe('authors and markers', () => {
  it('matches GraphQL bot logins to REST ones', () => {
    expect(sameAuthor('github-actions', 'github-actions[bot]')).toBe(true);
    expect(sameAuthor('GitHub-Actions[bot]', 'github-actions')).toBe(true);
    expect(sameAuthor('github-actions-x', 'github-actions')).toBe(false);
  });
  it('requires the marker at the start', () => {
    expect(isOwnSticky({ id: 1, body: `\n${MARKER}\n`, login: 'a', url: '' }, MARKER, 'a')).toBe(true);
    expect(isOwnSticky({ id: 1, body: `> ${MARKER}`, login: 'a', url: '' }, MARKER, 'a')).toBe(false);
  });
});

describe('describeCommentError', () => {
  const err = (status: number, message: string) => Object.assign(new Error(message), { status });
  it('names the permission and forks on 403/404', () => {
    for (const status of [403, 404]) {
      const m = describeCommentError(err(status, 'Resource not accessible by integration'), { prNumber: 7 });
      expect(m).toContain(`HTTP ${status}`);
      expect(m).toContain('pull-requests: write');
      expect(m).toContain('forks');
    }
    expect(describeCommentError(err(403, 'x'), { prNumber: 7, forkRepo: 'eve/repo' })).toContain('the fork eve/repo');
  });
  it('tells a rate limit apart from a missing permission', () => {
    const m = describeCommentError(err(403, 'API rate limit exceeded for installation'), { prNumber: 7 });
    expect(m).toContain('rate limit is exhausted');
    expect(m).not.toContain('pull-requests: write');
  });
  it('reports other statuses and network errors plainly', () => {
    expect(describeCommentError(err(500, 'Server Error'), { prNumber: 7 })).toContain('HTTP 500 (Server Error)');
    expect(describeCommentError(new Error('ECONNRESET'), { prNumber: 7 })).toContain('ECONNRESET');
  });
  it("does not take Octokit's status 500 of a request that got no answer for an HTTP 500", () => {
    const request = { method: 'GET' as const, url: 'http://127.0.0.1:9/repos/o/r/issues/7/comments', headers: {} };
    const refused = new RequestError('connect ECONNREFUSED 127.0.0.1:9', 500, { request });
    const m = describeCommentError(refused, { prNumber: 7 });
    expect(m).toContain('connect ECONNREFUSED 127.0.0.1:9');
    expect(m).not.toContain('HTTP');
    const answered = new RequestError('Bad Gateway', 502, { request, response: { status: 502, url: request.url, headers: {}, data: {} } });
    expect(describeCommentError(answered, { prNumber: 7 })).toContain('HTTP 502 (Bad Gateway)');
  });
});
