/**
 * Inline code spans that show a value exactly, so that what a reader copies from the report is the
 * value that ran (CommonMark 0.31 §6.1, GFM tables §4.10):
 *
 * - the span is delimited by a backtick run longer than any run inside the value, and padded with
 *   one space on each side when the value begins or ends with a backtick, or begins and ends with a
 *   space (the one space a parser strips is then ours);
 * - inside a GFM table cell every `|` is written `\|`: the row is split at unescaped pipes before
 *   the cell's inlines are parsed, and the backslash is dropped again inside the code span;
 * - a value a code span cannot hold (a line break, which a span turns into a space; NUL, which a
 *   parser replaces; other control characters, which do not show; a bidirectional control or a
 *   zero-width character, which reorders or hides text, written `\uXXXX`; the empty string) is shown as
 *   its JSON string literal instead, which is exact and says so by its quotes. So is a table cell's
 *   value with a `|` after an odd run of backslashes: GFM reads that backslash pair first and splits
 *   the row at the pipe, however it is written.
 *
 * Inside a code span nothing else is interpreted (no HTML, no links, no mentions), so the value
 * needs no other escaping: a `<!--` or `</details>` in it is text.
 */

// Characters a code span loses or hides. Tab shows as itself.
const UNSHOWABLE = /[\u0000-\u0008\u000a-\u001f\u007f]/;
const ODD_BACKSLASHES_BEFORE_PIPE = /(?<!\\)(?:\\\\)*\\\|/;

/**
 * Bidirectional controls (U+202A–202E, U+2066–2069, U+200E/F, U+061C), which reorder the text
 * around them so that what a reviewer reads is not what ran ("Trojan Source"), and zero-width
 * characters (U+200B–200D, U+2060, U+FEFF), which hide a difference between two values that look
 * the same. They are shown, never rendered: `\uXXXX` (code spans, and prose: markdown.ts).
 */
export const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
const HAS_INVISIBLE = new RegExp(INVISIBLE.source);

/** `c` as the text `\uXXXX`. */
export function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Any value a code span cannot show as itself, as its JSON string literal (invisible characters `\uXXXX`). */
function showable(s: string, inTable: boolean): string {
  const json = (): string => JSON.stringify(s).replace(INVISIBLE, unicodeEscape);
  if (s === '' || UNSHOWABLE.test(s) || HAS_INVISIBLE.test(s)) return json();
  if (inTable && ODD_BACKSLASHES_BEFORE_PIPE.test(s)) return json();
  return s;
}

function longestBacktickRun(s: string): number {
  let longest = 0;
  for (const run of s.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

function needsPadding(s: string): boolean {
  if (s.startsWith('`') || s.endsWith('`')) return true;
  return s.startsWith(' ') && s.endsWith(' ') && s.trim() !== '';
}

function span(value: string, inTable: boolean): string {
  const s = showable(value, inTable);
  const fence = '`'.repeat(longestBacktickRun(s) + 1);
  const pad = needsPadding(s) ? ' ' : '';
  const body = inTable ? s.replace(/\|/g, '\\|') : s;
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** A code span showing `s` exactly, in prose, a list or raw HTML's markdown content. */
export function codeSpan(s: string): string {
  return span(s, false);
}

/** A code span showing `s` exactly inside a GFM table cell. */
export function cellCodeSpan(s: string): string {
  return span(s, true);
}

/**
 * The text between the single backticks of a template such as `` `${code(s)}` `` that makes the
 * whole a code span showing `s` exactly: the span with one backtick taken off each end. It lets the
 * sections that write their own backticks stay as they are.
 */
export function codeBody(s: string): string {
  return codeSpan(s).slice(1, -1);
}

/** As codeBody, inside a GFM table cell. */
export function cellCodeBody(s: string): string {
  return cellCodeSpan(s).slice(1, -1);
}

/** A probe value or an argument: a string as itself, anything else as JSON. */
export function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return '?';
  }
}
