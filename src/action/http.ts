/**
 * A minimal `fetch` over node:http(s) for the few small JSON requests of the sticky comment.
 *
 * Why: the fetch bundled in @actions/github (undici) compiles its HTTP parser to WebAssembly on
 * first use and keeps sockets alive; on a runner that costs more than the whole benchmark run
 * (measured: ~0.3 s to first byte plus ~0.2 s held at exit, against ~0.08 s for node:http).
 * Octokit takes any fetch-compatible function, so this one is handed to it. It is used only when
 * no proxy is configured: behind HTTP(S)_PROXY the toolkit's proxy-aware fetch is kept.
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

export async function nodeFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') throw new TypeError(`unsupported protocol ${url.protocol}`);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((v, k) => {
    headers[k] = v;
  });
  let body: Buffer | undefined;
  if (init.body !== undefined && init.body !== null) {
    if (typeof init.body === 'string') body = Buffer.from(init.body, 'utf8');
    else if (init.body instanceof ArrayBuffer || ArrayBuffer.isView(init.body)) body = Buffer.from(init.body as ArrayBuffer);
    else throw new TypeError('nodeFetch sends string or binary bodies only');
    headers['content-length'] = String(body.length);
  }
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
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
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (v === undefined) continue;
            for (const one of Array.isArray(v) ? v : [v]) out.append(k, one);
          }
          const status = res.statusCode ?? 0;
          const response = new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
            status,
            statusText: res.statusMessage ?? '',
            headers: out,
          });
          // Octokit reads response.url for messages; a constructed Response has none.
          Object.defineProperty(response, 'url', { value: url.href });
          resolve(response);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
