/**
 * resolvePath returns a canonical path as given and normalizes every other: the same answer as the
 * loader's normalizePosixPath on every path, tricky and random.
 */
import { describe, expect, it } from 'vitest';
import { resolvePath } from '../../src/world/fs.js';
import { normalizePosixPath } from '../../src/world/posix-path.js';

const TRICKY = [
  '',
  '/',
  '//',
  '/.',
  '/..',
  '/./',
  '/../',
  'a',
  'a/b',
  '/a',
  '/a/',
  '/a//b',
  '/a/./b',
  '/a/../b',
  '/a/b/..',
  '/a/b/.',
  '/...',
  '/a/...',
  '/a/.../b',
  '/.a',
  '/a.',
  '/..a',
  '/a..',
  '/a/.b/..c',
  '\\a',
  '/a\\..\\b',
  '/ /',
  '/a/ ',
];

describe('resolvePath', () => {
  it('agrees with normalizePosixPath on tricky paths', () => {
    for (const p of TRICKY) expect(resolvePath(p), JSON.stringify(p)).toBe(normalizePosixPath(p));
  });

  it('agrees with normalizePosixPath on random paths over / . a', () => {
    let seed = 1;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 20000; i++) {
      const p = Array.from({ length: next() % 9 }, () => '/.a'[next() % 3]).join('');
      expect(resolvePath(p), JSON.stringify(p)).toBe(normalizePosixPath(p));
    }
  });
});
