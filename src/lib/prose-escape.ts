/**
 * The characters of untrusted prose that a markdown page must show, never render: the one list,
 * used by the run's report (report/escape.ts: comments, job summaries, the markdown file) and by
 * the README an import writes (init/agentdojo/suite-readme.ts), so that the two cannot drift apart.
 * Each of them adds what its own page needs on top (line breaks, markdown punctuation, autolinks).
 */

/**
 * Bidirectional controls (U+202A–202E, U+2066–2069, U+200E/F, U+061C), which reorder the text
 * around them so that what a reviewer reads is not what ran ("Trojan Source"), and zero-width
 * characters (U+200B–200D, U+2060, U+FEFF), which hide a difference between two values that look
 * the same. They are shown, never rendered: `\uXXXX` (in code spans too, report/escape.ts).
 */
export const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/**
 * Control characters prose cannot show (C0 but tab and line breaks, which each page folds as it
 * needs; DEL; C1): an escape sequence would restyle a terminal reading the summary or log, and NUL
 * is replaced by a parser, so prose shows them as `\uXXXX`, as code spans do.
 */
const PROSE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** `character` as the text `\uXXXX`. */
export function unicodeEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Untrusted text with every invisible and control character (but tab and line breaks) written
 * `\uXXXX`, then `&` `<` `>` as character references (no raw HTML, no autolink in angle brackets).
 * The `\uXXXX` written first holds none of the three, so the order cannot double-escape.
 */
export function escapeProseChars(text: string): string {
  return text
    .replace(INVISIBLE, unicodeEscape)
    .replace(PROSE_CONTROL, unicodeEscape)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
