/**
 * The one CEL adapter (design §2, §7): compile with limits, evaluate with a cost meter, typed
 * results. Used by the `Cel` constraint (argument bound to `value`) and by the benchmark's judge
 * (`effects` bound to a list of maps).
 *
 * Built on @bufbuild/cel's parser and checker-free planner. Its `matches()` runs on RE2 (linear
 * time). The reference's deterministic extension functions `net_in_cidr(ip, cidr)` and
 * `net_is_private(ip)` are provided; its clock-reading ones (`time_now`, `time_is_expired`,
 * `time_since`) are not, so an expression using them fails (denied) instead of reading a clock.
 */
import { celEnv, celFunc, CelScalar, isCelError, parse, plan } from '@bufbuild/cel';
import type { CelInput, CelValue } from '@bufbuild/cel';
import { networkContains, parseIp, parseNetwork } from '../warrant/constraints/ip.js';
import { CelConversionError, fromCelValue, newInputBudget, toCelInput } from './convert.js';
import { AstLimitError, instrument, Meter, meteringFuncs, withMeter } from './instrument.js';
import { MAX_AST_DEPTH, MAX_BRACKET_DEPTH, MAX_EXPRESSION_LENGTH } from './limits.js';

export * from './limits.js';

/** A CEL expression that cannot be compiled (too large, too deep, bad syntax, undeclared name). */
export class CelError extends Error {
  override readonly name = 'CelError';
}

export type CelResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

export interface CelProgram {
  readonly expression: string;
  readonly variables: readonly string[];
  /** Evaluates with the given bindings. Never throws; bounded in time and memory. */
  evaluate(bindings: Readonly<Record<string, unknown>>): CelResult;
}

const extensionFuncs = [
  celFunc('net_in_cidr', [CelScalar.DYN, CelScalar.DYN], CelScalar.BOOL, (ip: CelValue, cidr: CelValue) => {
    if (typeof ip !== 'string' || typeof cidr !== 'string') return false;
    const addr = parseIp(ip);
    const net = parseNetwork(cidr);
    return addr !== undefined && net !== undefined && networkContains(net, addr);
  }),
  celFunc('net_is_private', [CelScalar.DYN], CelScalar.BOOL, (ip: CelValue) => {
    if (typeof ip !== 'string') return false;
    const addr = parseIp(ip);
    if (!addr) return false;
    const b = addr.bytes;
    // Rust's Ipv4Addr::is_private (RFC 1918) and, for IPv6, unique local fc00::/7 — as the reference.
    if (addr.version === 4) {
      return b[0] === 10 || (b[0] === 172 && b[1]! >= 16 && b[1]! <= 31) || (b[0] === 192 && b[1] === 168);
    }
    return (b[0]! & 0xfe) === 0xfc;
  }),
];

const env = celEnv({ funcs: [...meteringFuncs, ...extensionFuncs] });

/**
 * Checks the text before the parser sees it: length, and bracket nesting (the parser is recursive
 * descent, so depth is what could exhaust its stack). Brackets inside string literals are counted
 * too: conservative, and a legitimate expression never needs 32 levels.
 */
function precheck(expression: string): void {
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new CelError(`expression is ${expression.length} characters long; the limit is ${MAX_EXPRESSION_LENGTH}`);
  }
  if (expression.trim() === '') throw new CelError('expression is empty');
  let depth = 0;
  for (const ch of expression) {
    if (ch === '(' || ch === '[' || ch === '{') {
      if (++depth > MAX_BRACKET_DEPTH) {
        throw new CelError(`expression nests brackets deeper than ${MAX_BRACKET_DEPTH}`);
      }
    } else if (ch === ')' || ch === ']' || ch === '}') {
      depth--;
    }
  }
}

type ParsedTree = ReturnType<typeof parse>;

/**
 * Parsed trees by expression text, pristine (compile rewrites a copy, see instrument.ts). Parsing
 * is the costliest step of a compile, and slow while the parser is cold: the loader's checks, the
 * judge and the Cel constraint compile the same few expressions under different variable sets, and
 * a snapshot of the built-in suite brings the trees it parsed at build time (seedCelTree).
 */
const TREE_CACHE_LIMIT = 1024;
const trees = new Map<string, ParsedTree>();

function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** A fresh copy of the parsed tree of `expression` (prechecked). Throws CelError. */
function parseChecked(expression: string): ParsedTree {
  precheck(expression);
  let tree = trees.get(expression);
  if (tree === undefined) {
    try {
      tree = parse(expression);
    } catch (e) {
      // Syntax errors, and a RangeError should the parser's stack run out anyway.
      throw new CelError(`does not compile: ${e instanceof Error ? e.message : String(e)}`);
    }
    remember(trees, expression, tree, TREE_CACHE_LIMIT);
  }
  return copyTree(tree, 0) as ParsedTree;
}

/**
 * Object nesting per AST level is at most a handful (Expr → exprKind → value → args → Expr), so a
 * tree deeper than this is certainly beyond MAX_AST_DEPTH: refused here with instrument's message,
 * before a deep recursion could exhaust the stack.
 */
const MAX_TREE_OBJECT_DEPTH = 8 * MAX_AST_DEPTH + 16;

/** A deep copy of a parsed tree (plain objects, arrays, bytes, primitives). */
function copyTree(v: unknown, depth: number): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (depth > MAX_TREE_OBJECT_DEPTH) throw new CelError(`expression nests deeper than ${MAX_AST_DEPTH}`);
  if (v instanceof Uint8Array) return v.slice();
  if (Array.isArray(v)) return v.map((x) => copyTree(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = copyTree((v as Record<string, unknown>)[k], depth + 1);
  return out;
}

/**
 * The parsed tree of `expression` as plain data (objects, arrays, strings, numbers, bigints,
 * booleans, undefined, bytes): what a build-time snapshot stores. Throws CelError.
 */
export function celTree(expression: string): unknown {
  return parseChecked(expression);
}

/**
 * Hands over a tree that celTree gave for `expression` (read back from a snapshot), so that its
 * compile skips the parser. Only the shape's tag is checked: the snapshot carrying it is trusted
 * only when intact and fresh (src/bench/scenario/snapshot.ts); limits, the variable check and
 * metering still apply to it as to any parsed tree.
 */
export function seedCelTree(expression: string, tree: unknown): void {
  if (typeof tree !== 'object' || tree === null || (tree as { $typeName?: unknown }).$typeName !== 'cel.expr.ParsedExpr') return;
  if (expression.length > MAX_EXPRESSION_LENGTH || trees.has(expression)) return;
  remember(trees, expression, tree as ParsedTree, TREE_CACHE_LIMIT);
}

/**
 * Compiles `expression`; `variables` are the names it may use (anything else is refused here, with
 * the name, rather than failing at every evaluation). Throws CelError.
 */
export function compileCel(expression: string, variables: readonly string[]): CelProgram {
  return compile(expression, variables);
}

/**
 * Compiled programs (or the CelError) by variable set and expression. A program holds no state
 * between evaluations, so callers can share it. Bounded.
 */
const PROGRAM_CACHE_LIMIT = 1024;
const programs = new Map<string, CelProgram | CelError>();

/** `variables` undefined: any free name is accepted (it fails at evaluation if left unbound). */
function compile(expression: string, variables: readonly string[] | undefined): CelProgram {
  const key = `${variables === undefined ? '\u0002' : variables.join('\u0000')}\u0001${expression}`;
  let out = programs.get(key);
  if (out === undefined) {
    try {
      out = compileUncached(expression, variables);
    } catch (e) {
      if (!(e instanceof CelError)) throw e;
      out = e;
    }
    remember(programs, key, out, PROGRAM_CACHE_LIMIT);
  }
  if (out instanceof CelError) throw out;
  return out;
}

function compileUncached(expression: string, variables: readonly string[] | undefined): CelProgram {
  const parsed = parseChecked(expression);
  let analysis;
  try {
    analysis = instrument(parsed.expr);
  } catch (e) {
    if (e instanceof AstLimitError || e instanceof RangeError) throw new CelError(e.message);
    throw e;
  }
  const declared = variables ?? analysis.freeIdents;
  const undeclared = analysis.freeIdents.filter((name) => !declared.includes(name));
  if (undeclared.length > 0) {
    throw new CelError(
      `undeclared variable ${undeclared.map((n) => `'${n}'`).join(', ')} (available: ${declared.join(', ') || 'none'})`,
    );
  }
  let run: (ctx?: Record<string, CelInput>) => CelValue | Error;
  try {
    run = plan(env, parsed) as (ctx?: Record<string, CelInput>) => CelValue | Error;
  } catch (e) {
    throw new CelError(`does not compile: ${e instanceof Error ? e.message : String(e)}`);
  }
  const vars = Object.freeze([...declared]);
  // Frozen: the program is shared by every caller that compiles the same thing.
  return Object.freeze({
    expression,
    variables: vars,
    evaluate(bindings: Readonly<Record<string, unknown>>) {
      return evaluate(run, vars, bindings);
    },
  });
}

function evaluate(
  run: (ctx?: Record<string, CelInput>) => CelValue | Error,
  variables: readonly string[],
  bindings: Readonly<Record<string, unknown>>,
): CelResult {
  try {
    const ctx: Record<string, CelInput> = Object.create(null) as Record<string, CelInput>;
    const budget = newInputBudget();
    for (const name of variables) {
      if (!Object.prototype.hasOwnProperty.call(bindings, name)) {
        return { ok: false, error: `variable '${name}' is not bound` };
      }
      ctx[name] = toCelInput(bindings[name], name, budget);
    }
    const meter = new Meter();
    const result = withMeter(meter, () => run(ctx));
    // Checked first: an aborted branch may have been absorbed by `||` / `&&` into a result.
    if (meter.exceeded) return { ok: false, error: `evaluation cost limit of ${meter.limit} exceeded` };
    if (isCelError(result) || result instanceof Error) return { ok: false, error: result.message };
    return { ok: true, value: fromCelValue(result) };
  } catch (e) {
    if (e instanceof CelConversionError) return { ok: false, error: e.message };
    if (e instanceof RangeError) return { ok: false, error: `evaluation failed: ${e.message}` };
    return { ok: false, error: `evaluation failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * Checks only that `expression` compiles (for the scenario validator): undefined when it does, else
 * the parser's (or a limit's) message. With `variables`, a name outside them is an error too.
 */
export function checkCel(expression: string, variables?: readonly string[]): string | undefined {
  try {
    compile(expression, variables);
    return undefined;
  } catch (e) {
    if (e instanceof CelError) return e.message;
    return e instanceof Error ? e.message : String(e);
  }
}
