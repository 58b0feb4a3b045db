/**
 * normalizePath gives an already normal path back as is (its fast path): the same answer as the
 * full split-and-join on every path, tricky and random, separators of both kinds included.
 */
import { describe, expect, it } from 'vitest';
import { normalizePath, splitAndJoin as slow } from '../../../src/warrant/constraints/subpath.js';

describe('normalizePath', () => {
  it('agrees with the full algorithm on tricky paths', () => {
    const tricky = [
      '',
      '/',
      '//',
      '/.',
      '/..',
      '/a',
      '/a/',
      '/a/b',
      '/a\\b',
      '\\a',
      'C:\\a',
      'C:/a/../b',
      '/a/./b',
      '/a/../b',
      '/...',
      '/a/..b',
      '/a.',
    ];
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
