/**
 * The one error model (ARCHITECTURE.md, "Errors"): everything delegation-bench throws on purpose is a
 * `BenchError` with a stable, machine-readable `code`, a `kind` that tells a shell what to do with
 * it, and a `name` set by the class itself (the bundles are minified, so a constructor's own name
 * cannot be trusted). A shell maps `kind` once:
 *
 * - `input`: the user's input is wrong (a scenario, a flag, a results file): report it, exit 2.
 * - `harness`: the benchmark machinery failed, never a policy: abort the whole run, exit 2. Counting
 *   it as a blocked call would make a broken run look like a secure one.
 * - `decision`: an outcome the harness records, never a failure of the run: a policy decided (a
 *   denial, a refused token), a tool refused an argument, a model server failed after its retries
 *   (the trial's `error`). The gate judges the outcome; it never reaches a shell as a failure.
 */
export type ErrorKind = 'input' | 'harness' | 'decision';

export abstract class BenchError extends Error {
  abstract override readonly name: string;
  abstract readonly code: string;
  abstract readonly kind: ErrorKind;
}

/** True for any error of the model, whatever its class. */
export function isBenchError(error: unknown): error is BenchError {
  return error instanceof BenchError;
}
