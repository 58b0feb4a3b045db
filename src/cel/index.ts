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
import { MAX_BRACKET_DEPTH, MAX_EXPRESSION_LENGTH } from './limits.js';

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

function parseChecked(expression: string): ReturnType<typeof parse> {
  precheck(expression);
  try {
    return parse(expression);
  } catch (e) {
    // Syntax errors, and a RangeError should the parser's stack run out anyway.
    throw new CelError(`does not compile: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Compiles `expression`; `variables` are the names it may use (anything else is refused here, with
 * the name, rather than failing at every evaluation). Throws CelError.
 */
export function compileCel(expression: string, variables: readonly string[]): CelProgram {
  return compile(expression, variables);
}

/** `variables` undefined: any free name is accepted (it fails at evaluation if left unbound). */
function compile(expression: string, variables: readonly string[] | undefined): CelProgram {
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
  const vars = [...declared];
  return {
    expression,
    variables: vars,
    evaluate(bindings) {
      return evaluate(run, vars, bindings);
    },
  };
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
