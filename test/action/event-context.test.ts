import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContext } from '../../src/action/event-context.js';

const dir = mkdtempSync(join(tmpdir(), 'db-context-'));
function withEvent(name: string, payload: unknown, extra: Record<string, string> = {}) {
  const path = join(dir, `${name}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, typeof payload === 'string' ? payload : JSON.stringify(payload));
  return readContext({ GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'octo/repo', ...extra }, dir);
}

describe('readContext', () => {
  it('takes the pull request number and spots a fork', () => {
    const same = withEvent('pull_request', {
      pull_request: { number: 3, head: { repo: { full_name: 'octo/repo' } }, base: { repo: { full_name: 'octo/repo' } } },
    });
    expect(same).toMatchObject({ prNumber: 3, forkRepo: undefined, owner: 'octo', repo: 'repo' });
    const fork = withEvent('pull_request_target', {
      pull_request: { number: 4, head: { repo: { full_name: 'eve/repo' } }, base: { repo: { full_name: 'octo/repo' } } },
    });
    expect(fork).toMatchObject({ prNumber: 4, forkRepo: 'eve/repo' });
  });

  it('comments on PR conversations only for issue_comment, and reads workflow_run pull requests', () => {
    expect(withEvent('issue_comment', { issue: { number: 5, pull_request: {} } }).prNumber).toBe(5);
    expect(withEvent('issue_comment', { issue: { number: 6 } }).prNumber).toBeUndefined();
    expect(withEvent('workflow_run', { workflow_run: { pull_requests: [{ number: 8 }] } }).prNumber).toBe(8);
    expect(withEvent('workflow_run', { workflow_run: { pull_requests: [] } }).prNumber).toBeUndefined();
    expect(withEvent('push', { ref: 'refs/heads/main' }).prNumber).toBeUndefined();
  });

  it('ignores numbers that are not pull request numbers', () => {
    expect(withEvent('pull_request', { pull_request: { number: '7' } }).prNumber).toBeUndefined();
    expect(withEvent('pull_request', { pull_request: { number: -1 } }).prNumber).toBeUndefined();
  });

  it('builds the run URL and the API URLs', () => {
    const c = withEvent(
      'push',
      {},
      { GITHUB_RUN_ID: '99', GITHUB_SERVER_URL: 'https://ghe.example/', GITHUB_API_URL: 'https://ghe.example/api/v3/' },
    );
    expect(c.runUrl).toBe('https://ghe.example/octo/repo/actions/runs/99');
    expect(c.apiUrl).toBe('https://ghe.example/api/v3');
    expect(c.graphqlUrl).toBe('https://ghe.example/api/graphql');
    const d = withEvent('push', {}, { GITHUB_GRAPHQL_URL: 'https://ghe.example/api/graphql' });
    expect(d.graphqlUrl).toBe('https://ghe.example/api/graphql');
    expect(d.runUrl).toBeUndefined();
    expect(d.apiUrl).toBe('https://api.github.com');
    expect(withEvent('push', {}).graphqlUrl).toBe('https://api.github.com/graphql');
  });

  it('reports an unreadable payload instead of throwing', () => {
    const c = withEvent('pull_request', '{not json');
    expect(c.prNumber).toBeUndefined();
    expect(c.payloadProblem).toMatch(/could not read the event payload/);
  });
});
