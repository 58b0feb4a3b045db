/**
 * Text from a user's files on one console line: control characters (line breaks, ESC, …) written
 * as `\xNN`. A line break in a message would let the file write a line of its own to a CI log,
 * where a line starting with `::` is a workflow command; ESC would drive the terminal.
 */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/g;

export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });
}
