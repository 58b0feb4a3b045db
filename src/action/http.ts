/**
 * A minimal `fetch` over node:http(s) for the few small JSON requests of the sticky comment.
 *
 * Why: the fetch bundled in @actions/github (undici) compiles its HTTP parser to WebAssembly on
 * first use and keeps sockets alive; on a runner that costs more than the whole benchmark run
 * (measured: ~0.3 s to first byte plus ~0.2 s held at exit, against ~0.08 s for node:http).
 * It implements the part of a fetch Response that the comment client (github-rest.ts) reads,
 * without loading Node's own fetch (undici) either. It is used only when no proxy is configured:
 * behind HTTP(S)_PROXY the toolkit's proxy-aware Octokit is used instead (github.ts).
 */
import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';

const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
const NULL_BODY = new Set([101, 204, 205, 304]);

export function proxyConfigured(env: NodeJS.ProcessEnv): boolean {
  return ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((k) => (env[k] ?? '') !== '');
}

// One short-lived connection per request: nothing is left open to hold the process at exit.
const agents = { http: new HttpAgent({ keepAlive: false }), https: new HttpsAgent({ keepAlive: false }) };

/** Response headers as fetch exposes them: lower-case names, iterable, `get` joins repeats. */
class LeanHeaders {
  private readonly map = new Map<string, string>();
  constructor(raw: Record<string, string | string[] | undefined>) {
    for (const [k, v] of Object.entries(raw)) {
      if (v !== undefined) this.map.set(k.toLowerCase(), Array.isArray(v) ? v.join(', ') : v);
    }
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  forEach(fn: (value: string, key: string) => void): void {
    this.map.forEach((v, k) => fn(v, k));
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }
}

/**
 * The part of a fetch Response the comment client reads (status, statusText, url, headers, text,
 * arrayBuffer, json). A plain object: constructing a real Response would load Node's own undici.
 */
export interface LeanResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly headers: LeanHeaders;
  readonly body: null;
  text(): Promise<string>;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

function leanResponse(status: number, statusText: string, url: string, headers: LeanHeaders, data: Buffer): LeanResponse {
  const bytes = NULL_BODY.has(status) ? Buffer.alloc(0) : data;
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    url,
    headers,
    body: null,
    text: async () => bytes.toString('utf8'),
    json: async () => JSON.parse(bytes.toString('utf8')) as unknown,
    arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  };
}

export interface LeanRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | null;
  signal?: AbortSignal | null;
}

export async function nodeFetch(input: string | URL, init: LeanRequestInit = {}): Promise<LeanResponse> {
  const url = new URL(input);
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') throw new TypeError(`unsupported protocol ${url.protocol}`);
  const headers: Record<string, string> = { ...init.headers };
  let body: Buffer | undefined;
  if (init.body !== undefined && init.body !== null) {
    if (typeof init.body === 'string') body = Buffer.from(init.body, 'utf8');
    else if (init.body instanceof Uint8Array) body = Buffer.from(init.body);
    else throw new TypeError('nodeFetch sends string or binary bodies only');
    headers['content-length'] = String(body.length);
  }
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<LeanResponse>((resolve, reject) => {
    const req = send(
      url,
      { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http, signal: init.signal ?? undefined },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_RESPONSE_BYTES) {
            req.destroy(new Error(`response over ${MAX_RESPONSE_BYTES} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on('error', reject);
        res.on('end', () => {
          resolve(
            leanResponse(res.statusCode ?? 0, res.statusMessage ?? '', url.href, new LeanHeaders(res.headers), Buffer.concat(chunks)),
          );
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
