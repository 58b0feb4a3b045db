/**
 * The CEL module's errors. A compile error is thrown to the caller; an evaluation error is a CEL
 * value-level error, which `&&`, `||`, `all` and `exists` may absorb as the language specifies; the
 * cost limit is neither, and nothing absorbs it.
 */

/** An expression that cannot be compiled: bad syntax, over a limit, an unknown name or function. */
export class CelError extends Error {
  override readonly name = 'CelError';
}

/** A runtime error of the expression (no such key, overflow, no matching overload, …). */
export class CelEvalError extends Error {
  override readonly name = 'CelEvalError';
}

/** The evaluation spent its cost budget (src/cel/meter.ts). Never absorbed into a result. */
export class CostLimitError extends Error {
  override readonly name = 'CostLimitError';
}
