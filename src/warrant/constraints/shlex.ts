/**
 * Shell command safety (reference `Shlex`, extension type 128), the conservative Rust rule: reject
 * any control or shell metacharacter outright (no quoting is understood), split on whitespace, and
 * require the first token (or its basename) to be in the allow list; `..` in it is refused.
 */

const DANGEROUS = new Set(['\0', '\n', '\r', '\x0b', '\x0c', '\x07', '\x08', '\x7f', '$', '`', '|', '&', ';', '<', '>', '(', ')']);

/** Rust's `char::is_whitespace` (Unicode White_Space), which `split_whitespace` uses. */
const WHITESPACE = /[\t\n\x0b\x0c\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

/** undefined when the command is allowed, else why not. */
export function shlexCheck(allow: readonly string[], cmd: string): string | undefined {
  if (cmd === '') return 'the command is empty';
  for (const ch of cmd) {
    if (DANGEROUS.has(ch)) return `it contains the shell metacharacter ${JSON.stringify(ch)}`;
  }
  const tokens = cmd.split(WHITESPACE).filter((t) => t !== '');
  const binary = tokens[0];
  if (binary === undefined) return 'the command is blank';
  if (binary.includes('..')) return `the program ${JSON.stringify(binary)} contains '..'`;
  const base = binary.slice(binary.lastIndexOf('/') + 1);
  if (!allow.some((a) => a === binary || a === base)) return `the program ${JSON.stringify(binary)} is not allowed`;
  return undefined;
}
