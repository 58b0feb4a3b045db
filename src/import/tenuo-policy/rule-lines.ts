/**
 * Where a `tenuo.yaml` writes each granted tool's rule, as lines: the guard annotates a widening
 * at the rule's changed line, and quotes the base's rule as the way back (docs/guard.md#where-the-change-is).
 */
import type { RuleSpan } from './policy-reader.js';

/** Lines of one rule kept, at most, and characters of each: a rule is quoted, never a whole file. */
const MAX_RULE_LINES = 40;
const MAX_LINE_CHARS = 200;

/** A rule's place: its first line and column, its lines as written, and each parameter's part (indexes into `lines`). */
export interface PolicyRule {
  readonly line: number;
  readonly col: number;
  readonly lines: readonly string[];
  readonly params?: Readonly<Record<string, { readonly first: number; readonly last: number }>>;
}

type LinePos = (offset: number) => { line: number; col: number };

/** The last line a span covers: a block value's span ends at the start of the next line. */
function lastLine(linePos: LinePos, start: number, end: number): number {
  return linePos(Math.max(start, end - 1)).line;
}

export function ruleLines(
  text: string,
  spans: Readonly<Record<string, RuleSpan>>,
  tools: readonly string[],
  linePos: LinePos,
): Record<string, PolicyRule> {
  const all = text.split(/\r\n|\r|\n/);
  const out: Record<string, PolicyRule> = Object.create(null) as Record<string, PolicyRule>;
  for (const tool of tools) {
    const span = Object.prototype.hasOwnProperty.call(spans, tool) ? spans[tool] : undefined;
    if (span === undefined) continue;
    const { line, col } = linePos(span.start);
    const last = Math.min(lastLine(linePos, span.start, span.end), line + MAX_RULE_LINES - 1);
    const lines = all.slice(line - 1, last).map((l) => (l.length > MAX_LINE_CHARS ? `${l.slice(0, MAX_LINE_CHARS)}…` : l));
    const params: Record<string, { first: number; last: number }> = {};
    for (const [param, p] of Object.entries(span.params ?? {})) {
      const first = linePos(p.start).line - line;
      if (first >= lines.length) continue;
      params[param] = { first, last: Math.min(lastLine(linePos, p.start, p.end) - line, lines.length - 1) };
    }
    out[tool] = { line, col, lines, ...(Object.keys(params).length > 0 && { params }) };
  }
  return out;
}
