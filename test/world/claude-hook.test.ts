/**
 * What Tenuo's Claude Code hook signs for a governed call (src/world/claude-hook.ts): WebFetch's
 * `host` as Python's `urllib.parse.urlsplit(url).hostname` gives it, and paths under a `subpath:`
 * spec resolved as `os.path.realpath(os.path.abspath(v))`. The hostname vectors were produced by
 * CPython 3.11.7 (`urlsplit(u).hostname or ""`, `""` where it raises ValueError).
 */
import { describe, expect, it } from 'vitest';
import { authorizedArgs, authorizedParams, pythonHostname } from '../../src/world/claude-hook.js';
import type { CustomTool } from '../../src/model/scenario.js';

const PYTHON_HOSTNAME: readonly (readonly [string, string])[] = [
  ['https://example.com/x', 'example.com'],
  ['HTTPS://Example.COM:8443/x', 'example.com'],
  ['https://example.com:99999/', 'example.com'],
  ['https://[::1]:80/', '::1'],
  ['http://[fe80::1%25eth0]/', 'fe80::1%25eth0'],
  ['http://[FE80::1%25ETH0]/', 'fe80::1%25ETH0'],
  ['https://example.com./', 'example.com.'],
  ['example.com/path', ''],
  ['https:/example.com', ''],
  ['', ''],
  ['https://[bad/', ''],
  ['https://bad]/', ''],
  ['https://user:pw@good.com@evil.com/', 'evil.com'],
  ['https://evil.com\\@good.com/', 'good.com'],
  ['  https://a.b', 'a.b'],
  ['\u0000\u001fhttps://a.b', 'a.b'],
  ['https://exa\tmple.com', 'example.com'],
  ['https://exa\nmple.com', 'example.com'],
  ['http://\u2100.com/', ''],
  ['http://\uff41\uff42\uff43.com/', '\uff41\uff42\uff43.com'],
  ['//host/x', 'host'],
  ['1ttp://x/', ''],
  ['h:ttp://x', ''],
  ['http://[v1.abc]/', 'v1.abc'],
  ['http://[v1]/', ''],
  ['http://[1.2.3.4]/', ''],
  ['http://[::1%]/', ''],
  ['http://b\u00fccher.de/', 'b\u00fccher.de'],
  ['http://xn--bcher-kva.de/', 'xn--bcher-kva.de'],
  ['http://%65xample.com/', '%65xample.com'],
  ['http://0x7f.1/', '0x7f.1'],
  ['http://169.254.169.254/latest', '169.254.169.254'],
  ['http://10.1.2.3:8080/s', '10.1.2.3'],
  ['http://[::ffff:10.0.0.1]/', '::ffff:10.0.0.1'],
  ['mailto:a@b.c', ''],
  ['file:///etc/passwd', ''],
  ['http://a.com?x=@b.com', 'a.com'],
  ['http://a.com#@b.com', 'a.com'],
  ['http://:80/', ''],
  ['http://@/x', ''],
];

describe("the host tenuo-claude's hook signs for WebFetch", () => {
  it.each(PYTHON_HOSTNAME)('urlsplit(%j).hostname or "" is %j', (url, host) => {
    expect(pythonHostname(url)).toBe(host);
  });
});

describe('a governed call as the hook signs it', () => {
  const read: CustomTool = {
    params: ['file_path', 'offset', 'limit'],
    returns: '',
    hook: { cwd: '/workspace', resolve: [{ param: 'file_path', emptyIsCwd: true }] },
  };
  const mcp: CustomTool = { params: ['path'], returns: '', hook: { cwd: '/workspace', resolve: [{ param: 'path', emptyIsCwd: false }] } };
  const web: CustomTool = { params: ['url', 'prompt'], returns: '', hook: { cwd: '/workspace', host: { from: 'url' } } };

  it('resolves a governed path against the working directory, as realpath(abspath(v))', () => {
    expect(authorizedArgs(read, { file_path: 'notes/a.txt', offset: 0, limit: 10 })).toEqual({
      file_path: '/workspace/notes/a.txt',
      offset: 0,
      limit: 10,
    });
    expect(authorizedArgs(read, { file_path: '../../etc/passwd', offset: 0, limit: 10 }).file_path).toBe('/etc/passwd');
    expect(authorizedArgs(read, { file_path: '//srv/./x/../y', offset: 0, limit: 10 }).file_path).toBe('/srv/y');
  });

  it("signs a native tool's empty or non-text path as the working directory, an MCP tool's as it is", () => {
    expect(authorizedArgs(read, { file_path: '', offset: 0, limit: 1 }).file_path).toBe('/workspace');
    expect(authorizedArgs(read, { file_path: 7, offset: 0, limit: 1 }).file_path).toBe('/workspace');
    expect(authorizedArgs(mcp, { path: '' }).path).toBe('');
    expect(authorizedArgs(mcp, { path: null }).path).toBe(null);
    expect(authorizedArgs(mcp, { path: 'x' }).path).toBe('/workspace/x');
  });

  it('leaves a path with a NUL byte as it is (Python raises; the hook denies, and so does every path constraint)', () => {
    expect(authorizedArgs(read, { file_path: 'a\u0000b', offset: 0, limit: 1 }).file_path).toBe('a\u0000b');
  });

  it('adds the host for WebFetch, and signs a URL that is not text as ""', () => {
    expect(authorizedArgs(web, { url: 'HTTPS://Docs.Example.com/a', prompt: 'p' })).toEqual({
      url: 'HTTPS://Docs.Example.com/a',
      prompt: 'p',
      host: 'docs.example.com',
    });
    expect(authorizedArgs(web, { url: 5, prompt: 'p' })).toEqual({ url: '', prompt: 'p', host: '' });
    expect(authorizedParams(web)).toEqual(['url', 'prompt', 'host']);
    expect(authorizedParams(read)).toEqual(['file_path', 'offset', 'limit']);
  });

  it('returns the arguments unchanged for a tool without a view', () => {
    const args = { path: 'relative' };
    expect(authorizedArgs({ params: ['path'], returns: '' }, args)).toBe(args);
    expect(authorizedArgs(undefined, args)).toBe(args);
  });
});
