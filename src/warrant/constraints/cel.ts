/**
 * The Cel constraint (reference type 15): the expression runs with the argument bound to `value`;
 * when the argument is an object, each of its fields is also bound as a variable of its own, as the
 * reference's `evaluate_with_value_context` does (a field named `value` then takes that name, as
 * there). Allowed only when the result is exactly `true`; an error, a non-bool result or a spent
 * cost budget is a denial. `parent_expression` plays no part in matching (as in the reference).
 *
 * Compiled programs are cached per expression and variable set.
 */
import { CelError, compileCel } from '../../cel/index.js';
import type { CelProgram } from '../../cel/index.js';
import { isObjectValue } from '../value.js';
import type { Value } from '../value.js';

const cache = new Map<string, CelProgram | string>();
const CACHE_LIMIT = 256;

function program(expression: string, variables: readonly string[]): CelProgram | string {
  const key = `${variables.join('\u0000')}\u0001${expression}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let out: CelProgram | string;
  try {
    out = compileCel(expression, variables);
  } catch (e) {
    out = e instanceof CelError ? e.message : `does not compile: ${String(e)}`;
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, out);
  return out;
}

/**
 * undefined when the expression yields exactly `true`; else why not, with `error` set unless the
 * result was plainly `false` (the reference returns an error for everything but a bool).
 */
export function celCheck(expression: string, value: Value): { reason: string; error: boolean } | undefined {
  const bindings: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  bindings['value'] = value;
  if (isObjectValue(value)) {
    for (const k of Object.keys(value)) bindings[k] = value[k];
  }
  const prog = program(expression, Object.keys(bindings).sort());
  if (typeof prog === 'string') return { reason: `the expression ${prog}`, error: true };
  const result = prog.evaluate(bindings);
  if (!result.ok) return { reason: `the expression failed: ${result.error}`, error: true };
  if (result.value === true) return undefined;
  if (result.value === false) return { reason: 'the expression is false', error: false };
  return { reason: 'the expression did not return a bool', error: true };
}
