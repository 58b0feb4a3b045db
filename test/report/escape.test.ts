/** Code spans copy exactly: checked by parsing the markdown as GitHub's GFM does. */
import { describe, expect, it } from 'vitest';
import { cellCodeBody, cellCodeSpan, codeBody, codeSpan } from '../../src/report/escape.js';
import { codeSpans, tableCodeSpans } from '../helpers/markdown-ast.js';

// Each a way a naive span goes wrong: backtick runs, backticks or spaces at the ends, pipes (a table
// splits at them), backslashes before pipes, HTML and comment openers, markdown syntax.
const TRICKY = [
  'plain',
  'a | b',
  'a || b | c',
  'x`y',
  'a``b`c',
  '`start',
  'end`',
  '`',
  '```',
  ' padded ',
  ' left',
  'right ',
  '   ',
  'a\\|b',
  'a\\\\|b',
  'a\\\\\\|b',
  'trailing\\',
  '<!-- delegation-bench:other -->',
  '</details>',
  '**bold** _em_ [link](http://x) @octocat #12',
  '/monitoring/bxq\\ebm/../../secrets/api-keys.json',
  `{cel: "value.all(r, r.matches('^[^\\\\s,;:<>()\\"]+@[^\\\\s,;:<>()\\"]+$'))"}`,
  'tab\there',
];

// What a code span cannot hold: shown as the value's JSON string literal, which is exact.
const UNSHOWABLE = ['', 'two\nlines', 'cr\rhere', 'nul\0byte', 'bell\u0007'];

describe('code spans show the value exactly', () => {
  it('in prose and lists', () => {
    for (const v of TRICKY) {
      expect(codeSpans(`- before ${codeSpan(v)} after`)).toEqual([v]);
      expect(codeSpans(`Text (\`${codeBody(v)}\`) more.`)).toEqual([v]);
    }
  });

  it('in a GFM table cell, however many pipes and backslashes the value has', () => {
    for (const v of TRICKY) {
      const md = `| a | b |\n| --- | --- |\n| ${cellCodeSpan(v)} | \`${cellCodeBody(v)}\` |`;
      const rows = tableCodeSpans(md);
      // A value with a pipe after an odd run of backslashes cannot be a cell's code: its JSON is.
      const shown = /(?<!\\)(?:\\\\)*\\\|/.test(v) ? JSON.stringify(v) : v;
      expect(rows[1], v).toEqual([shown, shown]);
      expect(rows[1], 'the row keeps its two cells').toHaveLength(2);
    }
  });

  it('as a JSON literal when a code span cannot hold the value', () => {
    for (const v of UNSHOWABLE) {
      expect(codeSpans(`- ${codeSpan(v)}`)).toEqual([JSON.stringify(v)]);
      expect(JSON.parse(codeSpans(`- ${codeSpan(v)}`)[0]!)).toBe(v);
    }
  });

  it('keeps a span that ends a list item on its line', () => {
    const md = `- a ${codeSpan('x\n</details>\n# heading')}\n- b`;
    expect(md.split('\n')).toHaveLength(2);
  });
});
