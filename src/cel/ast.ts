/**
 * The syntax tree of a CEL expression, as the reference's parser (`cel-parser` 0.10.1) builds it.
 * Operators keep their own node kinds rather than becoming calls, because `&&`, `||` and `?:` do
 * not evaluate like calls, and macros are expanded at parse time into `has` and `comprehension`
 * nodes (`existsOne` becomes macro `exists_one`). A run of `!` or `-` is one `not`/`negate` node, as
 * there. Type names (`int`) are plain identifiers. Message construction `T{…}` is a `call` whose
 * `fn` starts with `@struct ` (it fails when evaluated). `at` is the offset of the node's first
 * character in the expression, for messages.
 */
import type { CelValue } from './value.js';

export type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

export type Macro = 'all' | 'exists' | 'exists_one' | 'map' | 'filter';

export type Expr =
  | { readonly kind: 'literal'; readonly at: number; readonly value: CelValue }
  | { readonly kind: 'ident'; readonly at: number; readonly name: string }
  | { readonly kind: 'select'; readonly at: number; readonly operand: Expr; readonly field: string }
  | { readonly kind: 'has'; readonly at: number; readonly operand: Expr; readonly field: string }
  | { readonly kind: 'index'; readonly at: number; readonly operand: Expr; readonly index: Expr }
  | { readonly kind: 'call'; readonly at: number; readonly fn: string; readonly target: Expr | undefined; readonly args: readonly Expr[] }
  | { readonly kind: 'list'; readonly at: number; readonly elements: readonly Expr[] }
  | { readonly kind: 'map'; readonly at: number; readonly entries: readonly MapEntry[] }
  | { readonly kind: 'not'; readonly at: number; readonly operand: Expr }
  | { readonly kind: 'negate'; readonly at: number; readonly operand: Expr }
  | { readonly kind: 'binary'; readonly at: number; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'and' | 'or'; readonly at: number; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'conditional'; readonly at: number; readonly test: Expr; readonly then: Expr; readonly otherwise: Expr }
  | Comprehension;

export interface MapEntry {
  readonly key: Expr;
  readonly value: Expr;
}

/**
 * `range.all(v, body)`, `range.exists(v, body)`, `range.exists_one(v, body)`,
 * `range.filter(v, body)`, `range.map(v, body)` and `range.map(v, filter, body)`.
 */
export interface Comprehension {
  readonly kind: 'comprehension';
  readonly at: number;
  readonly macro: Macro;
  readonly range: Expr;
  readonly variable: string;
  readonly filter: Expr | undefined;
  readonly body: Expr;
}
