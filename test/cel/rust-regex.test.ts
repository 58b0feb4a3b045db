/**
 * Regexes read as Rust's `regex` crate reads them (Tenuo's `Regex::new(p)?.is_match(s)`), run on
 * RE2: Unicode classes translated, syntax the two read differently refused with a reason.
 * Expected outcomes follow regex-syntax's documented semantics (perl classes are Unicode-aware by
 * default; `\b` is a Unicode word boundary).
 */
import { describe, expect, it } from 'vitest';
import { regexMatches, regexOutcome } from '../../src/lib/regex.js';

const m = (p: string, s: string): boolean | string => regexMatches(p, s);

describe('Rust regex semantics on RE2', () => {
  it('\\w, \\d, \\s are Unicode classes, as in Rust', () => {
    expect(m('^\\w+$', 'héllo_wörld')).toBe(true);
    expect(m('^\\w$', '日')).toBe(true);
    expect(m('^\\w$', '\u0301')).toBe(true); // a combining mark (M)
    expect(m('^\\w$', '-')).toBe(false);
    expect(m('^\\d+$', '٣٤')).toBe(true); // Arabic-Indic digits (Nd)
    expect(m('^\\d$', '²')).toBe(false); // superscript two is No, not Nd
    expect(m('^\\s$', '\u00a0')).toBe(true);
    expect(m('^\\s$', '\u2003')).toBe(true);
    expect(m('^\\W$', 'é')).toBe(false);
    expect(m('^\\S$', '\u3000')).toBe(false);
    expect(m('^[\\w-]+$', 'ä-b')).toBe(true);
    expect(m('^[^\\d]$', '٣')).toBe(false);
  });

  it("\\w holds the Other_Alphabetic letters outside M (circled and squared letters), as Rust's", () => {
    expect(m('^\\w$', '\u24d0')).toBe(true); // ⓐ
    expect(m('^\\w$', '\u{1f170}')).toBe(true); // 🅰
    expect(m('^\\W$', '\u24d0')).toBe(false);
    expect(m('^[^\\w]$', '\u24d0')).toBe(false);
    expect(m('^[\\w--\\pL]$', '\u24d0')).toBe(true);
  });

  it('\\p{..} classes and case folding pass through', () => {
    expect(m('^\\p{L}+$', 'Ωmega')).toBe(true);
    expect(m('^\\p{Greek}+$', 'Ωω')).toBe(true);
    expect(m('(?i)^straße$', 'STRAßE')).toBe(true);
  });

  it('matching is an unanchored search', () => {
    expect(m('b', 'abc')).toBe(true);
    expect(m('^b', 'abc')).toBe(false);
  });

  it('\\b is kept on ASCII text and refused on other text', () => {
    expect(m('\\bcat\\b', 'a cat here')).toBe(true);
    expect(m('\\bcat\\b', 'concat')).toBe(false);
    expect(m('\\bcat\\b', 'é cat')).toMatch(/not supported here: \\b or \\B on non-ASCII text/);
    expect(m('\\\\b', 'é\\b')).toBe(true); // an escaped backslash then b is no boundary
  });

  it('refuses what Rust and RE2 read differently', () => {
    for (const p of ['(?x) a', '(?u)a', '\\<a', 'a\\>', '\\b{start}a', '\\u0041', '\\Qa.b\\E', '(a)\\1', 'a{', 'a{,3}', '[a']) {
      expect(m(p, 'a'), p).toMatch(/not supported here|invalid|missing|parse error/);
    }
    expect(m('[[:alpha:]]+', 'ab')).toBe(true); // POSIX classes are the same (ASCII) in both
  });

  it('decides class set operations and nested classes (test/lib/regex-class.test.ts)', () => {
    expect(m('^[a-z&&[^x]]$', 'x')).toBe(false);
    expect(m('^[a-z--x]$', 'y')).toBe(true);
    expect(m('^[a[b]]$', 'b')).toBe(true);
    expect(m('^[\\W]$', '!')).toBe(true);
  });

  // Outcomes of Tenuo's regex (the Rust crate) on these patterns: every name below but the last
  // three is valid there; RE2 spells fewer of them, so those are our limit, never "invalid".
  it('a Unicode class name RE2 does not know is our limit, not an invalid pattern (Rust reads more names)', () => {
    for (const p of [
      '\\p{Alphabetic}',
      '^\\p{Letter}+$',
      '^\\p{greek}+$',
      '^\\p{sc=Greek}+$',
      '^\\pl$',
      '^[\\p{Letter}&&a-z]+$',
      '^\\P{letter}$',
    ]) {
      expect(regexOutcome(p, 'a'), p).toEqual({
        limit: expect.stringMatching(/^regex not supported here: the Unicode class name in \\[pP]\S+, which RE2 does not know/),
      });
    }
    expect(regexOutcome('^[\\p{Greek}&&\\p{Ll}]+$', 'αβ')).toBe(true);
    expect(regexOutcome('^\\pL\\PL$', 'a1')).toBe(true);
  });

  it('a Unicode class name RE2 reads and Rust refuses is invalid, as in Rust (never a match)', () => {
    expect(regexOutcome('^\\p{^Greek}$', 'a')).toBe('regex parse error: Unicode property not found'); // RE2: not Greek
    expect(regexOutcome('^[^\\p{^Greek}]$', 'α')).toBe('regex parse error: Unicode property not found');
    expect(regexOutcome('\\p{Cs}', 'a')).toBe('regex parse error: Unicode property value not found');
    expect(regexOutcome('\\p{Unknown}', 'a')).toBe('regex parse error: Unicode property value not found');
  });
});
