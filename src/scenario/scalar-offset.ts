/**
 * Where a character of a YAML scalar's value sits in the file, so that a problem found inside a
 * judge expression points at its line and column, whether the expression was written plain, quoted,
 * or as a folded or literal block (`>-`, `|`) spread over lines.
 *
 * The value's characters are matched in order against the scalar's source text, skipping what YAML
 * removes (a block's header line, the opening quote, indentation, line breaks that folding turned
 * into spaces, the second quote of `''`). An escape of a double-quoted scalar, or anything else
 * that does not line up, gives up: the scalar's own start is returned, never a wrong column.
 */
import type { Span } from '../lib/yaml-tree.js';

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** The file offset of `value[index]`, for a scalar spanning `span` of `text`; `span.start` when unsure. */
export function scalarCharOffset(text: string, span: Span, value: string, index: number): number {
  const src = text.slice(span.start, span.end);
  const first = src[0];
  let s = 0;
  let singleQuoted = false;
  if (first === '|' || first === '>') {
    const nl = src.indexOf('\n');
    if (nl < 0) return span.start;
    s = nl + 1;
  } else if (first === '"' || first === "'") {
    singleQuoted = first === "'";
    s = 1;
  }
  for (let v = 0; v <= index && v < value.length; v++) {
    const c = value[v]!;
    for (;;) {
      if (s >= src.length) return span.start;
      const ch = src[s]!;
      if (ch === c) break;
      if (!isSpace(ch)) return span.start;
      s++;
    }
    if (v === index) return span.start + s;
    s += singleQuoted && c === "'" ? 2 : 1;
  }
  return span.start;
}
