/**
 * A failure of the benchmark machinery itself, never of a policy: a grant the builder refuses, an
 * authorizer that throws something other than a WarrantError, a judge that does not return a bool.
 * Counting such a thing as a "blocked call" would make a broken run look like a secure one, so the
 * harness aborts the whole run with this error instead.
 */
import type { SourcePos } from './scenario.js';
import { BenchError } from '../lib/errors.js';

export class HarnessError extends BenchError {
  override readonly name = 'HarnessError';
  readonly code = 'harness_error';
  readonly kind = 'harness' as const;
  constructor(
    message: string,
    readonly scenario?: string,
    readonly condition?: string,
    readonly source?: string, // FILE:LINE:COL of what caused it, when known
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** FILE:LINE:COL, the form editors and GitHub annotations understand. */
export function formatSource(pos: SourcePos): string {
  return `${pos.file}:${pos.line}:${pos.col}`;
}

/** A one-line description of anything thrown, for messages. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
