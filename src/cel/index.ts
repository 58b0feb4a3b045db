/**
 * The one CEL entry point (docs/cel.md): the dialect of the reference's evaluator, Tenuo's
 * `cel-interpreter` 0.10 + `cel-parser` 0.10.1 with Tenuo's registered functions
 * (`tenuo-core/src/cel.rs`), surprises included (docs/cel.md lists every
 * departure from the CEL specification with the crate's source as authority).
 *
 * Compiling only parses (an unknown name or function is an error when reached, as there); programs
 * are cached by expression text, as Tenuo's CEL_CACHE does. Evaluation is bounded by our own limits
 * (length, nesting, cost, regex work), which the reference does not have: a refusal by one of them
 * carries code `cel_limit` and says so, so it is never mistaken for the policy's own decision.
 *
 * The interpreter is this module's own (lexer.ts, parse.ts, check.ts, evaluate.ts, functions.ts,
 * operators.ts, time.ts); it is tested against the crate's behaviour read from its source
 * (test/cel/tenuo-corpus.test.ts), the cel-spec conformance suite and @bufbuild/cel where they agree.
 */
import { checkTree } from './check.js';
import { CelConversionError, fromCelValue, newInputBudget, toCelValue } from './convert.js';
import { CelError, CelEvalError, CostLimitError, LIMIT_NOTE } from './errors.js';
import { Evaluation, type EvaluationOptions } from './evaluate.js';
import { MAX_BRACKET_DEPTH, MAX_EVALUATION_COST, MAX_EXPRESSION_LENGTH } from './limits.js';
import { Meter } from './meter.js';
import { parseCel } from './parse.js';
import type { Expr } from './ast.js';
import type { CelValue } from './value.js';

export * from './limits.js';
export { WorkBudget, type WorkLimits } from '../lib/budget.js';
export { CelError } from './errors.js';
export type { CelErrorCode } from './errors.js';
export type { EvaluationOptions } from './evaluate.js';

export type CelResult =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string; readonly code: 'cel_eval' | 'cel_limit' };

export interface CelProgram {
  readonly expression: string;
  /** The names the expression reads that no comprehension binds (first use first). */
  readonly variables: readonly string[];
  /** Evaluates with the given bindings (extra ones are ignored). Never throws; bounded in time and memory. */
  evaluate(bindings: Readonly<Record<string, unknown>>, options?: EvaluationOptions): CelResult;
}

function limitError(message: string): CelError {
  return new CelError(`${message} (${LIMIT_NOTE})`, undefined, undefined, true);
}

/**
 * Checks the text before the parser sees it: length, and bracket nesting. Brackets inside string
 * literals are counted too: conservative, and a legitimate expression never needs 32 levels.
 */
function precheck(expression: string): void {
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw limitError(`expression is ${expression.length} characters long; delegation-bench's limit is ${MAX_EXPRESSION_LENGTH}`);
  }
  let depth = 0;
  for (let i = 0; i < expression.length; i++) {
    const ch = expression[i];
    if (ch === '(' || ch === '[' || ch === '{') {
      if (++depth > MAX_BRACKET_DEPTH) throw limitError(`expression nests brackets deeper than ${MAX_BRACKET_DEPTH}`);
    } else if (ch === ')' || ch === ']' || ch === '}') {
      depth--;
    }
  }
}

/** Compiled programs (or the CelError) by expression text, as Tenuo's CEL_CACHE. Bounded. */
const CACHE_LIMIT = 1024;
const programs = new Map<string, CelProgram | CelError>();

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= CACHE_LIMIT) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** Parses and checks `expression`. Throws CelError. */
function compileTree(expression: string): { tree: Expr; free: string[] } {
  precheck(expression);
  return checkTree(parseCel(expression));
}

/** Compiles `expression` (cached by its text). Throws CelError (code cel_compile or cel_limit). */
export function compileCel(expression: string): CelProgram {
  let out = programs.get(expression);
  if (out === undefined) {
    try {
      out = compileUncached(expression);
    } catch (e) {
      if (!(e instanceof CelError)) throw e;
      out = e;
    }
    remember(programs, expression, out);
  }
  if (out instanceof CelError) throw out;
  return out;
}

function compileUncached(expression: string): CelProgram {
  const { tree, free } = compileTree(expression);
  const vars = Object.freeze([...free]);
  // Frozen: the program is shared by every caller that compiles the same text.
  return Object.freeze({
    expression,
    variables: vars,
    evaluate(bindings: Readonly<Record<string, unknown>>, options?: EvaluationOptions): CelResult {
      return evaluatePlain(tree, vars, bindings, options);
    },
  });
}

/**
 * The names `expression` reads that are not among `available` (for a warning: they are errors
 * only if evaluation reaches them). Empty when it does not compile.
 */
export function undeclaredNames(expression: string, available: readonly string[]): string[] {
  try {
    return compileCel(expression).variables.filter((n) => !available.includes(n));
  } catch {
    return [];
  }
}

function evaluatePlain(
  tree: Expr,
  variables: readonly string[],
  bindings: Readonly<Record<string, unknown>>,
  options: EvaluationOptions | undefined,
): CelResult {
  const values = new Map<string, CelValue>();
  const budget = newInputBudget();
  try {
    for (const name of variables) {
      // An unbound name is the crate's "Undeclared reference" when (and only if) it is reached.
      if (Object.prototype.hasOwnProperty.call(bindings, name)) values.set(name, toCelValue(bindings[name], name, budget));
    }
    const r = evaluateTree(tree, values, options);
    return r.ok ? { ok: true, value: fromCelValue(r.value) } : r;
  } catch (e) {
    if (e instanceof CelConversionError) return { ok: false, error: `${e.message} (${LIMIT_NOTE})`, code: 'cel_limit' };
    throw e;
  }
}

function evaluateTree(
  tree: Expr,
  values: ReadonlyMap<string, CelValue>,
  options: EvaluationOptions | undefined,
): { ok: true; value: CelValue } | { ok: false; error: string; code: 'cel_eval' | 'cel_limit' } {
  try {
    return { ok: true, value: new Evaluation(values, new Meter(MAX_EVALUATION_COST, options?.budget), options).evaluate(tree) };
  } catch (e) {
    if (e instanceof CelEvalError) return { ok: false, error: e.message, code: 'cel_eval' };
    if (e instanceof CostLimitError) return { ok: false, error: `${e.message} (${LIMIT_NOTE})`, code: 'cel_limit' };
    // The tree's depth is bounded, so this is not expected; still a result, never a crash.
    if (e instanceof RangeError) return { ok: false, error: `evaluation failed: ${e.message}`, code: 'cel_limit' };
    throw e;
  }
}

/**
 * Compiles and evaluates with CEL values in and out (the conformance tests' entry point).
 */
export function evaluateCel(
  expression: string,
  bindings: Readonly<Record<string, CelValue>>,
  options?: EvaluationOptions,
): { ok: true; value: CelValue } | { ok: false; error: string; stage: 'compile' | 'evaluate'; code: string } {
  let program: { tree: Expr };
  try {
    program = compileTree(expression);
  } catch (e) {
    if (e instanceof CelError) return { ok: false, error: e.message, stage: 'compile', code: e.code };
    throw e;
  }
  const r = evaluateTree(program.tree, new Map(Object.entries(bindings)), options);
  return r.ok ? r : { ...r, stage: 'evaluate' };
}

/** undefined when `expression` compiles, else the parser's (or a limit's) message with line:column. */
export function checkCel(expression: string): string | undefined {
  try {
    compileCel(expression);
    return undefined;
  } catch (e) {
    if (e instanceof CelError) return e.message;
    return e instanceof Error ? e.message : String(e);
  }
}

/** The compile error of `expression` (with its position within the expression), or undefined. */
export function celCompileError(expression: string): CelError | undefined {
  try {
    compileCel(expression);
    return undefined;
  } catch (e) {
    if (e instanceof CelError) return e;
    throw e;
  }
}
export { JUDGE_ONLY_FUNCTIONS } from './judge-functions.js';
import { JUDGE_ONLY_FUNCTIONS } from './judge-functions.js';

/**
 * The first call in `expression` of a judge-only function (judge-functions.ts), with its offset in
 * the expression: a grant's CEL must not use one (grants stay Tenuo's dialect). undefined when
 * there is none or the expression does not compile.
 */
export function judgeOnlyCall(expression: string): { name: string; at: number } | undefined {
  let tree: Expr;
  try {
    tree = compileTree(expression).tree;
  } catch {
    return undefined;
  }
  const names: readonly string[] = JUDGE_ONLY_FUNCTIONS;
  let found: { name: string; at: number } | undefined;
  const visit = (e: Expr | undefined): void => {
    if (e === undefined || found !== undefined) return;
    switch (e.kind) {
      case 'call':
        if (names.includes(e.fn)) found = { name: e.fn, at: e.at };
        visit(e.target);
        e.args.forEach(visit);
        return;
      case 'select':
      case 'has':
      case 'not':
      case 'negate':
        return visit(e.operand);
      case 'index':
        visit(e.operand);
        return visit(e.index);
      case 'list':
        return e.elements.forEach(visit);
      case 'map':
        return e.entries.forEach((m) => (visit(m.key), visit(m.value)));
      case 'binary':
      case 'and':
      case 'or':
        visit(e.left);
        return visit(e.right);
      case 'conditional':
        visit(e.test);
        visit(e.then);
        return visit(e.otherwise);
      case 'comprehension':
        visit(e.range);
        visit(e.filter);
        return visit(e.body);
      case 'literal':
      case 'ident':
        return;
    }
  };
  visit(tree);
  return found;
}
