/**
 * LLM mode's failures, each with a stable `code`. Two families, kept apart on purpose:
 * - ApiError: the model's server failed after the SDK's retries. The trial is an `error`, excluded
 *   from the rates and shown; never a block and never a failed attack.
 * - LlmInputError: the run cannot be set up or continued as asked (a shard spec, a resume or merge
 *   file that does not match): a usage error, exit 2.
 */
import { BenchError } from '../lib/errors.js';

export type ApiErrorCode = 'rate_limited' | 'server_error' | 'timeout' | 'connection' | 'api_error' | 'bad_response' | 'aborted';

export class ApiError extends BenchError {
  override readonly name = 'ApiError';
  readonly kind = 'decision' as const;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type LlmInputCode =
  'bad_shard' | 'resume_mismatch' | 'merge_mismatch' | 'merge_missing_cell' | 'merge_duplicate_cell' | 'merge_bad_file';

export class LlmInputError extends BenchError {
  override readonly name = 'LlmInputError';
  readonly kind = 'input' as const;
  constructor(
    readonly code: LlmInputCode,
    message: string,
  ) {
    super(message);
  }
}
