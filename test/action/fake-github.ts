/**
 * A small in-process HTTP server on 127.0.0.1 that plays the GitHub endpoints the action calls:
 * list issue comments (with `Link` pagination), create, update, and GraphQL `viewer { login }`.
 * Failures are injectable per route. The action under test is a child process and reaches it
 * over loopback through GITHUB_API_URL / GITHUB_GRAPHQL_URL. As GHES (`ghes`), it serves REST
 * under /api/v3 and GraphQL at /api/graphql only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeComment {
  id: number;
  body: string;
  login: string;
}

export interface LoggedRequest {
  method: string;
  /** The API path (without GHES's /api/v3 prefix). */
  path: string;
  /** The path as requested. */
  rawPath: string;
  query: Record<string, string>;
  body: unknown;
  auth: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

export type Route = 'graphql' | 'list' | 'create' | 'update';

export interface Failure {
  route: Route;
  status: number;
  message?: string;
  /** How many times to fail; default: always. */
  times?: number;
}

/** GitHub's own limit on a comment body. */
const MAX_BODY = 65_536;
const BOT = 'github-actions[bot]';

export class FakeGitHub {
  readonly requests: LoggedRequest[] = [];
  /** Comments by issue number, oldest first. */
  readonly comments = new Map<number, FakeComment[]>();
  failures: Failure[] = [];
  /** GraphQL's name for the token (bots have no "[bot]" suffix there). */
  viewer = 'github-actions';
  /** Author of comments the token creates (REST form). */
  author = BOT;
  /** GitHub caps per_page at 100; tests lower it to put comments on later pages. */
  maxPerPage = 100;
  private nextId = 5000;
  private server: Server | undefined;
  url = '';

  constructor(private readonly ghes = false) {}

  /** GITHUB_API_URL for this server. */
  get apiUrl(): string {
    return this.ghes ? `${this.url}/api/v3` : this.url;
  }

  /** GITHUB_GRAPHQL_URL for this server. */
  get graphqlUrl(): string {
    return this.ghes ? `${this.url}/api/graphql` : `${this.url}/graphql`;
  }

  /** The listening port. */
  get port(): number {
    return Number(new URL(this.url).port);
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((e: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: String(e) }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  seed(issue: number, comments: Omit<FakeComment, 'id'>[]): FakeComment[] {
    const list = this.comments.get(issue) ?? [];
    const added = comments.map((c) => ({ ...c, id: this.nextId++ }));
    list.push(...added);
    this.comments.set(issue, list);
    return added;
  }

  /** Requests other than GraphQL, as "METHOD path" lines. */
  restCalls(): string[] {
    return this.requests.filter((r) => r.path !== '/graphql').map((r) => `${r.method} ${r.path}`);
  }

  private fail(route: Route): Failure | undefined {
    const f = this.failures.find((x) => x.route === route && (x.times === undefined || x.times > 0));
    if (f && f.times !== undefined) f.times--;
    return f;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    const path = this.apiPath(url.pathname);
    this.requests.push({
      method: req.method ?? '',
      path: path ?? url.pathname,
      rawPath: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      auth: req.headers.authorization,
      headers: req.headers,
    });
    const send = (status: number, data: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(data));
    };
    const failWith = (f: Failure): void =>
      send(f.status, { message: f.message ?? `injected ${f.status}`, documentation_url: 'https://docs.github.com/rest' });

    if (path === undefined) return send(404, { message: `Not Found: ${req.method} ${url.pathname}` });

    if (req.method === 'POST' && path === '/graphql') {
      const f = this.fail('graphql');
      if (f) return failWith(f);
      return send(200, { data: { viewer: { login: this.viewer } } });
    }

    let m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(path);
    if (m) {
      const issue = Number(m[3]);
      const list = this.comments.get(issue) ?? [];
      if (req.method === 'GET') {
        const f = this.fail('list');
        if (f) return failWith(f);
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), this.maxPerPage);
        const page = Number(url.searchParams.get('page') ?? 1);
        const last = Math.max(1, Math.ceil(list.length / perPage));
        const slice = list.slice((page - 1) * perPage, page * perPage);
        const link = (p: number, rel: string): string => {
          const u = new URL(url.pathname, this.url);
          u.searchParams.set('per_page', String(perPage));
          u.searchParams.set('page', String(p));
          return `<${u.href}>; rel="${rel}"`;
        };
        const links: string[] = [];
        if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
        if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
        return send(
          200,
          slice.map((c) => this.rest(m![1]!, m![2]!, issue, c)),
          links.length ? { link: links.join(', ') } : {},
        );
      }
      if (req.method === 'POST') {
        const f = this.fail('create');
        if (f) return failWith(f);
        const text = String((body as { body?: unknown })?.body ?? '');
        if (text.length > MAX_BODY)
          return send(422, { message: 'Validation Failed', errors: [{ message: 'Body is too long (maximum is 65536 characters)' }] });
        const c = { id: this.nextId++, body: text, login: this.author };
        list.push(c);
        this.comments.set(issue, list);
        return send(201, this.rest(m[1]!, m[2]!, issue, c));
      }
    }

    m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(path);
    if (m && req.method === 'PATCH') {
      const f = this.fail('update');
      if (f) return failWith(f);
      const id = Number(m[3]);
      for (const [issue, list] of this.comments) {
        const c = list.find((x) => x.id === id);
        if (!c) continue;
        const text = String((body as { body?: unknown })?.body ?? '');
        if (text.length > MAX_BODY) return send(422, { message: 'Validation Failed', errors: [{ message: 'Body is too long' }] });
        c.body = text;
        return send(200, this.rest(m[1]!, m[2]!, issue, c));
      }
      return send(404, { message: 'Not Found' });
    }
    send(404, { message: `Not Found: ${req.method} ${url.pathname}` });
  }

  /** The API path a request names; undefined when it is outside the API (GHES: outside /api). */
  private apiPath(pathname: string): string | undefined {
    if (!this.ghes) return pathname;
    if (pathname === '/api/graphql') return '/graphql';
    return pathname.startsWith('/api/v3/') ? pathname.slice('/api/v3'.length) : undefined;
  }

  private rest(owner: string, repo: string, issue: number, c: FakeComment): Record<string, unknown> {
    return {
      id: c.id,
      body: c.body,
      user: { login: c.login, type: c.login.endsWith('[bot]') ? 'Bot' : 'User' },
      html_url: `https://github.com/${owner}/${repo}/pull/${issue}#issuecomment-${c.id}`,
    };
  }
}
