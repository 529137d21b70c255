// The one base of the errors core's services throw on purpose (ARCHITECTURE rule 9): a code a program can
// branch on, words for a person, and what a caller may need (details, an HTTP-like status, when to try
// again). Services speak only this; core/rpc alone turns it into the contract's ContractError, and the CLI
// into its report. Anything else a service throws is a bug, reported as `internal` without its text.

export interface DomainErrorOptions {
  details?: unknown;
  /** The HTTP status behind it, when a service answered. */
  status?: number;
  /** When trying again makes sense. */
  retryAfterMs?: number;
  cause?: unknown;
}

export class DomainError extends Error {
  override readonly name: string = 'DomainError';
  readonly code: string;
  readonly details: unknown;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(code: string, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** What of `details` may leave main with the error (a subclass may keep some to itself). */
  publicDetails(): unknown {
    return this.details;
  }
}

export function isDomainError(value: unknown, code?: string): value is DomainError {
  return value instanceof DomainError && (code === undefined || value.code === code);
}
