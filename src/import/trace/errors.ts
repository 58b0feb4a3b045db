/** The error a trace file that cannot be read raises (src/lib/errors.ts: the one error model). */
import { BenchError } from '../../lib/errors.js';

/** Bad trace input: every problem, each a line a person can act on. */
export class TraceError extends BenchError {
  override readonly name = 'TraceError';
  readonly code = 'trace_invalid';
  readonly kind = 'input';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}
