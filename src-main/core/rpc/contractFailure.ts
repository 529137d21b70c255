// A failure a handler means to report to the renderer as a typed error value (ARCHITECTURE.md, rule 9).
// Anything else a handler throws is an internal error: logged in main, reported with a generic message,
// because raw exception text can carry paths, URLs or credentials.
import type { ContractError } from '../../../src-shared/protocol';

export class ContractFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly extra: Omit<ContractError, 'code' | 'message'> = {},
  ) {
    super(message);
    this.name = 'ContractFailure';
  }

  toContractError(): ContractError {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

/** Errors from deeper layers (core/api's ApiError) opt in by implementing this. */
export interface ReportableError {
  toContractError(): ContractError;
}

function isReportable(error: unknown): error is ReportableError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'toContractError' in error &&
    typeof error.toContractError === 'function'
  );
}

export function toContractError(error: unknown, onInternal: (error: unknown) => void): ContractError {
  if (isReportable(error)) return error.toContractError();
  onInternal(error);
  return { code: 'internal', message: 'Loupe hit an unexpected error. Details are in the app log.' };
}
