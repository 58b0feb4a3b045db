/**
 * Every failure of the warrant engine is a `WarrantError` with a stable, machine-readable `code`
 * (docs/results.md) and a reason a person can act on. Nothing else is thrown across the module boundary:
 * hostile bytes end in `malformed`, never in a TypeError.
 */
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

export class WarrantError extends Error {
  override readonly name = 'WarrantError';
  /** The builder of a message not read yet (see the constructor). */
  #build: (() => string) | undefined;

  /**
   * `message` may be given as a function that builds it: it then runs on the first read of
   * `message` (or `stack`, `String(e)`), once, and the text is the same as if given eagerly. A
   * denial whose reason nobody reads (a probe's, counted and dropped) then costs no sentence.
   * Until read, such a message is not an own property of the error, so a structured clone made
   * before reading it would lose it: read `message` first.
   */
  constructor(
    readonly code: ErrorCode,
    message: string | (() => string),
  ) {
    // A WarrantError is a decision (a denial, a refused token), not a fault: where in our code it
    // was made says nothing to the reader, and collecting a stack for every denial cost about 3 %
    // of a run with probes. Its code and message carry everything.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(typeof message === 'string' ? message : undefined);
    Error.stackTraceLimit = limit;
    if (typeof message !== 'string') this.#build = message;
  }

  static {
    // An eager message is an own data property (Error's constructor makes it), which hides this
    // accessor; a lazy one has none until read, and is then made exactly that property. Defining
    // the accessor once here, not per error, keeps a denial's construction cheap.
    const settle = (e: WarrantError, text: string): string => {
      e.#build = undefined;
      Object.defineProperty(e, 'message', { value: text, writable: true, enumerable: false, configurable: true });
      return text;
    };
    Object.defineProperty(this.prototype, 'message', {
      get(this: WarrantError): string {
        // Read on the prototype itself (an inspector may): Error.prototype's empty message.
        if (!(#build in this)) return '';
        return settle(this, this.#build === undefined ? '' : this.#build());
      },
      set(this: WarrantError, text: string) {
        if (#build in this) settle(this, text);
        else Object.defineProperty(this, 'message', { value: text, writable: true, enumerable: false, configurable: true });
      },
      enumerable: false,
      configurable: true,
    });
  }
}

/** Shorthand for the most common failure: bytes that do not parse as what they claim to be. */
export function malformed(message: string): WarrantError {
  return new WarrantError('malformed', message);
}

export function isWarrantError(e: unknown): e is WarrantError {
  return e instanceof WarrantError;
}
