/**
 * String literals as the crate's `parse_string` reads them (cel-parser 0.10.1, antlr/src/parse.rs):
 * a quote of the other kind is text; inside double quotes `\'` keeps its backslash, inside single
 * quotes `\"` does; raw strings keep every backslash but those before the open quote's own kind.
 */
import { describe, expect, it } from 'vitest';
import { parseString } from '../../src/cel/lexer.js';

const fail = (why: string): never => {
  throw new Error(why);
};

describe('parseString', () => {
  it.each([
    [`"it's"`, `it's`],
    [`'say "hi"'`, `say "hi"`],
    [`"a\\'b"`, `a\\'b`],
    [`'a\\'b'`, `a'b`],
    [`'a\\"b'`, `a\\"b`],
    [`"a\\"b"`, `a"b`],
    [`"a\\nb"`, 'a\nb'],
    [`r"it's"`, `it's`],
    [`r'say "hi"'`, `say "hi"`],
    [`r'a\\"b'`, `a\\"b`],
    [`r"a\\'b"`, `a\\'b`],
    [`r"a\\"b"`, `a"b`],
    [`r"a\\nb"`, `a\\nb`],
  ])('%s reads as %s', (literal, value) => {
    expect(parseString(literal, fail)).toBe(value);
  });

  it('refuses an unclosed quote and an unknown escape', () => {
    expect(() => parseString(`"abc`, fail)).toThrow('MissingClosingQuote');
    expect(() => parseString(`"a\\qb"`, fail)).toThrow('InvalidEscape');
  });
});
