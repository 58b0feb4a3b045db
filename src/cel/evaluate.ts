/**
 * Evaluates a checked syntax tree (src/cel/check.ts) against bound variables. Errors are CEL's:
 * a CelEvalError is a value-level error, which `&&`, `||`, `?:`, `all` and `exists` treat as the
 * language specifies (`false && error` is false, `true || error` is true, in either order); a
 * CostLimitError is the meter's verdict and passes through everything.
 */
import type { Comprehension, Expr } from './ast.js';
import { CelEvalError } from './errors.js';
import { GLOBAL_FUNCTIONS, METHODS } from './functions.js';
import type { Meter } from './meter.js';
import { binary, negate, noOverload } from './operators.js';
import { CelMap, CelUint, isCelKey, TYPE_NAMES, typeOf, type CelValue } from './value.js';

/** Variables bound by comprehensions, innermost first. */
interface Local {
  readonly name: string;
  readonly value: CelValue;
  readonly outer: Local | undefined;
}

export class Evaluation {
  constructor(
    private readonly variables: ReadonlyMap<string, CelValue>,
    private readonly meter: Meter,
  ) {}

  run(e: Expr): CelValue {
    return this.eval(e, undefined);
  }

  private eval(e: Expr, locals: Local | undefined): CelValue {
    this.meter.charge(1);
    switch (e.kind) {
      case 'literal':
        return e.value;
      case 'ident':
        return this.ident(e.name, locals);
      case 'select':
        return select(this.eval(e.operand, locals), e.field);
      case 'has': {
        const m = this.eval(e.operand, locals);
        if (m instanceof CelMap) return m.has(e.field);
        throw noOverload('has', [m]);
      }
      case 'index':
        return index(this.eval(e.operand, locals), this.eval(e.index, locals));
      case 'call':
        return this.call(e, locals);
      case 'list': {
        const out = e.elements.map((x) => this.eval(x, locals));
        this.meter.charge(out.length);
        return out;
      }
      case 'map':
        return this.map(e, locals);
      case 'not': {
        const v = this.eval(e.operand, locals);
        if (typeof v !== 'boolean') throw noOverload('!_', [v]);
        return !v;
      }
      case 'negate':
        return negate(this.eval(e.operand, locals));
      case 'binary':
        return binary(e.op, this.eval(e.left, locals), this.eval(e.right, locals), this.meter);
      case 'and':
      case 'or':
        return this.logical(e.kind, e.left, e.right, locals);
      case 'conditional': {
        const test = this.eval(e.test, locals);
        if (typeof test !== 'boolean') throw noOverload('_?_:_', [test]);
        return this.eval(test ? e.then : e.otherwise, locals);
      }
      case 'comprehension':
        return this.comprehension(e, locals);
    }
  }

  private ident(name: string, locals: Local | undefined): CelValue {
    for (let l = locals; l !== undefined; l = l.outer) if (l.name === name) return l.value;
    const v = this.variables.get(name);
    if (v !== undefined) return v;
    const type = TYPE_NAMES.get(name);
    if (type !== undefined) return type;
    throw new CelEvalError(`variable '${name}' is not bound`);
  }

  private call(e: Expr & { kind: 'call' }, locals: Local | undefined): CelValue {
    const args: CelValue[] = [];
    if (e.target !== undefined) args.push(this.eval(e.target, locals));
    for (const a of e.args) args.push(this.eval(a, locals));
    // Functions scan their string and bytes arguments (size counts code points, conversions parse,
    // tests search), so those are paid for by length; lists and maps are only counted by size().
    for (const a of args) if (typeof a === 'string' || a instanceof Uint8Array) this.meter.chargeSize(a);
    // The checker let only known names with the right arity through.
    const def = (e.target !== undefined ? METHODS : GLOBAL_FUNCTIONS).get(e.fn)!;
    const out = def.call(args);
    this.meter.chargeSize(out);
    return out;
  }

  private map(e: Expr & { kind: 'map' }, locals: Local | undefined): CelValue {
    const out = new CelMap();
    for (const entry of e.entries) {
      const key = this.eval(entry.key, locals);
      const value = this.eval(entry.value, locals);
      if (!isCelKey(key)) throw new CelEvalError(`unsupported map key type: ${typeOf(key).name}`);
      if (!out.add(key, value)) throw new CelEvalError(`repeated map key: ${formatKey(key)}`);
    }
    this.meter.charge(out.size);
    return out;
  }

  /**
   * `&&` and `||` are commutative in CEL: an error (or a non-bool) on one side is absorbed when the
   * other side decides the result on its own.
   */
  private logical(kind: 'and' | 'or', left: Expr, right: Expr, locals: Local | undefined): CelValue {
    const decisive = kind === 'or';
    const fn = kind === 'or' ? '_||_' : '_&&_';
    const l = this.attempt(left, locals);
    if (l === decisive) return decisive;
    const r = this.attempt(right, locals);
    if (r === decisive) return decisive;
    if (l instanceof CelEvalError) throw l;
    if (r instanceof CelEvalError) throw r;
    if (typeof l !== 'boolean' || typeof r !== 'boolean') throw noOverload(fn, [l, r]);
    return !decisive;
  }

  /** The value, or the CelEvalError it failed with (other errors, the meter's too, propagate). */
  private attempt(e: Expr, locals: Local | undefined): CelValue | CelEvalError {
    try {
      return this.eval(e, locals);
    } catch (err) {
      if (err instanceof CelEvalError) return err;
      throw err;
    }
  }

  private comprehension(c: Comprehension, locals: Local | undefined): CelValue {
    const range = this.eval(c.range, locals);
    let items: Iterable<CelValue>;
    if (Array.isArray(range)) items = range as readonly CelValue[];
    else if (range instanceof CelMap) items = range.keys();
    else throw new CelEvalError(`${c.macro}() cannot iterate over ${typeOf(range).name}`);

    const bodyOf = (item: CelValue): Local => ({ name: c.variable, value: item, outer: locals });
    switch (c.macro) {
      case 'all':
      case 'exists': {
        // Like a chain of && (all) or || (exists): a decisive element wins over errors elsewhere.
        const decisive = c.macro === 'exists';
        let error: CelEvalError | undefined;
        for (const item of items) {
          this.meter.charge(1);
          const v = this.attempt(c.body, bodyOf(item));
          if (v === decisive) return decisive;
          if (v instanceof CelEvalError) error ??= v;
          else if (typeof v !== 'boolean') error ??= noOverload(decisive ? '_||_' : '_&&_', [v]);
        }
        if (error !== undefined) throw error;
        return !decisive;
      }
      case 'exists_one': {
        let count = 0;
        for (const item of items) {
          this.meter.charge(1);
          const v = this.eval(c.body, bodyOf(item));
          if (typeof v !== 'boolean') throw noOverload('exists_one', [v]);
          if (v) count++;
        }
        return count === 1;
      }
      case 'filter':
      case 'map': {
        const out: CelValue[] = [];
        const test = c.macro === 'filter' ? c.body : c.filter;
        for (const item of items) {
          this.meter.charge(1);
          const local = bodyOf(item);
          if (test !== undefined) {
            const keep = this.eval(test, local);
            if (typeof keep !== 'boolean') throw noOverload(c.macro, [keep]);
            if (!keep) continue;
          }
          const v = c.macro === 'filter' ? item : this.eval(c.body, local);
          this.meter.chargeSize(v);
          out.push(v);
        }
        return out;
      }
    }
  }
}

function select(operand: CelValue, field: string): CelValue {
  if (operand instanceof CelMap) {
    const v = operand.get(field);
    if (v === undefined) throw new CelEvalError(`no such key: ${field}`);
    return v;
  }
  throw new CelEvalError(`cannot select field '${field}' from ${typeOf(operand).name}`);
}

function index(operand: CelValue, key: CelValue): CelValue {
  if (Array.isArray(operand)) {
    const list = operand as readonly CelValue[];
    let i: number | undefined;
    if (typeof key === 'bigint') i = Number(key);
    else if (key instanceof CelUint) i = Number(key.value);
    else if (typeof key === 'number' && Number.isInteger(key)) i = key;
    if (i === undefined) throw noOverload('_[_]', [operand, key]);
    if (i < 0 || i >= list.length) throw new CelEvalError(`index out of range: ${String(i)}`);
    return list[i]!;
  }
  if (operand instanceof CelMap) {
    if (!isCelKey(key) && typeof key !== 'number') throw noOverload('_[_]', [operand, key]);
    const v = operand.get(key);
    if (v === undefined) throw new CelEvalError(`no such key: ${formatKey(key)}`);
    return v;
  }
  throw noOverload('_[_]', [operand, key]);
}

function formatKey(k: CelValue): string {
  if (typeof k === 'string') return JSON.stringify(k);
  if (k instanceof CelUint) return `${k.value}u`;
  return String(k);
}
