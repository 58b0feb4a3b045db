/**
 * The positioned YAML tree's pre-pass over large files (src/lib/yaml-tree.ts): nesting found deep
 * before `yaml`'s recursive composer can spend seconds on it or overflow the stack.
 */
import { Lexer } from 'yaml';

/**
 * yaml's composer is recursive: a file of 300,000 `[` takes seconds and ends in a stack overflow.
 * This pass over the lexer's flat token stream (linear, no recursion) finds such nesting first and
 * returns the offset where it goes past a generous bound, or undefined. The estimate counts open
 * flow brackets, block indentation levels and `-`/`?` indicators on a line; quoted and block
 * scalars are single tokens, so brackets inside text never count. The caller's bound is four
 * times its depth bound, so any file its builder would accept passes; the builder gives the exact check.
 */
export function nestingTooDeep(text: string, bound: number): number | undefined {
  let offset = 0;
  let flow = 0;
  const indents: number[] = [];
  let lineStart = true;
  let pendingIndent = 0;
  let indicators = 0;
  for (const tok of new Lexer().lex(text)) {
    if (tok === '\u0002' || tok === '\u001f' || tok === '\ufeff') continue; // markers, not source text
    if (tok === '\u0018') {
      flow = 0; // the lexer closed unterminated flow collections
      continue;
    }
    const at = offset;
    offset += tok.length;
    if (tok === '\n' || tok === '\r\n') {
      lineStart = true;
      pendingIndent = 0;
      indicators = 0;
      continue;
    }
    if (lineStart && flow === 0 && /^[ \t]+$/.test(tok)) {
      pendingIndent = tok.length;
      continue;
    }
    if (tok.startsWith('#') || /^[ \t]+$/.test(tok)) continue;
    if (lineStart) {
      lineStart = false;
      if (flow === 0) {
        while (indents.length > 0 && indents[indents.length - 1]! >= pendingIndent) indents.pop();
        indents.push(pendingIndent);
        if (indents.length + flow > bound) return at;
      }
    }
    if (tok === '[' || tok === '{') flow++;
    else if (tok === ']' || tok === '}') flow = Math.max(0, flow - 1);
    else if ((tok === '-' || tok === '?') && flow === 0) indicators++;
    else continue;
    if (indents.length + indicators + flow > bound) return at;
  }
  return undefined;
}
