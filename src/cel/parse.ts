/**
 * CEL's grammar (cel-spec langdef, "Syntax"), by recursive descent:
 *
 *   Expr           = ConditionalOr ["?" ConditionalOr ":" Expr]
 *   ConditionalOr  = [ConditionalOr "||"] ConditionalAnd
 *   ConditionalAnd = [ConditionalAnd "&&"] Relation
 *   Relation       = [Relation Relop] Addition          Relop = < <= >= > == != in
 *   Addition       = [Addition ("+" | "-")] Multiplication
 *   Multiplication = [Multiplication ("*" | "/" | "%")] Unary
 *   Unary          = Member | "!" {"!"} Member | "-" {"-"} Member
 *   Member         = Primary | Member "." IDENT ["(" [ExprList] ")"] | Member "[" Expr "]"
 *   Primary        = ["."] IDENT ["(" [ExprList] ")"] | "(" Expr ")" | "[" [ExprList] [","] "]"
 *                  | "{" [MapInits] [","] "}" | LITERAL
 *
 * Macros (`has`, `all`, `exists`, `exists_one`, `map`, `filter`) are expanded here, as CEL parsers
 * do. Message construction (`T{…}`) and optional syntax (`?.`, `[?`) are outside this dialect and
 * refused with a message. Recursion is bounded (MAX_AST_DEPTH), so no input can exhaust the stack.
 */
import type { BinaryOp, Expr, Macro } from './ast.js';
import { CelError } from './errors.js';
import { tokenize, type Token } from './lexer.js';
import { MAX_AST_DEPTH } from './limits.js';
import { INT64_MAX } from './value.js';

const RESERVED = new Set([
  'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop',
  'package', 'namespace', 'return', 'var', 'void', 'while',
]);

const RELATIONS = new Set<string>(['<', '<=', '>=', '>', '==', '!=', 'in']);

const MACROS: Readonly<Record<string, readonly number[]>> = {
  all: [2],
  exists: [2],
  exists_one: [2],
  map: [2, 3],
  filter: [2],
};

export function parseCel(expression: string): Expr {
  return new Parser(tokenize(expression)).parseAll();
}

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parseAll(): Expr {
    const e = this.expr();
    const t = this.peek();
    if (t.kind !== 'eof') this.fail(t, `unexpected ${describe(t)}`);
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
    if (!this.isPunct(value)) this.fail(t, `expected '${value}' but found ${describe(t)}`);
    return this.next();
  }

  private fail(t: Token, what: string): never {
    throw new CelError(`does not compile: ${what} at offset ${t.at}`);
  }

  // ------------------------------------------------------------------ grammar

  private expr(): Expr {
    if (++this.depth > MAX_AST_DEPTH) throw new CelError(`expression nests deeper than ${MAX_AST_DEPTH}`);
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
      let count = 0;
      while (this.accept('!')) count++;
      let e = this.member();
      for (let k = 0; k < count; k++) e = { kind: 'not', at: t.at, operand: e };
      return e;
    }
    if (this.isPunct('-')) {
      let count = 0;
      while (this.accept('-')) count++;
      // A negative number literal is one literal: this is how -9223372036854775808 is written.
      let e = this.negativeLiteral(t);
      if (e !== undefined) count--;
      else e = this.member();
      for (let k = 0; k < count; k++) e = { kind: 'negate', at: t.at, operand: e };
      return e;
    }
    return this.member();
  }

  /** `-` directly before an int or double literal that no member access follows. */
  private negativeLiteral(minus: Token): Expr | undefined {
    const lit = this.peek();
    if (lit.kind !== 'int' && lit.kind !== 'double') return undefined;
    if (this.isPunct('.', 1) || this.isPunct('[', 1)) return undefined;
    this.next();
    if (lit.kind === 'double') return { kind: 'literal', at: minus.at, value: -lit.value };
    if (lit.value > INT64_MAX + 1n) this.fail(lit, 'int literal out of range');
    return { kind: 'literal', at: minus.at, value: -lit.value };
  }

  private member(): Expr {
    let e = this.primary();
    for (;;) {
      if (this.accept('.')) {
        if (this.isPunct('(') || this.isPunct('[')) this.fail(this.peek(), 'optional syntax is not supported');
        // After a dot, reserved words are field and method names like any other.
        const name = this.identifier(true);
        if (this.isPunct('(')) {
          const args = this.arguments();
          e = this.call(name, e, args);
        } else {
          e = { kind: 'select', at: e.at, operand: e, field: name.value };
        }
      } else if (this.isPunct('[')) {
        this.next();
        if (this.isPunct('?')) this.fail(this.peek(), 'optional syntax is not supported');
        const index = this.expr();
        this.expect(']');
        e = { kind: 'index', at: e.at, operand: e, index };
      } else if (this.isPunct('{') && isQualifiedName(e)) {
        this.fail(this.peek(), 'message construction is not supported');
      } else {
        return e;
      }
    }
  }

  private primary(): Expr {
    const t = this.next();
    switch (t.kind) {
      case 'int':
        if (t.value > INT64_MAX) this.fail(t, 'int literal out of range');
        return { kind: 'literal', at: t.at, value: t.value };
      case 'uint':
      case 'double':
      case 'string':
      case 'bytes':
        return { kind: 'literal', at: t.at, value: t.value };
      case 'ident':
        return this.identOrCall(t);
      case 'eof':
        return this.fail(t, 'unexpected end of expression');
    }
    switch (t.value) {
      case '.': {
        // A leading dot names the root scope: `.x` is the variable x.
        const name = this.identifier();
        if (this.isPunct('(')) return this.call(name, undefined, this.arguments());
        return { kind: 'ident', at: t.at, name: name.value };
      }
      case '(': {
        const e = this.expr();
        this.expect(')');
        return e;
      }
      case '[': {
        const elements = this.list(']');
        return { kind: 'list', at: t.at, elements };
      }
      case '{':
        return this.mapLiteral(t);
    }
    return this.fail(t, `unexpected ${describe(t)}`);
  }

  private identOrCall(t: Token & { kind: 'ident' }): Expr {
    switch (t.value) {
      case 'true':
        return { kind: 'literal', at: t.at, value: true };
      case 'false':
        return { kind: 'literal', at: t.at, value: false };
      case 'null':
        return { kind: 'literal', at: t.at, value: null };
      case 'in':
        this.fail(t, "unexpected 'in'");
    }
    if (RESERVED.has(t.value)) this.fail(t, `'${t.value}' is a reserved word`);
    if (this.isPunct('(')) return this.call(t, undefined, this.arguments());
    return { kind: 'ident', at: t.at, name: t.value };
  }

  private identifier(selector = false): Token & { kind: 'ident' } {
    const t = this.next();
    if (t.kind !== 'ident') return this.fail(t, `expected a name but found ${describe(t)}`);
    if ((!selector && RESERVED.has(t.value)) || t.value === 'in' || t.value === 'true' || t.value === 'false' || t.value === 'null') {
      this.fail(t, `'${t.value}' is a reserved word`);
    }
    return t;
  }

  private arguments(): Expr[] {
    this.expect('(');
    return this.list(')');
  }

  /** Comma-separated expressions up to `close` (a trailing comma is allowed only in list literals). */
  private list(close: string): Expr[] {
    const out: Expr[] = [];
    while (!this.accept(close)) {
      if (out.length > 0) {
        this.expect(',');
        if (close === ']' && this.accept(close)) break;
      }
      out.push(this.expr());
    }
    return out;
  }

  private mapLiteral(open: Token): Expr {
    const entries: { key: Expr; value: Expr }[] = [];
    while (!this.accept('}')) {
      if (entries.length > 0) {
        this.expect(',');
        if (this.accept('}')) break;
      }
      if (this.isPunct('?')) this.fail(this.peek(), 'optional syntax is not supported');
      const key = this.expr();
      this.expect(':');
      entries.push({ key, value: this.expr() });
    }
    return { kind: 'map', at: open.at, entries };
  }

  /** A call, with macros expanded. */
  private call(name: Token & { kind: 'ident' }, target: Expr | undefined, args: Expr[]): Expr {
    const fn = name.value;
    if (target === undefined && fn === 'has' && args.length === 1) {
      const arg = args[0]!;
      if (arg.kind !== 'select') this.fail(name, 'has() needs a field selection, such as has(m.f)');
      return { kind: 'has', at: name.at, operand: arg.operand, field: arg.field };
    }
    const arities = MACROS[fn];
    if (target !== undefined && arities !== undefined && arities.includes(args.length)) {
      const v = args[0]!;
      if (v.kind !== 'ident') this.fail(name, `${fn}() needs a variable name as its first argument`);
      const three = args.length === 3;
      return {
        kind: 'comprehension',
        at: target.at,
        macro: fn as Macro,
        range: target,
        variable: v.name,
        filter: three ? args[1] : undefined,
        body: three ? args[2]! : args[1]!,
      };
    }
    return { kind: 'call', at: target?.at ?? name.at, fn, target, args };
  }
}

function isQualifiedName(e: Expr): boolean {
  return e.kind === 'ident' || (e.kind === 'select' && isQualifiedName(e.operand));
}

function describe(t: Token): string {
  switch (t.kind) {
    case 'eof':
      return 'end of expression';
    case 'punct':
      return `'${t.value}'`;
    case 'ident':
      return `'${t.value}'`;
    default:
      return `${t.kind} literal`;
  }
}
