/**
 * The CEL module's errors, each with a stable `code`:
 *
 * - `cel_compile` (CelError): the expression does not parse, as the reference's parser refuses it;
 *   `line`/`column` (1-based, within the expression) say where when known.
 * - `cel_limit` (CelError with `limit` set, or CostLimitError): one of delegation-bench's own bounds
 *   (length, nesting, cost, regex work). The reference has none of them, so such a refusal is never
 *   the policy's decision: callers report it apart (src/warrant/constraints/cel.ts).
 * - `cel_eval` (CelEvalError): an `ExecutionError` of the reference's interpreter. It propagates
 *   through everything (the crate absorbs no error in `&&`, `||` or macros).
 */
import { BenchError } from '../lib/errors.js';

export type CelErrorCode = 'cel_compile' | 'cel_limit' | 'cel_eval';

/** An expression that cannot be compiled (syntax, or one of our limits). */
export class CelError extends BenchError {
  override readonly name = 'CelError';
  readonly kind = 'input' as const;
  readonly code: CelErrorCode;

  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
    readonly limit = false,
    /** Where in the expression (UTF-16 offset), when known: callers place the error in their file. */
    readonly offset?: number,
  ) {
    super(line !== undefined && column !== undefined ? `does not compile: ${line}:${column}: ${message}` : message);
    this.code = limit ? 'cel_limit' : 'cel_compile';
  }
}

/** A runtime error of the expression, as the crate's `ExecutionError`. */
export class CelEvalError extends BenchError {
  override readonly name = 'CelEvalError';
  readonly kind = 'decision' as const;
  readonly code = 'cel_eval' as const;
}

/** One of delegation-bench's evaluation bounds was reached (src/cel/meter.ts). Never the policy's verdict. */
export class CostLimitError extends BenchError {
  override readonly name = 'CostLimitError';
  readonly kind = 'harness' as const;
  readonly code = 'cel_limit' as const;
}

/** The message every limit refusal carries, so a reader never mistakes it for the policy's decision. */
export const LIMIT_NOTE = "delegation-bench's own bound; the reference (Tenuo) has no such limit";
