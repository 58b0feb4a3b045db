/**
 * Evaluates a parsed tree as the reference's interpreter does (`cel-interpreter` 0.10,
 * `objects.rs` `Value::resolve`, `Value::member`, `Value::to_bool`; macro expansions of
 * `cel-parser` `macros.rs`):
 *
 * - every error propagates: `&&`, `||`, `?:` and the macros absorb none (`true || 1/0` is true only
 *   because the right side is never evaluated; `false || 1/0` is an error, `1/0 || true` too);
 * - `!`, `&&`, `||`, `?:` and the macros read any value by truthiness (value.ts `truthy`); `&&`
 *   yields a bool, `||` yields the deciding operand itself (`'' || 'x'` is "x");
 * - `exists` yields the last predicate value (`[0, 1].exists(x, x)` is 1), `all` a bool,
 *   `exists_one` counts every element (no short circuit);
 * - `m.f` on a map without key "f" is an error (No such key), `m['f']` is null, `l[9]` past the
 *   end is null, `has(x.f)` on a non-map is false;
 * - an unknown name (variable or function) is "Undeclared reference" when reached.
 *
 * A CostLimitError (our meter) passes through everything.
 */
import type { Comprehension, Expr } from './ast.js';
import type { WorkBudget } from '../lib/budget.js';
import { CelEvalError } from './errors.js';
import { FUNCTIONS, type Ftx } from './functions.js';
import { JUDGE_FUNCTIONS } from './judge-functions.js';
import type { Meter } from './meter.js';
import { binary, negate } from './operators.js';
import { STRUCT_PREFIX } from './parse.js';
import { debugValue } from './show.js';
import { timestampFromClock } from './time.js';
import { CelFunction, CelMap, CelTimestamp, isCelKey, keyText, truthy, type CelValue } from './value.js';

/** Variables bound by comprehensions, innermost first. */
interface Local {
  readonly name: string;
  readonly value: CelValue;
  readonly outer: Local | undefined;
}

export interface EvaluationOptions {
  /** The run's injected clock, Unix seconds (Tenuo's `Utc::now()`); without it the clock functions fail. */
  readonly now?: number | undefined;
  /** The scenario's work budget, charged with this evaluation's cost and regex work (budget.ts). */
  readonly budget?: WorkBudget | undefined;
  /** A scenario judge's evaluation: the judge-only functions (judge-functions.ts) exist too. */
  readonly judge?: boolean | undefined;
}

export function undeclared(name: string): CelEvalError {
  return new CelEvalError(`Undeclared reference to '${name}'`);
}

export class Evaluation {
  constructor(
    private readonly variables: ReadonlyMap<string, CelValue>,
    private readonly meter: Meter,
    private readonly options: EvaluationOptions = {},
  ) {}

  evaluate(expr: Expr): CelValue {
    return this.eval(expr, undefined);
  }

  eval(expr: Expr, locals: Local | undefined): CelValue {
    this.meter.charge(1);
    switch (expr.kind) {
      case 'literal':
        return expr.value;
      case 'ident':
        return this.ident(expr.name, locals);
      case 'select':
        return member(this.eval(expr.operand, locals), expr.field);
      case 'has': {
        const m = this.eval(expr.operand, locals);
        if (!(m instanceof CelMap)) return false;
        for (const k of m.keys()) if (keyText(k) === expr.field) return true;
        return false;
      }
      case 'index':
        return index(this.eval(expr.operand, locals), this.eval(expr.index, locals));
      case 'call':
        return this.call(expr, locals);
      case 'list': {
        const out = expr.elements.map((x) => this.eval(x, locals));
        this.meter.charge(out.length);
        return out;
      }
      case 'map':
        return this.map(expr, locals);
      case 'not':
        return !truthy(this.eval(expr.operand, locals));
      case 'negate':
        return negate(this.eval(expr.operand, locals));
      case 'binary': {
        const left = this.eval(expr.left, locals);
        return binary(expr.op, left, this.eval(expr.right, locals), this.meter);
      }
      case 'and': {
        const left = this.eval(expr.left, locals);
        if (!truthy(left)) return false;
        return truthy(this.eval(expr.right, locals));
      }
      case 'or': {
        const left = this.eval(expr.left, locals);
        return truthy(left) ? left : this.eval(expr.right, locals);
      }
      case 'conditional':
        return this.eval(truthy(this.eval(expr.test, locals)) ? expr.then : expr.otherwise, locals);
      case 'comprehension':
        return this.comprehension(expr, locals);
    }
  }

  private ident(name: string, locals: Local | undefined): CelValue {
    for (let l = locals; l !== undefined; l = l.outer) if (l.name === name) return l.value;
    const v = this.variables.get(name);
    if (v !== undefined) return v;
    throw undeclared(name);
  }

  private call(expr: Expr & { kind: 'call' }, locals: Local | undefined): CelValue {
    if (expr.fn.startsWith(STRUCT_PREFIX)) {
      throw new CelEvalError(
        `message construction ${expr.fn.slice(STRUCT_PREFIX.length)}{…} is not supported (the reference's interpreter panics: todo!("Support structs!"))`,
      );
    }
    // Value::resolve evaluates the first argument of every one- and two-argument call before it
    // looks at the name (it is checking for an operator), so its error comes first; then the
    // function is looked up, then the target is evaluated, then the function runs (and evaluates
    // the arguments it asks for, the first one again).
    if (expr.args.length === 1 || expr.args.length === 2) this.eval(expr.args[0]!, locals);
    const fn = FUNCTIONS.get(expr.fn) ?? (this.options.judge === true ? JUDGE_FUNCTIONS.get(expr.fn) : undefined);
    if (fn === undefined) throw undeclared(expr.fn);
    const target = expr.target === undefined ? undefined : this.eval(expr.target, locals);
    // Functions scan a string or bytes target (contains, matches, size of bytes…): paid by length.
    if (typeof target === 'string' || target instanceof Uint8Array) this.meter.chargeSize(target);
    const out = fn(new Call(this, expr.fn, target, expr.args, locals, this.meter, this.options));
    this.meter.chargeSize(out);
    return out;
  }

  private map(expr: Expr & { kind: 'map' }, locals: Local | undefined): CelValue {
    const out = new CelMap();
    for (const entry of expr.entries) {
      const key = this.eval(entry.key, locals);
      if (!isCelKey(key)) throw new CelEvalError(`Unable to use value '${debugValue(key)}' as a key`);
      out.set(key, this.eval(entry.value, locals));
    }
    this.meter.charge(out.size);
    return out;
  }

  private comprehension(comprehension: Comprehension, locals: Local | undefined): CelValue {
    const range = this.eval(comprehension.range, locals);
    let items: Iterable<CelValue>;
    if (Array.isArray(range)) items = range as readonly CelValue[];
    else if (range instanceof CelMap) items = range.keys();
    // `t => todo!("Support {t:?}")`: a panic in the reference.
    else
      throw new CelEvalError(
        `${comprehension.macro}() cannot iterate over ${debugValue(range)} (the reference's interpreter panics: todo!)`,
      );

    const scope = (item: CelValue): Local => ({ name: comprehension.variable, value: item, outer: locals });
    switch (comprehension.macro) {
      case 'all': {
        let accu = true;
        for (const item of items) {
          this.meter.charge(1);
          if (!accu) break;
          accu = truthy(this.eval(comprehension.body, scope(item)));
        }
        return accu;
      }
      case 'exists': {
        let accu: CelValue = false;
        for (const item of items) {
          this.meter.charge(1);
          if (truthy(accu)) break;
          accu = this.eval(comprehension.body, scope(item));
        }
        return accu;
      }
      case 'exists_one': {
        let count = 0;
        for (const item of items) {
          this.meter.charge(1);
          if (truthy(this.eval(comprehension.body, scope(item)))) count++;
        }
        return count === 1;
      }
      case 'filter':
      case 'map': {
        const out: CelValue[] = [];
        const test = comprehension.macro === 'filter' ? comprehension.body : comprehension.filter;
        for (const item of items) {
          this.meter.charge(1);
          const local = scope(item);
          if (test !== undefined && !truthy(this.eval(test, local))) continue;
          const v = comprehension.macro === 'filter' ? item : this.eval(comprehension.body, local);
          this.meter.chargeSize(v);
          out.push(v);
        }
        return out;
      }
    }
  }
}

/** A call's view of its arguments (the crate's FunctionContext with its `arg_idx`). */
class Call implements Ftx {
  private cursor = 0;

  constructor(
    private readonly ev: Evaluation,
    readonly name: string,
    private readonly target: CelValue | undefined,
    private readonly args: readonly Expr[],
    private readonly locals: Local | undefined,
    private readonly meter: Meter,
    private readonly options: EvaluationOptions,
  ) {}

  self(): CelValue {
    if (this.target !== undefined) return this.target;
    if (this.cursor >= this.args.length) throw new CelEvalError('Missing argument or target');
    return this.next();
  }

  next(): CelValue {
    const i = this.cursor++;
    if (i >= this.args.length) {
      throw new CelEvalError(`Invalid argument count: expected ${i + 1}, got ${this.args.length}`);
    }
    return this.paid(this.ev.eval(this.args[i]!, this.locals));
  }

  all(): CelValue[] {
    return this.args.map((a) => this.paid(this.ev.eval(a, this.locals)));
  }

  now(): CelTimestamp {
    const now = this.options.now;
    if (now === undefined || !Number.isFinite(now)) {
      throw new CelEvalError(`${this.name}() needs the run's clock, and none was given to this evaluation`);
    }
    return timestampFromClock(now);
  }

  chargeRegex(units: number): void {
    this.meter.chargeRegex(units);
  }

  get budget(): WorkBudget | undefined {
    return this.options.budget;
  }

  /** Functions scan their string and bytes arguments, so those are paid for by length. */
  private paid(v: CelValue): CelValue {
    if (typeof v === 'string' || v instanceof Uint8Array) this.meter.chargeSize(v);
    return v;
  }
}

/** `Value::member`: a map's String key, else a function of that name as a value, else No such key. */
function member(operand: CelValue, field: string): CelValue {
  if (operand instanceof CelMap) {
    const v = operand.field(field);
    if (v !== undefined) return v;
  }
  if (FUNCTIONS.has(field)) return new CelFunction(field, operand);
  throw new CelEvalError(`No such key: ${field}`);
}

/** The `INDEX` operator of `Value::resolve`. */
function index(operand: CelValue, key: CelValue): CelValue {
  if (Array.isArray(operand)) {
    if (typeof key !== 'bigint') throw new CelEvalError(`Cannot use value as list index: ${debugValue(key)}`);
    // `idx as usize`: a negative index is a huge one, so null like any index past the end.
    const list = operand as readonly CelValue[];
    return key >= 0n && key < BigInt(list.length) ? list[Number(key)]! : null;
  }
  if (typeof operand === 'string' && typeof key === 'bigint') return stringIndex(operand, key);
  if (operand instanceof CelMap) {
    if (!isCelKey(key)) throw new CelEvalError(`Cannot use value as map index: ${debugValue(key)}`);
    return operand.get(key) ?? null;
  }
  throw new CelEvalError(`Cannot use value ${debugValue(operand)} to index ${debugValue(key)}`);
}

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** `str.get(idx..idx+1)`: one byte of the UTF-8 text as a string, or null (out of range, or not a whole character). */
function stringIndex(s: string, idx: bigint): CelValue {
  if (idx < 0n || idx >= BigInt(s.length * 3)) return null;
  const bytes = utf8.encode(s);
  const i = Number(idx);
  if (i >= bytes.length) return null;
  try {
    return strictUtf8.decode(bytes.subarray(i, i + 1));
  } catch {
    return null;
  }
}
