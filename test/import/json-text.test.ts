/**
 * parseJson's refusal: where the text stops being JSON, and why, on one line of plain text. The
 * engine's own message quotes the text around the error, line breaks included; that text is the
 * user's file, and the place is said by FILE:LINE:COL.
 */
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/import/json-text.js';

const refusal = (text: string): { offset: number; message: string } => {
  const r = parseJson(text);
  if ('value' in r) throw new Error('parsed');
  return r;
};

describe('parseJson', () => {
  it('gives the value of JSON text', () => {
    expect(parseJson('{"a": [1, 2.5]}')).toEqual({ value: { a: [1, 2.5] } });
  });

  it.each([
    ['{"a": 1,\n "b": }\n', 15, "Unexpected token '}'"],
    ['x' + 'y'.repeat(100) + '\n}', 0, "Unexpected token 'x'"],
    ['{"a": \u0001}', 6, "Unexpected token '\\x01'"],
    ['[1,2', 4, "Expected ',' or ']' after array element"],
    ['"abc', 4, 'Unterminated string'],
    ['[1] x', 4, 'Unexpected non-whitespace character after JSON'],
  ])('%j: offset %d, %j', (text, offset, message) => {
    const r = refusal(text);
    expect(r.message).toBe(message);
    expect(r.offset).toBe(offset);
  });

  it('never carries a line break or the text itself into the message', () => {
    const r = refusal('{"secret": "a\\nb",\n\n "b": }\n');
    expect(r.message).not.toMatch(/[\n\r]|secret/);
  });
});
