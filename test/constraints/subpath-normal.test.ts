/**
 * normalizePath gives an already normal path back as is (its fast path): the same answer as the
 * full split-and-join on every path, tricky and random, separators of both kinds included.
 */
import { describe, expect, it } from 'vitest';
import { normalizePath } from '../../src/warrant/constraints/subpath.js';

/** normalizePath's full algorithm, as it runs when the fast path does not apply. */
function slow(path: string): string {
  let prefix: string;
  let rest: string;
  if (path.startsWith('/')) {
    prefix = '/';
    rest = path.slice(1);
  } else if (path.length >= 2 && path[1] === ':') {
    const sep = path.length > 2 && (path[2] === '\\' || path[2] === '/') ? 3 : 2;
    prefix = path.slice(0, sep);
    rest = path.slice(sep);
  } else {
    prefix = '';
    rest = path;
  }
  const parts: string[] = [];
  for (const part of rest.split(/[\\/]/)) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  let out = prefix;
  parts.forEach((part, i) => {
    if ((i > 0 || prefix !== '') && !out.endsWith('/') && !out.endsWith('\\')) out += '/';
    out += part;
  });
  return out;
}

describe('normalizePath', () => {
  it('agrees with the full algorithm on tricky paths', () => {
    const tricky = ['', '/', '//', '/.', '/..', '/a', '/a/', '/a/b', '/a\\b', '\\a', 'C:\\a', 'C:/a/../b', '/a/./b', '/a/../b', '/...', '/a/..b', '/a.'];
    for (const p of tricky) expect(normalizePath(p), JSON.stringify(p)).toBe(slow(p));
  });

  it('agrees with the full algorithm on random paths over / \\ . a :', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 20000; i++) {
      const p = Array.from({ length: next() % 10 }, () => '/\\.a:'[next() % 5]).join('');
      expect(normalizePath(p), JSON.stringify(p)).toBe(slow(p));
    }
  });
});
