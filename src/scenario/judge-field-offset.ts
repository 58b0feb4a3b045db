/**
 * Where a judge's problem about a field is placed: at the field's name in the expression's text
 * (`e.pth` points at `pth`), found from the CEL tokens, since the tree keeps only where each
 * expression starts. Used by judge-check.ts.
 */
import type { Expr } from '../cel/ast.js';
import { tokenize, type Token } from '../cel/lexer.js';

/**
 * Where the field name of a selection is in the text: the first `.FIELD` after the operand's last
 * token. Falls back to the selection's start when the tokens do not line up.
 */
export function fieldLocator(expression: string): (e: Expr & { kind: 'select' | 'has' }) => number {
  let tokens: readonly Token[] | undefined;
  const indexAt = (offset: number): number => {
    // Tokens are in offset order.
    let lo = 0;
    let hi = tokens!.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tokens![mid]!.at < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** The index of the last token that belongs to `e` (closing brackets aside). */
  const last = (e: Expr): number => {
    switch (e.kind) {
      case 'literal':
      case 'ident':
        return indexAt(e.at);
      case 'select':
        return fieldToken(e);
      default: {
        let max = indexAt(e.at);
        for (const child of children(e)) max = Math.max(max, last(child));
        return max;
      }
    }
  };
  const fieldToken = (e: Expr & { kind: 'select' | 'has' }): number => {
    const ts = tokens!;
    for (let i = last(e.operand) + 1; i + 1 < ts.length; i++) {
      const t = ts[i]!;
      const n = ts[i + 1]!;
      if (t.kind === 'punct' && t.value === '.' && n.kind === 'ident' && n.value === e.field) return i + 1;
    }
    return -1;
  };
  return (e) => {
    try {
      tokens ??= tokenize(expression);
      const i = fieldToken(e);
      return i >= 0 ? tokens[i]!.at : e.at;
    } catch {
      return e.at;
    }
  };
}

function children(e: Expr): Expr[] {
  switch (e.kind) {
    case 'literal':
    case 'ident':
      return [];
    case 'select':
    case 'has':
    case 'not':
    case 'negate':
      return [e.operand];
    case 'index':
      return [e.operand, e.index];
    case 'call':
      return [...(e.target === undefined ? [] : [e.target]), ...e.args];
    case 'list':
      return [...e.elements];
    case 'map':
      return e.entries.flatMap((x) => [x.key, x.value]);
    case 'binary':
    case 'and':
    case 'or':
      return [e.left, e.right];
    case 'conditional':
      return [e.test, e.then, e.otherwise];
    case 'comprehension':
      return [e.range, ...(e.filter === undefined ? [] : [e.filter]), e.body];
  }
}
