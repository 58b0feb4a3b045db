/**
 * Judges checked when a scenario is loaded (docs/effects.md): a judge that reads a field no effect has
 * (`e.pth`), compares `e.type` with a name no effect has (`"file_raed"`), or cannot return a bool
 * is refused with its position, instead of failing in the middle of a run or (worse) quietly
 * evaluating to false for ever: `e.type == "file_raed"` never errs, it is just never true.
 *
 * A small type inference over the CEL tree, against the effect table (effects.ts). It reports only
 * what it knows: every type it cannot tell is `dyn`, and `dyn` is accepted everywhere. What it knows:
 * `effects` is a list of effects; a comprehension variable over it is an effect; `e.F` is the field
 * F's type (the table's; several types by effect kind give `dyn`); literals; comparisons, `in`,
 * `&&`, `||`, `!`, `has`, `all`/`exists`/`exists_one` and the string tests are bool; `size` is int.
 * Inside `e.type == "T" && …` the effect `e` is known to be a T, so `e.content` there is checked
 * against T's fields alone: CEL's `&&` would fail on every T effect (and give false on the others).
 */
import type { Expr } from '../cel/ast.js';
import { parseCel } from '../cel/parse.js';
import { CelUint } from '../cel/value.js';
import { EFFECTS, EFFECT_TYPES, fieldIndex, isEffectType, type EffectType, type FieldType } from '../world/effects.js';
import { fieldLocator } from './judge-field-offset.js';
import { hint } from './suggest.js';

export interface JudgeProblem {
  /** Offset in the expression of what is wrong. */
  readonly at: number;
  readonly message: string;
}

type Prim = 'bool' | 'int' | 'uint' | 'double' | 'string' | 'bytes' | 'null' | 'type';

type Ty =
  | { readonly kind: 'dyn' }
  | { readonly kind: 'prim'; readonly name: Prim }
  | { readonly kind: 'list'; readonly elem: Ty }
  | { readonly kind: 'map'; readonly value: Ty }
  /** An element of `effects`, known to be one of `types`. */
  | { readonly kind: 'effect'; readonly types: readonly EffectType[] };

const DYN: Ty = { kind: 'dyn' };
const prim = (name: Prim): Ty => ({ kind: 'prim', name });
const BOOL = prim('bool');
const INT = prim('int');
const STRING = prim('string');
const ANY_EFFECT: Ty = { kind: 'effect', types: EFFECT_TYPES };

/** The variable the judges see. */
export const JUDGE_BINDINGS: Readonly<Record<string, Ty>> = {
  effects: { kind: 'list', elem: ANY_EFFECT },
  // files (map), balance, emails, transactions, sent: the environment's state after the run (docs/effects.md).
  final: { kind: 'map', value: DYN },
};

/** Fields every effect has in a judge's view: `seq`, its position in the run (src/trial/judge.ts). */
const COMMON_FIELDS: Readonly<Record<string, Ty>> = { type: STRING, seq: INT };

function fromField(t: FieldType): Ty {
  switch (t) {
    case 'string':
      return STRING;
    case 'bool':
      return BOOL;
    case 'int':
      return INT;
    case 'number':
      return DYN; // an int or a double by value
    case 'list(string)':
      return { kind: 'list', elem: STRING };
    case 'list(list(string))':
      return { kind: 'list', elem: { kind: 'list', elem: STRING } };
    case 'map(string, dyn)':
      return { kind: 'map', value: DYN };
  }
}

function show(t: Ty): string {
  switch (t.kind) {
    case 'dyn':
      return 'dyn';
    case 'prim':
      return t.name;
    case 'list':
      return `list(${show(t.elem)})`;
    case 'map':
      return `map(string, ${show(t.value)})`;
    case 'effect':
      return 'an effect';
  }
}

/** Definitely not a bool (dyn may be one). */
const notBool = (t: Ty): boolean => t.kind !== 'dyn' && !(t.kind === 'prim' && t.name === 'bool');

function same(a: Ty, b: Ty): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'dyn':
      return true;
    case 'prim':
      return a.name === (b as typeof a).name;
    case 'list':
      return same(a.elem, (b as typeof a).elem);
    case 'map':
      return same(a.value, (b as typeof a).value);
    case 'effect': {
      const o = (b as typeof a).types;
      return a.types.length === o.length && a.types.every((x) => o.includes(x));
    }
  }
}

const joined = (types: readonly Ty[]): Ty => (types.length > 0 && types.every((t) => same(t, types[0]!)) ? types[0]! : DYN);

function literalType(v: unknown): Ty {
  if (typeof v === 'boolean') return BOOL;
  if (typeof v === 'bigint') return INT;
  if (typeof v === 'number') return prim('double');
  if (typeof v === 'string') return STRING;
  if (v === null) return prim('null');
  if (v instanceof CelUint) return prim('uint');
  if (v instanceof Uint8Array) return prim('bytes');
  return DYN;
}

const RESULT_OF_GLOBAL: Readonly<Record<string, Ty>> = {
  size: INT,
  matches: BOOL,
  int: INT,
  uint: prim('uint'),
  double: prim('double'),
  string: STRING,
  bytes: prim('bytes'),
  bool: BOOL,
  type: prim('type'),
  net_in_cidr: BOOL,
  net_is_private: BOOL,
};

const RESULT_OF_METHOD: Readonly<Record<string, Ty>> = {
  size: INT,
  contains: BOOL,
  startsWith: BOOL,
  endsWith: BOOL,
  matches: BOOL,
};

type Scope = ReadonlyMap<string, Ty>;

/** `V.type == "lit"` (either side) for a variable V: [V, lit]. */
function typeTest(e: Expr): [string, Expr & { kind: 'literal' }] | undefined {
  if (e.kind !== 'binary' || e.op !== '==') return undefined;
  for (const [a, b] of [
    [e.left, e.right],
    [e.right, e.left],
  ] as const) {
    if (a.kind === 'select' && a.field === 'type' && a.operand.kind === 'ident' && b.kind === 'literal' && typeof b.value === 'string') {
      return [a.operand.name, b];
    }
  }
  return undefined;
}

/** The type tests that hold whenever `e` is true: the conjuncts of an `&&` chain. */
function facts(e: Expr, out: Map<string, EffectType>): void {
  if (e.kind === 'and') {
    facts(e.left, out);
    facts(e.right, out);
    return;
  }
  const t = typeTest(e);
  if (t !== undefined && isEffectType(t[1].value as string)) out.set(t[0], t[1].value as EffectType);
}

class Checker {
  readonly problems: JudgeProblem[] = [];
  private readonly fields = fieldIndex();

  constructor(private readonly fieldAt: (select: Expr & { kind: 'select' | 'has' }) => number) {}

  private report(at: number, message: string): void {
    this.problems.push({ at, message });
  }

  private expectBool(e: Expr, t: Ty, what: string): void {
    if (notBool(t)) this.report(e.at, `${what} must be a bool, but this is ${show(t)}`);
  }

  infer(e: Expr, scope: Scope): Ty {
    switch (e.kind) {
      case 'literal':
        return literalType(e.value);
      case 'ident':
        return scope.get(e.name) ?? JUDGE_BINDINGS[e.name] ?? DYN;
      case 'select':
        return this.select(e, this.infer(e.operand, scope));
      case 'has': {
        const t = this.infer(e.operand, scope);
        // has() of a field no effect has is always false: a typo, like `e.pth`.
        if (t.kind === 'effect' && !Object.prototype.hasOwnProperty.call(COMMON_FIELDS, e.field) && !this.fields.has(e.field))
          this.noField(e, e.field, EFFECT_TYPES);
        return BOOL;
      }
      case 'index': {
        const t = this.infer(e.operand, scope);
        this.infer(e.index, scope);
        if (t.kind === 'list') return t.elem;
        if (t.kind === 'map') return t.value;
        return DYN;
      }
      case 'call': {
        if (e.target !== undefined) this.infer(e.target, scope);
        for (const a of e.args) this.infer(a, scope);
        // The judge-only first()/last() give an element of their list: `….last().path` is checked.
        if (e.fn === 'first' || e.fn === 'last') {
          const of = e.target ?? e.args[0];
          const t = of === undefined ? DYN : this.quiet(of, scope);
          return t.kind === 'list' ? t.elem : DYN;
        }
        const table = e.target === undefined ? RESULT_OF_GLOBAL : RESULT_OF_METHOD;
        return Object.prototype.hasOwnProperty.call(table, e.fn) ? table[e.fn]! : DYN;
      }
      case 'list':
        return { kind: 'list', elem: e.elements.length === 0 ? DYN : joined(e.elements.map((x) => this.infer(x, scope))) };
      case 'map':
        for (const entry of e.entries) {
          this.infer(entry.key, scope);
          this.infer(entry.value, scope);
        }
        return { kind: 'map', value: DYN };
      case 'not':
        this.expectBool(e.operand, this.infer(e.operand, scope), "the operand of '!'");
        return BOOL;
      case 'negate': {
        const t = this.infer(e.operand, scope);
        return t.kind === 'prim' && (t.name === 'int' || t.name === 'double') ? t : DYN;
      }
      case 'binary':
        return this.binary(e, scope);
      case 'and':
      case 'or': {
        const op = e.kind === 'and' ? '&&' : '||';
        this.expectBool(e.left, this.infer(e.left, scope), `each side of '${op}'`);
        // Right of `V.type == "T" && …`, V is a T (see the header).
        let inner = scope;
        if (e.kind === 'and') {
          const known = new Map<string, EffectType>();
          facts(e.left, known);
          if (known.size > 0) {
            const narrowed = new Map(scope);
            for (const [name, type] of known) {
              const t = narrowed.get(name) ?? JUDGE_BINDINGS[name];
              if (t?.kind === 'effect') narrowed.set(name, { kind: 'effect', types: [type] });
            }
            inner = narrowed;
          }
        }
        this.expectBool(e.right, this.infer(e.right, inner), `each side of '${op}'`);
        return BOOL;
      }
      case 'conditional': {
        this.expectBool(e.test, this.infer(e.test, scope), 'the condition of `? :`');
        return joined([this.infer(e.then, scope), this.infer(e.otherwise, scope)]);
      }
      case 'comprehension': {
        const range = this.infer(e.range, scope);
        const elem = range.kind === 'list' ? range.elem : range.kind === 'map' ? STRING : DYN;
        const inner = new Map(scope);
        inner.set(e.variable, elem);
        if (e.filter !== undefined) this.expectBool(e.filter, this.infer(e.filter, inner), `the filter of ${e.macro}()`);
        const body = this.infer(e.body, inner);
        switch (e.macro) {
          case 'all':
          case 'exists':
          case 'exists_one':
            this.expectBool(e.body, body, `the condition of ${e.macro}()`);
            return BOOL;
          case 'filter':
            this.expectBool(e.body, body, 'the condition of filter()');
            return range.kind === 'list' ? range : DYN;
          case 'map':
            return { kind: 'list', elem: body };
        }
      }
    }
  }

  private select(e: Expr & { kind: 'select' }, operand: Ty): Ty {
    if (operand.kind === 'map') return operand.value;
    if (operand.kind !== 'effect') return DYN;
    if (Object.prototype.hasOwnProperty.call(COMMON_FIELDS, e.field)) return COMMON_FIELDS[e.field]!;
    const having = operand.types.filter((t) => Object.prototype.hasOwnProperty.call(EFFECTS[t].fields, e.field));
    if (having.length === 0) {
      this.noField(e, e.field, operand.types);
      return DYN;
    }
    return joined(having.map((t) => fromField((EFFECTS[t].fields as Readonly<Record<string, { type: FieldType }>>)[e.field]!.type)));
  }

  private noField(e: Expr & { kind: 'select' | 'has' }, field: string, types: readonly EffectType[]): void {
    if (types.length === EFFECT_TYPES.length) {
      this.report(this.fieldAt(e), `no effect has a field '${field}'${hint(field, ['type', ...this.fields.keys()])}`);
    } else {
      const names = types.flatMap((t) => Object.keys(EFFECTS[t].fields));
      const own = [...new Set(['type', ...names])];
      const others = (this.fields.get(field) ?? []).map((x) => x.effect);
      const where = others.length > 0 ? `; only ${others.join(', ')} ${others.length === 1 ? 'has' : 'have'} it` : hint(field, own);
      this.report(this.fieldAt(e), `${types.join(', ')} effects have no field '${field}' (they have ${own.join(', ')})${where}`);
    }
  }

  private binary(e: Expr & { kind: 'binary' }, scope: Scope): Ty {
    const left = this.infer(e.left, scope);
    const right = this.infer(e.right, scope);
    switch (e.op) {
      case '==':
      case '!=':
        this.effectTypeName(e.left, e.right, scope);
        this.effectTypeName(e.right, e.left, scope);
        return BOOL;
      case 'in':
        // `e.type in ["file_read", "file_written"]`
        if (e.right.kind === 'list') for (const x of e.right.elements) this.effectTypeName(e.left, x, scope);
        return BOOL;
      case '<':
      case '<=':
      case '>':
      case '>=':
        return BOOL;
      default:
        return left.kind === 'prim' && same(left, right) && left.name !== 'bool' && left.name !== 'null' && left.name !== 'type'
          ? left
          : left.kind === 'list' && right.kind === 'list'
            ? { kind: 'list', elem: joined([left.elem, right.elem]) }
            : DYN;
    }
  }

  /** `e.type` compared with a string literal that names no effect: never true, so a typo. */
  private effectTypeName(side: Expr, other: Expr, scope: Scope): void {
    if (side.kind !== 'select' || side.field !== 'type' || other.kind !== 'literal' || typeof other.value !== 'string') return;
    if (isEffectType(other.value) || this.quiet(side.operand, scope).kind !== 'effect') return;
    this.report(
      other.at,
      `no effect has the type ${JSON.stringify(other.value)}${hint(other.value, EFFECT_TYPES)} (effect types: ${EFFECT_TYPES.join(', ')})`,
    );
  }

  /** The type of an expression already checked, without reporting its problems a second time. */
  private quiet(e: Expr, scope: Scope): Ty {
    const before = this.problems.length;
    const t = this.infer(e, scope);
    this.problems.length = before;
    return t;
  }
}

/** Definitely not a number (an int, a uint or a double; dyn may be one). */
const notNumber = (t: Ty): boolean =>
  t.kind !== 'dyn' && !(t.kind === 'prim' && (t.name === 'int' || t.name === 'uint' || t.name === 'double'));

/**
 * The problems of a judge expression that compiles (the loader checks that first), in the order
 * they appear; empty when it is fine or when nothing certain can be said. `returns`: what the judge
 * gives, a bool (`task`, `attack`) or a number (`damage`, docs/effects.md#damage).
 */
export function checkJudge(expression: string, returns: 'bool' | 'number' = 'bool'): JudgeProblem[] {
  let tree: Expr;
  try {
    tree = parseCel(expression);
  } catch {
    return []; // the compile check reports it
  }
  const checker = new Checker(fieldLocator(expression));
  const result = checker.infer(tree, new Map());
  if (returns === 'bool' && notBool(result)) {
    checker.problems.push({ at: tree.at, message: `a judge must return a bool, but this returns ${show(result)}` });
  }
  if (returns === 'number' && notNumber(result)) {
    checker.problems.push({
      at: tree.at,
      message: `judge.damage must return a number (an int or a double), but this returns ${show(result)}`,
    });
  }
  return [...checker.problems].sort((a, b) => a.at - b.at);
}
