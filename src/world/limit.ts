import { BenchError } from '../lib/errors.js';

/**
 * An input over one of the environment's own bounds (a command line, a URL or a recipient string
 * longer than it parses). A real tool would still act on it, so the environment cannot say what
 * happened: it refuses to guess. The harness turns this into a harness error that aborts the run,
 * never into "nothing happened" (which would make an allowed attack look harmless).
 */
export class EnvironmentLimitError extends BenchError {
  override readonly name = 'EnvironmentLimitError';
  readonly kind = 'harness' as const;
  readonly code = 'environment_limit';
  /** `what` is over `limit` `unit`s; without a limit, `what` says which bound it is. */
  constructor(what: string, limit?: number, unit?: string) {
    const over = limit === undefined ? what : `${what} is over delegation-bench's environment limit of ${limit} ${unit ?? ''}`;
    super(`${over}; a real tool would still act on it, so the run cannot judge it`);
  }
}
