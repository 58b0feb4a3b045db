/**
 * Every failure of the warrant engine is a `WarrantError` with a stable, machine-readable `code`
 * (docs/results.md) and a reason a person can act on. Nothing else is thrown across the module boundary:
 * hostile bytes end in `malformed`, never in a TypeError.
 */
import { BenchError } from '../lib/errors.js';

export const ERROR_CODES = [
  'malformed',
  'unknown_field',
  'signature_invalid',
  'chain_not_anchored',
  'warrant_expired',
  'warrant_revoked',
  'depth_exceeded',
  'delegation_authority_violated',
  'depth_monotonicity_violated',
  'ttl_monotonicity_violated',
  'capability_monotonicity_violated',
  'clearance_monotonicity_violated',
  'parent_hash_mismatch',
  'self_issuance',
  'pop_failed',
  'tool_not_allowed',
  'unknown_argument',
  'constraint_not_satisfied',
  'insufficient_approvals',
  // Denied because one of delegation-bench's own evaluation bounds (CEL cost, regex work) was
  // reached: the reference has no such bound, so this is not the policy's decision.
  'evaluation_limit',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class WarrantError extends BenchError {
  override readonly name = 'WarrantError';
  readonly kind = 'decision' as const;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    // A WarrantError is a decision (a denial, a refused token), not a fault: where in our code it
    // was made says nothing to the reader, and collecting a stack for every denial cost about 3 %
    // of a run with probes. Its code and message carry everything.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

/** Shorthand for the most common failure: bytes that do not parse as what they claim to be. */
export function malformed(message: string): WarrantError {
  return new WarrantError('malformed', message);
}

export function isWarrantError(error: unknown): error is WarrantError {
  return error instanceof WarrantError;
}
