/**
 * The reference CEL evaluator for the interpreter's tests: @bufbuild/cel (a devDependency), driven
 * directly, with the same result shape as src/cel's `evaluateCel`. Our values (src/cel/value.ts) are
 * converted to its inputs and its results back, so a test can compare the two evaluators value for
 * value and type for type.
 *
 * Like evaluateCel, it compiles with the binding names as the declared variables: an identifier that is
 * neither bound, nor a comprehension variable, nor a type denotation is refused at compile time
 * (@bufbuild/cel alone would only fail when the name is evaluated, so `x || true` would be true).
 * A qualified name `a.b.c` is declared when one of its prefixes `a`, `a.b`, `a.b.c` is bound.
 *
 * The two Tenuo extension functions are registered as src/cel registered them when it was built on
 * @bufbuild/cel. `matches()` runs on the library's own default RE2.
 */
import {
  celEnv,
  celFunc,
  celMap,
  CelScalar,
  celUint,
  isCelError,
  isCelList,
  isCelMap,
  isCelType,
  isCelUint,
  listType,
  mapType,
  parse,
  plan,
} from '@bufbuild/cel';
import type { CelInput as BufInput, CelType as BufType, CelValue as BufValue, CelUint as BufUint } from '@bufbuild/cel';
import { CelMap, CelType, CelUint, TYPE_NAMES, isList } from '../../../src/cel/value.js';
import type { CelKey, CelValue } from '../../../src/cel/value.js';
import { evaluateCel } from '../../../src/cel/index.js';

export type RunResult =
  { readonly ok: true; readonly value: CelValue } | { readonly ok: false; readonly error: string; readonly stage: 'compile' | 'evaluate' };

/**
 * The two Tenuo extension functions are this project's own (no library has them): the reference
 * registers the very same implementations, so the comparison is about the language around them.
 */
const extension =
  (name: string) =>
  (...args: BufValue[]): boolean => {
    const bindings = Object.fromEntries(args.map((a, i) => [`a${i}`, typeof a === 'string' ? a : null]));
    const r = evaluateCel(`${name}(${args.map((_, i) => `a${i}`).join(', ')})`, bindings);
    return r.ok && r.value === true;
  };

const extensionFuncs = [
  celFunc('net_in_cidr', [CelScalar.DYN, CelScalar.DYN], CelScalar.BOOL, extension('net_in_cidr')),
  celFunc('net_is_private', [CelScalar.DYN], CelScalar.BOOL, extension('net_is_private')),
];

const env = celEnv({ funcs: extensionFuncs });

/** A value @bufbuild/cel returned that our value model has no place for (a message, a timestamp…). */
class Unrepresentable extends Error {}

export function referenceRun(expression: string, bindings: Readonly<Record<string, CelValue>>): RunResult {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(expression);
  } catch (e) {
    return { ok: false, error: `does not compile: ${message(e)}`, stage: 'compile' };
  }
  const undeclared = freeIdentifiers(parsed.expr, new Set(Object.keys(bindings)));
  if (undeclared.length > 0) {
    return { ok: false, error: `undeclared variable ${undeclared.map((n) => `'${n}'`).join(', ')}`, stage: 'compile' };
  }
  let run: (ctx: Record<string, BufInput>) => unknown;
  try {
    run = plan(env, parsed) as (ctx: Record<string, BufInput>) => unknown;
  } catch (e) {
    return { ok: false, error: `does not compile: ${message(e)}`, stage: 'compile' };
  }
  try {
    const ctx: Record<string, BufInput> = Object.create(null) as Record<string, BufInput>;
    for (const [name, value] of Object.entries(bindings)) ctx[name] = toBuf(value);
    const result = run(ctx);
    if (isCelError(result) || result instanceof Error) return { ok: false, error: result.message, stage: 'evaluate' };
    return { ok: true, value: fromBuf(result) };
  } catch (e) {
    return { ok: false, error: `evaluation failed: ${message(e)}`, stage: 'evaluate' };
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

// ---------------------------------------------------------------------------------------------
// Declared names

type ParsedExpr = ReturnType<typeof parse>['expr'];

/** Identifiers of `expr` that are neither bound, nor local, nor type denotations; in order, unique. */
export function freeIdentifiers(expr: ParsedExpr, bound: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const note = (name: string): void => {
    if (!out.includes(name)) out.push(name);
  };
  const walk = (e: ParsedExpr | undefined, locals: ReadonlySet<string>): void => {
    if (e === undefined) return;
    const k = e.exprKind;
    switch (k.case) {
      case 'identExpr': {
        const name = k.value.name;
        if (!locals.has(name) && !bound.has(name) && !TYPE_NAMES.has(name)) note(name);
        return;
      }
      case 'selectExpr': {
        const chain = qualifiedChain(e);
        if (chain !== undefined && !k.value.testOnly) {
          const [root] = chain;
          if (locals.has(root!)) return;
          for (let i = 1; i <= chain.length; i++) if (bound.has(chain.slice(0, i).join('.'))) return;
          if (TYPE_NAMES.has(root!)) return;
          note(chain.join('.'));
          return;
        }
        walk(k.value.operand, locals);
        return;
      }
      case 'callExpr':
        walk(k.value.target, locals);
        for (const a of k.value.args) walk(a, locals);
        return;
      case 'listExpr':
        for (const a of k.value.elements) walk(a, locals);
        return;
      case 'structExpr':
        for (const entry of k.value.entries) {
          if (entry.keyKind.case === 'mapKey') walk(entry.keyKind.value, locals);
          walk(entry.value, locals);
        }
        return;
      case 'comprehensionExpr': {
        const c = k.value;
        walk(c.iterRange, locals);
        walk(c.accuInit, locals);
        const inner = new Set(locals);
        for (const v of [c.iterVar, c.iterVar2, c.accuVar]) if (v !== '') inner.add(v);
        walk(c.loopCondition, inner);
        walk(c.loopStep, inner);
        walk(c.result, inner);
        return;
      }
      default:
        return;
    }
  };
  walk(expr, new Set());
  return out;
}

/** `a.b.c` as ['a', 'b', 'c'] when `e` is a chain of field selections on an identifier. */
function qualifiedChain(e: ParsedExpr): string[] | undefined {
  const k = e.exprKind;
  if (k.case === 'identExpr') return [k.value.name];
  if (k.case === 'selectExpr' && !k.value.testOnly && k.value.operand !== undefined) {
    const head = qualifiedChain(k.value.operand);
    return head === undefined ? undefined : [...head, k.value.field];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Values

const TYPE_TO_BUF: ReadonlyMap<CelType, BufType> = new Map<CelType, BufType>([
  [CelType.INT, CelScalar.INT],
  [CelType.UINT, CelScalar.UINT],
  [CelType.DOUBLE, CelScalar.DOUBLE],
  [CelType.BOOL, CelScalar.BOOL],
  [CelType.STRING, CelScalar.STRING],
  [CelType.BYTES, CelScalar.BYTES],
  [CelType.NULL, CelScalar.NULL],
  [CelType.TYPE, CelScalar.TYPE],
  [CelType.LIST, listType(CelScalar.DYN)],
  [CelType.MAP, mapType(CelScalar.DYN, CelScalar.DYN)],
]);

/** Our value as @bufbuild/cel's input. */
export function toBuf(v: CelValue): BufInput {
  if (v instanceof CelUint) return celUint(v.value);
  if (v instanceof CelType) {
    const t = TYPE_TO_BUF.get(v);
    if (t === undefined) throw new Error(`no @bufbuild/cel type for ${v.name}`);
    return t;
  }
  if (v instanceof CelMap) {
    const m = new Map<bigint | string | boolean | BufUint, BufInput>();
    for (const [key, value] of v) m.set(key instanceof CelUint ? celUint(key.value) : key, toBuf(value));
    return celMap(m);
  }
  if (isList(v)) return v.map(toBuf);
  if (typeof v === 'object' && v !== null && !(v instanceof Uint8Array))
    throw new Error('no @bufbuild/cel input for a timestamp, duration or function value');
  return v;
}

/** @bufbuild/cel's value as ours; throws Unrepresentable for what our model does not have. */
export function fromBuf(v: unknown): CelValue {
  switch (typeof v) {
    case 'bigint':
    case 'number':
    case 'boolean':
    case 'string':
      return v;
  }
  if (v === null) return null;
  if (v instanceof Uint8Array) return v;
  if (isCelUint(v)) return new CelUint(v.value);
  if (isCelList(v)) return [...v].map(fromBuf);
  if (isCelMap(v)) {
    const out = new CelMap();
    for (const [key, value] of v) {
      const k: CelKey = isCelUint(key) ? new CelUint(key.value) : key;
      if (!out.add(k, fromBuf(value))) throw new Unrepresentable('map with a repeated key');
    }
    return out;
  }
  if (isCelType(v)) {
    const t = TYPE_NAMES.get(v.name);
    if (t === undefined) throw new Unrepresentable(`type ${v.name} is outside the dialect`);
    return t;
  }
  const typeName =
    typeof v === 'object' && v !== null && 'desc' in v ? String((v as { desc: { typeName?: unknown } }).desc.typeName) : typeof v;
  throw new Unrepresentable(`result of type ${typeName} is outside the dialect`);
}
