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
 *
 * Prose (escapeText), raw HTML (escapeHtml), marker names and URLs are escaped below, on top of
 * the characters every page shows as `\uXXXX` (lib/prose-escape.ts, shared with the README an
 * import writes): every string
 * that comes from a scenario or a results file (names, arguments, denial reasons) goes through one
 * of these, since a results file may come from a fork's pull request and must not be able to forge
 * the marker, break out of a table or a <details>, or mention people.
 */

import { escapeProseChars, INVISIBLE, unicodeEscape } from '../lib/prose-escape.js';

// Characters a code span loses or hides. Tab shows as itself.
const UNSHOWABLE = /[\u0000-\u0008\u000a-\u001f\u007f]/;
const ODD_BACKSLASHES_BEFORE_PIPE = /(?<!\\)(?:\\\\)*\\\|/;

const HAS_INVISIBLE = new RegExp(INVISIBLE.source);

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

/** A code span showing `value` exactly, in prose, a list or raw HTML's markdown content. */
export function codeSpan(value: string): string {
  return span(value, false);
}

/** A code span showing `value` exactly inside a GFM table cell. */
export function cellCodeSpan(value: string): string {
  return span(value, true);
}

/**
 * The text between the single backticks of a template such as `` `${code(s)}` `` that makes the
 * whole a code span showing `value` exactly: the span with one backtick taken off each end. It lets the
 * sections that write their own backticks stay as they are.
 */
export function codeBody(value: string): string {
  return codeSpan(value).slice(1, -1);
}

/** As codeBody, inside a GFM table cell. */
export function cellCodeBody(value: string): string {
  return cellCodeSpan(value).slice(1, -1);
}

/** A probe value or an argument: a string as itself, anything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '?';
  }
}

/** Names in markers: anything outside a conservative set becomes '_' (no `-->` can get in). */
export function sanitizeMarkerName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** Text in markdown prose: HTML-escaped, no markdown emphasis tricks, no @mentions, one line. */
export function escapeText(text: string): string {
  return neutralise(
    escapeProseChars(text)
      .replace(/[\r\n]+/g, ' ')
      .replace(/([\\`*[\]|])/g, '\\$1'),
  ).replace(AUTOLINKS, defuse);
}

/** Text inside raw HTML (a <summary>): markdown escapes would show literally there. */
export function escapeHtml(text: string): string {
  return neutralise(
    escapeProseChars(text)
      .replace(/"/g, '&quot;')
      .replace(/[\r\n]+/g, ' '),
  ).replace(AUTOLINKS, defuse);
}

/**
 * `$` and `~` as character references, after `&` is escaped: GitHub renders `$…$` and `$$…$$`
 * as math and `~…~` or `~~…~~` as strikethrough, so a value could restyle or hide the prose around
 * it. A reference is no delimiter to either, and shows the same character (hexadecimal, so that
 * the issue-reference defusing below, which acts on `#` and a digit, leaves it whole).
 */
function neutralise(s: string): string {
  return s.replace(/\$/g, '&#x24;').replace(/~/g, '&#x7E;');
}

/**
 * What GitHub turns into a link or a notification in a comment or a job summary: @mentions (and
 * the e-mail autolink, which needs the same '@'), URLs with a scheme, `www.` links, the `mailto:`
 * and `xmpp:` autolinks, issue references (`#123`, `owner/repo#123`, `GH-123`). An empty HTML
 * comment at the point where GitHub's pattern would match splits the text there, so nothing is
 * linked or notified; it renders as nothing, so a reader who copies the text gets it exactly (a
 * zero-width space, invisible, would be copied with it and break the URL or address pasted).
 */
const AUTOLINKS = /@(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=:\/\/)|\b(?:www|mailto|xmpp)(?=[.:])|#(?=[0-9])|\bGH-(?=[0-9])/gi;

function defuse(m: string): string {
  return `${m}${DEFUSER}`;
}

/** Rendered as nothing, and no character of it is copied with the text around it. */
export const DEFUSER = '<!-- -->';

/** Text inside a table cell. */
export function escapeCell(text: string): string {
  return escapeText(text);
}

/** The escapers every section gets: everything from a results file is untrusted. */
export const ESCAPERS: Escapers = { text: escapeText, code: codeBody, cell: cellCodeBody };

/** A link target: an http(s) URL without spaces or brackets, else `#`. */
export function safeUrl(url: string): string {
  return /^https?:\/\/[^\s()<>]+$/.test(url) ? url : '#';
}

/** The report's escapers, passed to each section: everything from a results file is untrusted. */
export interface Escapers {
  /** Markdown prose. */
  text(value: string): string;
  /**
   * The text between a pair of single backticks (`` `${code(s)}` ``) that makes them a code span
   * showing `value` exactly, in prose or a list (codeSpan above).
   */
  code(value: string): string;
  /** As `code`, inside a GFM table cell; when absent, `code` with every `|` escaped. */
  cell?(value: string): string;
}

/** The escaper for code spans in table cells. */
export function cellEscaper(escapers: Escapers): (value: string) => string {
  return escapers.cell ? (s) => escapers.cell!(s) : (s) => escapers.code(s).replace(/\|/g, '\\|');
}
