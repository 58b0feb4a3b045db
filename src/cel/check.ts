/**
 * Compile-time checks on a parsed tree: its depth (MAX_AST_DEPTH, so evaluation cannot exhaust the
 * stack; our bound, not the reference's), and its free variables (names not bound by a
 * comprehension), which callers may compare with what they will bind to warn early. Functions are
 * not checked: the reference's interpreter finds them by name at run time, so an unknown function
 * or a wrong number of arguments is an evaluation error there, and here.
 *
 * Declared variables may have dotted names (`a.b`): `a.b.c` then resolves to the longest declared
 * prefix, as CEL's name resolution does (`a.b` selected `.c`, unless `a.b.c` itself is declared).
 */
import type { Expr } from './ast.js';
import { CelError } from './errors.js';
import { MAX_AST_DEPTH } from './limits.js';

/**
 * The tree with qualified names resolved against `declared`, and its free identifiers (used but not
 * bound by a comprehension), in order of first use.
 */
export function checkTree(root: Expr, declared: readonly string[] = []): { tree: Expr; free: string[] } {
  const dotted = declared.filter((d) => d.includes('.'));
  const tree = dotted.length > 0 ? resolveQualified(root, new Set(dotted), []) : root;
  const free: string[] = [];
  const visit = (e: Expr, depth: number, bound: readonly string[]): void => {
    if (depth > MAX_AST_DEPTH) {
      throw new CelError(`expression nests deeper than ${MAX_AST_DEPTH} (delegation-bench's own bound)`, undefined, undefined, true);
    }
    const d = depth + 1;
    switch (e.kind) {
      case 'literal':
        return;
      case 'ident':
        if (!bound.includes(e.name) && !free.includes(e.name)) free.push(e.name);
        return;
      case 'select':
      case 'has':
      case 'not':
      case 'negate':
        return visit(e.operand, d, bound);
      case 'index':
        visit(e.operand, d, bound);
        return visit(e.index, d, bound);
      case 'call': {
        if (e.target !== undefined) visit(e.target, d, bound);
        for (const a of e.args) visit(a, d, bound);
        return;
      }
      case 'list':
        for (const x of e.elements) visit(x, d, bound);
        return;
      case 'map':
        for (const entry of e.entries) {
          visit(entry.key, d, bound);
          visit(entry.value, d, bound);
        }
        return;
      case 'binary':
      case 'and':
      case 'or':
        visit(e.left, d, bound);
        return visit(e.right, d, bound);
      case 'conditional':
        visit(e.test, d, bound);
        visit(e.then, d, bound);
        return visit(e.otherwise, d, bound);
      case 'comprehension': {
        visit(e.range, d, bound);
        const inner = [...bound, e.variable];
        if (e.filter !== undefined) visit(e.filter, d, inner);
        return visit(e.body, d, inner);
      }
    }
  };
  visit(tree, 0, []);
  return { tree, free };
}

/** `a.b.c` as a list of names, when the expression is a chain of selections on an identifier. */
function qualifiedName(e: Expr): string[] | undefined {
  if (e.kind === 'ident') return [e.name];
  if (e.kind !== 'select') return undefined;
  const head = qualifiedName(e.operand);
  return head === undefined ? undefined : [...head, e.field];
}

/** Rewrites qualified names whose prefix is a declared dotted variable (not shadowed by a local). */
function resolveQualified(e: Expr, dotted: ReadonlySet<string>, bound: readonly string[]): Expr {
  const names = e.kind === 'select' ? qualifiedName(e) : undefined;
  if (names !== undefined && !bound.includes(names[0]!)) {
    for (let n = names.length; n >= 2; n--) {
      const name = names.slice(0, n).join('.');
      if (!dotted.has(name)) continue;
      let out: Expr = { kind: 'ident', at: e.at, name };
      for (const field of names.slice(n)) out = { kind: 'select', at: e.at, operand: out, field };
      return out;
    }
  }
  const r = (x: Expr): Expr => resolveQualified(x, dotted, bound);
  switch (e.kind) {
    case 'literal':
    case 'ident':
      return e;
    case 'select':
    case 'has':
    case 'not':
    case 'negate':
      return { ...e, operand: r(e.operand) };
    case 'index':
      return { ...e, operand: r(e.operand), index: r(e.index) };
    case 'call':
      return { ...e, target: e.target === undefined ? undefined : r(e.target), args: e.args.map(r) };
    case 'list':
      return { ...e, elements: e.elements.map(r) };
    case 'map':
      return { ...e, entries: e.entries.map((x) => ({ key: r(x.key), value: r(x.value) })) };
    case 'binary':
    case 'and':
    case 'or':
      return { ...e, left: r(e.left), right: r(e.right) };
    case 'conditional':
      return { ...e, test: r(e.test), then: r(e.then), otherwise: r(e.otherwise) };
    case 'comprehension': {
      const inner = [...bound, e.variable];
      const ri = (x: Expr): Expr => resolveQualified(x, dotted, inner);
      return { ...e, range: r(e.range), filter: e.filter === undefined ? undefined : ri(e.filter), body: ri(e.body) };
    }
  }
}
