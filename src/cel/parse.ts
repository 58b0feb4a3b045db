/**
 * The reference's grammar (`cel-parser` 0.10.1, `antlr/src/gen/CEL.g4`) by recursive descent, and
 * the crate's AST construction (`antlr/src/parser.rs`, `antlr/src/macros.rs`), quirks included:
 *
 *   expr           = conditionalOr ["?" conditionalOr ":" expr]
 *   conditionalOr  = conditionalAnd {"||" conditionalAnd}
 *   conditionalAnd = relation {"&&" relation}
 *   relation       = calc {("<"|"<="|">="|">"|"=="|"!="|"in") calc}
 *   calc           = unary {("*"|"/"|"%") unary} … {("+"|"-") …}
 *   unary          = member | "!"+ member | "-"+ member
 *   member         = primary {"." (IDENT | `ESC_IDENT`) | "." IDENT "(" [exprList] ")" | "[" expr "]"}
 *   primary        = ["."] IDENT ["(" [exprList] ")"] | "(" expr ")" | "[" [list] [","] "]"
 *                  | "{" [mapInits] [","] "}" | ["."] IDENT {"." IDENT} "{" … "}" | literal
 *
 * Quirks kept (parser.rs `visit_LogicalNot`, `visit_Negate`): a run of `!` or `-` is one
 * operator, whatever its length (`!!true` is false, `--5` is -5). A single `-` directly before a
 * number is part of the literal (`-9223372036854775808` is an int; `-0x10` is refused, as the
 * crate parses the text "-0x10" as decimal). `has()` takes only a field selection; the macros take
 * a simple name as their first argument; `existsOne` is `exists_one`; optional syntax (`?.`, `[?`,
 * `{?k: …}`, `[?x]`) is refused; message construction `T{…}` parses and fails when evaluated (the
 * crate's `todo!`). A field selected with backticks keeps them (`m.`a-b`` looks up "`a-b`").
 * Recursion is bounded (MAX_AST_DEPTH), so no input can exhaust the stack.
 */
import type { BinaryOp, Expr, Macro } from './ast.js';
import { CelError } from './errors.js';
import { compileError, tokenize, type Token } from './lexer.js';
import { MAX_AST_DEPTH } from './limits.js';
import { INT64_MAX } from './value.js';

const RELATIONS = new Set<string>(['<', '<=', '>=', '>', '==', '!=', 'in']);
const KEYWORDS = new Set(['true', 'false', 'null', 'in']);

/** macros.rs `find_expander`: name → argument counts (all with a target). */
const MACROS: Readonly<Record<string, { macro: Macro; arities: readonly number[] }>> = {
  all: { macro: 'all', arities: [2] },
  exists: { macro: 'exists', arities: [2] },
  exists_one: { macro: 'exists_one', arities: [2] },
  existsOne: { macro: 'exists_one', arities: [2] },
  map: { macro: 'map', arities: [2, 3] },
  filter: { macro: 'filter', arities: [2] },
};

/** The function name message construction `T{…}` becomes (no such function exists). */
export const STRUCT_PREFIX = '@struct ';

export function parseCel(expression: string): Expr {
  return new Parser(expression, tokenize(expression)).parseAll();
}

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(
    private readonly src: string,
    private readonly tokens: readonly Token[],
  ) {}

  parseAll(): Expr {
    const e = this.expr();
    const t = this.peek();
    if (t.kind !== 'eof') this.fail(t, `Syntax error: extraneous input ${describe(t)} expecting <EOF>`);
    return e;
  }

  // ------------------------------------------------------------------ tokens

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)]!;
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.pos++;
    return t;
  }

  private isPunct(value: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'punct' && t.value === value;
  }

  private accept(value: string): boolean {
    if (!this.isPunct(value)) return false;
    this.pos++;
    return true;
  }

  private expect(value: string): Token {
    const t = this.peek();
    if (!this.isPunct(value)) this.fail(t, `Syntax error: expected '${value}' but found ${describe(t)}`);
    return this.next();
  }

  private fail(t: Token, what: string): never {
    throw compileError(this.src, t.at, what);
  }

  private failAt(at: number, what: string): never {
    throw compileError(this.src, at, what);
  }

  // ------------------------------------------------------------------ grammar

  private expr(): Expr {
    if (++this.depth > MAX_AST_DEPTH) {
      throw new CelError(`expression nests deeper than ${MAX_AST_DEPTH} (delegation-bench's own bound)`, undefined, undefined, true);
    }
    try {
      const test = this.or();
      if (!this.isPunct('?')) return test;
      this.next();
      const then = this.or();
      this.expect(':');
      const otherwise = this.expr();
      return { kind: 'conditional', at: test.at, test, then, otherwise };
    } finally {
      this.depth--;
    }
  }

  /** parser.rs LogicManager builds a balanced tree; for `||`/`&&` evaluated left to right the shape does not change the result. */
  private or(): Expr {
    let left = this.and();
    while (this.accept('||')) left = { kind: 'or', at: left.at, left, right: this.and() };
    return left;
  }

  private and(): Expr {
    let left = this.relation();
    while (this.accept('&&')) left = { kind: 'and', at: left.at, left, right: this.relation() };
    return left;
  }

  private relation(): Expr {
    let left = this.addition();
    for (;;) {
      const t = this.peek();
      const op = t.kind === 'punct' || (t.kind === 'ident' && t.value === 'in') ? t.value : '';
      if (!RELATIONS.has(op)) return left;
      this.next();
      left = { kind: 'binary', at: left.at, op: op as BinaryOp, left, right: this.addition() };
    }
  }

  private addition(): Expr {
    let left = this.multiplication();
    while (this.isPunct('+') || this.isPunct('-')) {
      const op = this.next().value as BinaryOp;
      left = { kind: 'binary', at: left.at, op, left, right: this.multiplication() };
    }
    return left;
  }

  private multiplication(): Expr {
    let left = this.unary();
    while (this.isPunct('*') || this.isPunct('/') || this.isPunct('%')) {
      const op = this.next().value as BinaryOp;
      left = { kind: 'binary', at: left.at, op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Expr {
    const t = this.peek();
    if (this.isPunct('!')) {
      while (this.accept('!'));
      // One `!` whatever the run's length (parser.rs visit_LogicalNot).
      return { kind: 'not', at: t.at, operand: this.member() };
    }
    if (this.isPunct('-')) {
      let count = 0;
      while (this.accept('-')) count++;
      if (count === 1) {
        const lit = this.signedLiteral(t);
        if (lit !== undefined) return this.memberSuffixes(lit);
      }
      // One `-` whatever the run's length (parser.rs visit_Negate).
      return { kind: 'negate', at: t.at, operand: this.member() };
    }
    return this.member();
  }

  /** `literal: sign=MINUS? NUM_INT | sign=MINUS? NUM_FLOAT`; the crate parses the text with its sign. */
  private signedLiteral(minus: Token): Expr | undefined {
    const lit = this.peek();
    if (lit.kind === 'double') {
      this.next();
      // As `primary`: the crate parses the signed text, and an overflow to infinity is refused.
      if (!Number.isFinite(lit.value)) this.fail(lit, 'invalid double literal');
      return { kind: 'literal', at: minus.at, value: -lit.value };
    }
    if (lit.kind !== 'int') return undefined;
    this.next();
    if (lit.hex) this.fail(lit, 'invalid int literal');
    if (lit.value > INT64_MAX + 1n) this.fail(lit, 'invalid int literal');
    return { kind: 'literal', at: minus.at, value: -lit.value };
  }

  private member(): Expr {
    return this.memberSuffixes(this.primary());
  }

  private memberSuffixes(start: Expr): Expr {
    let e = start;
    for (;;) {
      if (this.accept('.')) {
        if (this.isPunct('?')) this.fail(this.peek(), "unsupported syntax '.?'");
        const t = this.next();
        if (t.kind === 'escident') {
          e = { kind: 'select', at: e.at, operand: e, field: t.value };
          continue;
        }
        if (t.kind !== 'ident' || KEYWORDS.has(t.value)) this.fail(t, `Syntax error: mismatched input ${describe(t)} expecting IDENTIFIER`);
        if (this.isPunct('(')) {
          const args = this.arguments();
          e = this.call(t, e, args);
        } else {
          e = { kind: 'select', at: e.at, operand: e, field: t.value };
        }
      } else if (this.isPunct('[')) {
        this.next();
        if (this.isPunct('?')) this.fail(this.peek(), "unsupported syntax '[?'");
        const index = this.expr();
        this.expect(']');
        e = { kind: 'index', at: e.at, operand: e, index };
      } else {
        return e;
      }
    }
  }

  private primary(): Expr {
    const t = this.next();
    switch (t.kind) {
      case 'int':
        if (t.value > INT64_MAX) this.fail(t, 'invalid int literal');
        return { kind: 'literal', at: t.at, value: t.value };
      case 'double':
        if (!Number.isFinite(t.value)) this.fail(t, 'invalid double literal');
        return { kind: 'literal', at: t.at, value: t.value };
      case 'uint':
      case 'string':
      case 'bytes':
        return { kind: 'literal', at: t.at, value: t.value };
      case 'ident':
        return this.identOrCall(t, false);
      case 'eof':
        return this.fail(t, 'Syntax error: unexpected end of expression');
      case 'escident':
        return this.fail(t, `Syntax error: extraneous input ${describe(t)}`);
    }
    switch (t.value) {
      case '-': {
        // `literal: sign=MINUS? NUM_INT`: a signed number is a primary (`!-1` parses).
        const lit = this.signedLiteral(t);
        if (lit !== undefined) return lit;
        break;
      }
      case '.': {
        const name = this.next();
        if (name.kind !== 'ident' || KEYWORDS.has(name.value))
          return this.fail(name, `Syntax error: mismatched input ${describe(name)} expecting IDENTIFIER`);
        return this.identOrCall(name, true);
      }
      case '(': {
        const e = this.expr();
        this.expect(')');
        return e;
      }
      case '[': {
        const elements = this.list(']', true);
        return { kind: 'list', at: t.at, elements };
      }
      case '{':
        return this.mapLiteral(t);
    }
    return this.fail(t, `Syntax error: mismatched input ${describe(t)}`);
  }

  private identOrCall(t: Token & { kind: 'ident' }, leadingDot: boolean): Expr {
    if (!leadingDot) {
      switch (t.value) {
        case 'true':
          return { kind: 'literal', at: t.at, value: true };
        case 'false':
          return { kind: 'literal', at: t.at, value: false };
        case 'null':
          return { kind: 'literal', at: t.at, value: null };
        case 'in':
          this.fail(t, "Syntax error: extraneous input 'in'");
      }
    }
    if (this.isPunct('(')) {
      const args = this.arguments();
      // visit_GlobalCall keeps the leading dot in the function's name.
      return this.call(leadingDot ? { ...t, value: `.${t.value}` } : t, undefined, args);
    }
    // CreateMessage: IDENT {"." IDENT} "{" … "}".
    const names = [t.value];
    let k = 0;
    for (;;) {
      const n = this.peek(k + 1);
      if (!this.isPunct('.', k) || n.kind !== 'ident' || KEYWORDS.has(n.value)) break;
      names.push(n.value);
      k += 2;
    }
    if (this.isPunct('{', k)) {
      this.pos += k + 1;
      return this.message(t, `${leadingDot ? '.' : ''}${names.join('.')}`);
    }
    // visit_Ident: a leading dot is dropped.
    return { kind: 'ident', at: t.at, name: t.value };
  }

  /** `T{f: v, …}`: parsed (field initializers), evaluated as the crate does: an error. */
  private message(t: Token, name: string): Expr {
    const values: Expr[] = [];
    if (this.isPunct(',') && this.isPunct('}', 1)) this.pos += 1; // `T{,}`: field_initializer_list? ','?
    while (!this.accept('}')) {
      if (values.length > 0) {
        this.expect(',');
        if (this.accept('}')) break;
      }
      if (this.isPunct('?')) this.fail(this.peek(), "unsupported syntax '?'");
      const f = this.next();
      if (f.kind !== 'ident' && f.kind !== 'escident') this.fail(f, `Syntax error: mismatched input ${describe(f)}`);
      this.expect(':');
      values.push(this.expr());
    }
    return { kind: 'call', at: t.at, fn: `${STRUCT_PREFIX}${name}`, target: undefined, args: values };
  }

  private arguments(): Expr[] {
    this.expect('(');
    return this.list(')', false);
  }

  /** Comma-separated expressions up to `close`; a trailing comma only in list literals. */
  private list(close: string, literal: boolean): Expr[] {
    const out: Expr[] = [];
    // `'[' listInit? ','? ']'`: a lone comma is an empty list literal.
    if (literal && this.isPunct(',') && this.isPunct(close, 1)) {
      this.pos += 2;
      return out;
    }
    while (!this.accept(close)) {
      if (out.length > 0) {
        this.expect(',');
        if (literal && this.accept(close)) break;
      }
      if (literal && this.isPunct('?')) this.fail(this.peek(), "unsupported syntax '?'");
      out.push(this.expr());
    }
    return out;
  }

  private mapLiteral(open: Token): Expr {
    const entries: { key: Expr; value: Expr }[] = [];
    // `'{' mapInitializerList? ','? '}'`: a lone comma is an empty map literal.
    if (this.isPunct(',') && this.isPunct('}', 1)) {
      this.pos += 2;
      return { kind: 'map', at: open.at, entries };
    }
    while (!this.accept('}')) {
      if (entries.length > 0) {
        this.expect(',');
        if (this.accept('}')) break;
      }
      if (this.isPunct('?')) this.fail(this.peek(), "unsupported syntax '?'");
      const key = this.expr();
      this.expect(':');
      entries.push({ key, value: this.expr() });
    }
    return { kind: 'map', at: open.at, entries };
  }

  /** A call, with macros expanded (macros.rs find_expander). */
  private call(name: Token & { kind: 'ident' }, target: Expr | undefined, args: Expr[]): Expr {
    const fn = name.value;
    if (target === undefined && fn === 'has' && args.length === 1) {
      const arg = args[0]!;
      if (arg.kind !== 'select') this.failAt(arg.at, 'invalid argument to has() macro');
      return { kind: 'has', at: name.at, operand: arg.operand, field: arg.field };
    }
    const m = Object.prototype.hasOwnProperty.call(MACROS, fn) ? MACROS[fn] : undefined;
    if (target !== undefined && m !== undefined && m.arities.includes(args.length)) {
      const v = args[0]!;
      if (v.kind !== 'ident') this.failAt(v.at, 'argument must be a simple name');
      const three = args.length === 3;
      return {
        kind: 'comprehension',
        at: target.at,
        macro: m.macro,
        range: target,
        variable: v.name,
        filter: three ? args[1] : undefined,
        body: three ? args[2]! : args[1]!,
      };
    }
    return { kind: 'call', at: target?.at ?? name.at, fn, target, args };
  }
}

function describe(t: Token): string {
  switch (t.kind) {
    case 'eof':
      return '<EOF>';
    case 'punct':
    case 'ident':
    case 'escident':
      return `'${t.value}'`;
    default:
      return `${t.kind} literal`;
  }
}
