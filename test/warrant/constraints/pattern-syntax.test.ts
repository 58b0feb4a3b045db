/**
 * The glob and URL-pattern checks the scenario loader and the `tenuo.yaml` reader share
 * (src/warrant/constraints/pattern-syntax.ts): the words each refusal uses, and that a pattern they
 * accept is one the matchers compile.
 */
import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../../src/warrant/constraints/glob.js';
import { globProblem, urlPatternProblem } from '../../../src/warrant/constraints/pattern-syntax.js';
import { parseUrlPattern } from '../../../src/warrant/constraints/url-pattern.js';

describe('globProblem', () => {
  it('names what the Rust glob crate refuses, by character', () => {
    expect(globProblem('/data/[ab')).toBe("unclosed '[' at character 7");
    expect(globProblem('/a/***')).toBe("'***' at character 4: wildcards are '*' or '**'");
    expect(globProblem('/a**/b')).toBe("'**' at character 3 must be a whole path component (as in a/**/b)");
  });

  it('accepts what the glob matcher compiles', () => {
    for (const ok of ['/data/*', '/data/**/x.txt', '**', '[]]x', '[!]]', '*.example.com']) {
      expect(globProblem(ok)).toBeUndefined();
      expect(typeof compileGlob(ok)).toBe('object');
    }
  });
});

describe('urlPatternProblem', () => {
  it('names a missing scheme or host, a bare * host, a bad scheme', () => {
    expect(urlPatternProblem('example.com/x')).toBe("missing scheme (expected 'scheme://host[:port][/path]')");
    expect(urlPatternProblem('https:///x')).toBe('missing host');
    expect(urlPatternProblem('https://*/x')).toBe("a bare '*' host is not allowed (name the domains, or use url_safe)");
    expect(urlPatternProblem('1ttp://x.com/')).toBe("invalid scheme '1ttp'");
    expect(urlPatternProblem('https://exa mple.com/')).toBe('not a valid URL');
  });

  it('accepts what the URL-pattern parser parses', () => {
    for (const ok of ['https://api.example.com/v1/*', '*://*.example.com/', 'http://x.com:8080']) {
      expect(urlPatternProblem(ok)).toBeUndefined();
      expect(typeof parseUrlPattern(ok)).toBe('object');
    }
  });
});
