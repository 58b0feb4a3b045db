import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFetch, proxyConfigured } from '../../src/action/http.js';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/empty') {
        res.writeHead(204);
        res.end();
        return;
      }
      res.writeHead(req.url === '/denied' ? 403 : 200, {
        'content-type': 'application/json',
        link: '<http://x/?page=2>; rel="next"',
      });
      res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization, body, len: req.headers['content-length'] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('nodeFetch', () => {
  it('sends method, headers and body; returns status, headers, url and JSON', async () => {
    const res = await nodeFetch(`${base}/x`, { method: 'PATCH', headers: { authorization: 'token t' }, body: '{"a":"é"}' });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${base}/x`);
    expect(res.headers.get('link')).toBe('<http://x/?page=2>; rel="next"');
    expect(res.headers.get('Content-Type')).toBe('application/json');
    expect([...res.headers].map(([k]) => k)).toContain('content-type');
    expect(await res.json()).toEqual({ method: 'PATCH', auth: 'token t', body: '{"a":"é"}', len: '10' });
  });

  it('passes error statuses through and gives 204 a null body', async () => {
    expect((await nodeFetch(`${base}/denied`)).status).toBe(403);
    const empty = await nodeFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('rejects on a refused connection and on an aborted signal', async () => {
    await expect(nodeFetch('http://127.0.0.1:9/')).rejects.toThrow();
    await expect(nodeFetch(`${base}/x`, { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('is used only without a proxy', () => {
    expect(proxyConfigured({})).toBe(false);
    expect(proxyConfigured({ HTTPS_PROXY: 'http://proxy:3128' })).toBe(true);
    expect(proxyConfigured({ http_proxy: 'http://proxy:3128' })).toBe(true);
  });
});
