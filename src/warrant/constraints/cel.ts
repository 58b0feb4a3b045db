/**
 * The Cel constraint (reference type 15), as Tenuo's `CelConstraint::matches` →
 * `evaluate_with_value_context` (`tenuo-core/src/cel.rs`): when the argument is an object, each of
 * its fields is bound as a variable and `value` is NOT bound (unless a field is named so);
 * otherwise the argument is bound as `value`. Allowed only when the result is exactly `true`; an
 * error or a non-bool result is a denial (the reference returns an error for everything but a
 * bool). `parent_expression` plays no part in matching (as in the reference).
 *
 * Tenuo's `time_now`, `time_is_expired` and `time_since` read `now`, the authorizer's injected clock.
 *
 * A refusal by one of delegation-bench's own bounds (length, nesting, cost, regex work) is marked
 * `limit`: the reference has no such bound, so it is not the policy's decision and callers show it
 * apart. Compiled programs are cached by expression text (src/cel/index.ts), as Tenuo's CEL_CACHE.
 */
import { celCompileError, compileCel, type WorkBudget } from '../../cel/index.js';
import { isObjectValue } from '../constraint-value.js';
import type { Value } from '../constraint-value.js';

export interface CelVerdict {
  readonly reason: string;
  /** An error in the reference (`Err`), not a plain `false`. */
  readonly error: boolean;
  /** Refused by one of delegation-bench's bounds, not by the policy (code `cel_limit`). */
  readonly limit: boolean;
}

/** The variables Tenuo binds for an argument value. */
export function celBindings(value: Value): Record<string, unknown> {
  const bindings: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (isObjectValue(value)) {
    for (const k of Object.keys(value)) bindings[k] = value[k];
  } else {
    bindings['value'] = value;
  }
  return bindings;
}

/**
 * undefined when the expression yields exactly `true`; else why not. `now`: Unix seconds; `budget`:
 * the scenario's work budget, charged with the evaluation (src/lib/budget.ts).
 */
export function celCheck(expression: string, value: Value, now?: number, budget?: WorkBudget): CelVerdict | undefined {
  const bad = celCompileError(expression);
  if (bad !== undefined) {
    const limit = bad.code === 'cel_limit';
    return {
      reason: limit ? `the expression is refused: ${bad.message}` : `the expression does not compile: ${bad.message}`,
      error: true,
      limit,
    };
  }
  const result = compileCel(expression).evaluate(celBindings(value), { now, budget });
  if (!result.ok) {
    const limit = result.code === 'cel_limit';
    return { reason: limit ? `the evaluation was stopped: ${result.error}` : `the expression failed: ${result.error}`, error: true, limit };
  }
  if (result.value === true) return undefined;
  if (result.value === false) return { reason: 'the expression is false', error: false, limit: false };
  return { reason: 'the expression did not return a bool', error: true, limit: false };
}
