/**
 * Cost metering for @bufbuild/cel, which has no evaluation limit of its own.
 *
 * The parsed syntax tree is rewritten so that the evaluator reports its own work: every call (a
 * function, method or operator, including the ones macros expand to) is wrapped in `@cost(…)`,
 * which charges 1 plus the size of the value it returns; every argument that is not itself a call
 * is wrapped too, so that an operation whose work grows with its inputs (`x in list`, `s.matches(r)`)
 * pays for them; and every comprehension's loop condition is wrapped in `@loop(…)`, which charges
 * one unit per iteration. When the meter runs out, the metering function fails; @bufbuild/cel turns
 * that into a CEL error and a comprehension whose loop condition errs stops at once, so a hostile
 * expression ends after at most MAX_EVALUATION_COST units of work. The caller also checks the meter
 * after evaluation, because CEL's error-absorbing `||`/`&&` could otherwise turn an aborted branch
 * into a result.
 *
 * The same walk measures the tree's depth and collects free identifiers (names not bound by a
 * comprehension), so that compilation can refuse undeclared variables with a useful message.
 */
import { celFunc, CelScalar, isCelList, isCelMap } from '@bufbuild/cel';
import type { CelValue, parse } from '@bufbuild/cel';
import { MAX_AST_DEPTH, MAX_EVALUATION_COST } from './limits.js';

type Expr = ReturnType<typeof parse>['expr'];

export const COST_FN = '@cost';
export const LOOP_FN = '@loop';

/** The meter of the evaluation in progress (evaluation is synchronous, so one suffices). */
export class Meter {
  spent = 0;
  exceeded = false;
  constructor(readonly limit: number = MAX_EVALUATION_COST) {}

  charge(units: number): void {
    this.spent += units;
    if (this.spent > this.limit) {
      this.exceeded = true;
      throw new Error(`evaluation cost limit of ${this.limit} exceeded`);
    }
  }
}

let current: Meter | undefined;

/** Runs `fn` with `meter` as the active meter. */
export function withMeter<T>(meter: Meter, fn: () => T): T {
  const previous = current;
  current = meter;
  try {
    return fn();
  } finally {
    current = previous;
  }
}

function sizeUnits(v: CelValue): number {
  if (typeof v === 'string' || v instanceof Uint8Array) return Math.floor(v.length / 64);
  // Lists and maps are charged per entry: building or scanning one costs about a call per entry.
  if (isCelList(v) || isCelMap(v)) return v.size;
  return 0;
}

function activeMeter(): Meter {
  // Evaluating an instrumented program outside withMeter is a programming error: fail closed.
  if (current === undefined) throw new Error('CEL evaluated without a cost meter');
  return current;
}

/** The metering functions; registered in every environment that runs instrumented programs. */
export const meteringFuncs = [
  celFunc(COST_FN, [CelScalar.DYN], CelScalar.DYN, (v: CelValue) => {
    activeMeter().charge(1 + sizeUnits(v));
    return v;
  }),
  celFunc(LOOP_FN, [CelScalar.DYN], CelScalar.DYN, (v: CelValue) => {
    activeMeter().charge(1);
    return v;
  }),
];

/** Names CEL itself defines: type denotations usable as values (`type(x) == int`). */
const BUILTIN_IDENTS = new Set(['int', 'uint', 'double', 'bool', 'string', 'bytes', 'list', 'map', 'null_type', 'type', 'dyn']);

export interface Analysis {
  /** Identifiers used but not bound by a comprehension, in order of first use. */
  readonly freeIdents: readonly string[];
}

export class AstLimitError extends Error {
  override readonly name = 'AstLimitError';
}

/**
 * Rewrites `root` in place (it must be a tree this module's caller owns) and returns what the walk
 * learned. Throws AstLimitError when the tree is deeper than MAX_AST_DEPTH.
 */
export function instrument(root: Expr): Analysis {
  let nextId = maxId(root, 0n) + 1n;
  const free: string[] = [];
  const seen = new Set<string>();

  const wrap = (fn: string, e: Expr): Expr => {
    // Plain objects of the generated message shape are all the planner reads (`id`, `exprKind`).
    const node = {
      $typeName: 'cel.expr.Expr',
      id: nextId++,
      exprKind: {
        case: 'callExpr',
        value: { $typeName: 'cel.expr.Expr.Call', function: fn, args: [e], target: undefined },
      },
    };
    return node as unknown as Expr;
  };
  const isCall = (e: Expr): boolean => e.exprKind.case === 'callExpr';
  // A list or map literal is rebuilt at every evaluation (inside a loop: at every iteration), and a
  // comprehension's result may be large, so wherever one appears its entries are paid for.
  const sized = (e: Expr): Expr => {
    const c = e.exprKind.case;
    return c === 'listExpr' || c === 'structExpr' || c === 'comprehensionExpr' ? wrap(COST_FN, e) : e;
  };

  const visit = (e: Expr, depth: number, bound: readonly string[]): void => {
    if (depth > MAX_AST_DEPTH) throw new AstLimitError(`expression nests deeper than ${MAX_AST_DEPTH}`);
    const k = e.exprKind;
    switch (k.case) {
      case 'identExpr':
        if (!bound.includes(k.value.name) && !BUILTIN_IDENTS.has(k.value.name) && !seen.has(k.value.name)) {
          seen.add(k.value.name);
          free.push(k.value.name);
        }
        return;
      case 'selectExpr':
        if (k.value.operand) visit(k.value.operand, depth + 1, bound);
        return;
      case 'callExpr': {
        const call = k.value;
        if (call.target) {
          visit(call.target, depth + 1, bound);
          if (!isCall(call.target)) call.target = wrap(COST_FN, call.target);
        }
        call.args = call.args.map((a) => {
          visit(a, depth + 1, bound);
          return isCall(a) ? a : wrap(COST_FN, a);
        });
        return;
      }
      case 'listExpr':
        k.value.elements = k.value.elements.map((el) => {
          visit(el, depth + 1, bound);
          return sized(el);
        });
        return;
      case 'structExpr':
        for (const entry of k.value.entries) {
          if (entry.keyKind.case === 'mapKey') visit(entry.keyKind.value, depth + 1, bound);
          if (entry.value) {
            visit(entry.value, depth + 1, bound);
            entry.value = sized(entry.value);
          }
        }
        return;
      case 'comprehensionExpr': {
        const c = k.value;
        if (c.iterRange) {
          visit(c.iterRange, depth + 1, bound);
          c.iterRange = sized(c.iterRange);
        }
        if (c.accuInit) {
          visit(c.accuInit, depth + 1, bound);
          c.accuInit = sized(c.accuInit);
        }
        const inner = [...bound, c.iterVar, c.accuVar, ...(c.iterVar2 ? [c.iterVar2] : [])];
        if (c.loopCondition) {
          visit(c.loopCondition, depth + 1, inner);
          c.loopCondition = wrap(LOOP_FN, c.loopCondition);
        }
        if (c.loopStep) {
          visit(c.loopStep, depth + 1, inner);
          if (!isCall(c.loopStep)) c.loopStep = wrap(COST_FN, c.loopStep);
        }
        if (c.result) {
          visit(c.result, depth + 1, [...bound, c.accuVar]);
          c.result = sized(c.result);
        }
        return;
      }
      default:
        return;
    }
  };

  visit(root, 0, []);
  return { freeIdents: free };
}

function maxId(e: Expr | undefined, acc: bigint): bigint {
  if (e === undefined) return acc;
  let m = e.id > acc ? e.id : acc;
  const k = e.exprKind;
  switch (k.case) {
    case 'selectExpr':
      return maxId(k.value.operand, m);
    case 'callExpr':
      m = maxId(k.value.target, m);
      for (const a of k.value.args) m = maxId(a, m);
      return m;
    case 'listExpr':
      for (const a of k.value.elements) m = maxId(a, m);
      return m;
    case 'structExpr':
      for (const entry of k.value.entries) {
        if (entry.id > m) m = entry.id;
        if (entry.keyKind.case === 'mapKey') m = maxId(entry.keyKind.value, m);
        m = maxId(entry.value, m);
      }
      return m;
    case 'comprehensionExpr': {
      const c = k.value;
      for (const x of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result]) m = maxId(x, m);
      return m;
    }
    default:
      return m;
  }
}
