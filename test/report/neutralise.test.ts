/**
 * Text from a scenario, results, trace or policy file cannot restyle or reorder the report: `$`
 * (GitHub math) and `~` (strikethrough) are character references in prose, and bidirectional
 * controls and zero-width characters are shown as `\uXXXX`, in prose and in code spans.
 */
import { describe, expect, it } from 'vitest';
import { cellCodeSpan, codeSpan } from '../../src/report/escape.js';
import { escapeHtml, escapeText } from '../../src/report/escape.js';
import { renderNotEvaluated } from '../../src/report/not-evaluated.js';

const HIDDEN = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
];
const ANY_HIDDEN = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

describe('prose cannot render math, strikethrough or hidden characters', () => {
  it('writes $ and ~ as character references', () => {
    expect(escapeText('costs $5 and $6, ~~struck~~ ~x~')).toBe('costs &#x24;5 and &#x24;6, &#x7E;&#x7E;struck&#x7E;&#x7E; &#x7E;x&#x7E;');
    expect(escapeText('$$\\sum$$')).toBe('&#x24;&#x24;\\\\sum&#x24;&#x24;');
  });

  it.each(HIDDEN.map((c) => [c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'), c]))('U+%s is shown as \\u%s', (hex, c) => {
    const out = escapeText(`evil${c}.txt`);
    expect(out).not.toMatch(ANY_HIDDEN);
    expect(out).toBe(`evil\\\\u${hex}.txt`); // a markdown backslash escape: renders \uXXXX
  });

  it.each(['\u0000', '\u0007', '\u001b', '\u007f', '\u009b'])(
    'a control character %j is shown as \\uXXXX in prose and in raw HTML',
    (c) => {
      const hex = c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
      expect(escapeText(`a${c}[31mb`)).toBe(`a\\\\u${hex}\\[31mb`);
      expect(escapeHtml(`a${c}b`)).toBe(`a\\u${hex}b`);
    },
  );

  it('a tab stays a tab in prose', () => {
    expect(escapeText('a\tb')).toBe('a\tb');
  });

  it('our own defusing of @mentions still works beside it', () => {
    expect(escapeText('@team $x')).toBe('@<!-- -->team &#x24;x'); // no zero-width character a reader could copy
  });
});

describe('a code span shows hidden characters as \\uXXXX', () => {
  it('as the JSON string literal, in prose and in a table cell', () => {
    expect(codeSpan('rm\u202e -rf')).toBe('`"rm\\u202E -rf"`');
    expect(cellCodeSpan('a\u200bb|c')).toBe('`"a\\u200Bb\\|c"`');
    expect(codeSpan('$x$ ~~y~~')).toBe('`$x$ ~~y~~`'); // inside a code span nothing renders
  });
});

describe('the job summary of invalid files', () => {
  it('neutralises a hostile message', () => {
    const md = renderNotEvaluated({
      name: 'delegation-bench',
      reason: 'invalid scenario files: $a$ ~~b~~.',
      problems: [{ file: 'a\u202e.yaml', line: 1, col: 1, message: "unknown tool '$x$ ~~y~~ \u2067z'" }],
    });
    expect(md).not.toMatch(ANY_HIDDEN);
    expect(md).not.toMatch(/[$~]/);
    expect(md).toContain('`"a\\u202E.yaml:1:1"`');
  });
});
