// The one place core's errors become the contract's typed error values (ARCHITECTURE rule 9): an ApiError
// from the service, or a DomainError a service threw on purpose. Anything else is an internal error, logged
// in main and reported with a generic message, because raw exception text can carry paths, URLs or keys.
import type { ContractError } from '../../../src-shared/protocol';
import { ApiError } from '../api';
import { DomainError } from '../errors';

function fromApiError(error: ApiError): ContractError {
  return {
    code: error.code,
    message: error.message,
    ...(error.status > 0 ? { status: error.status } : {}),
    ...(error.details === null || error.details === undefined ? {} : { details: error.details }),
    ...(error.retryAfterMs === null ? {} : { retryAfterMs: error.retryAfterMs }),
  };
}

function fromDomainError(error: DomainError): ContractError {
  const details = error.publicDetails();
  return {
    code: error.code,
    message: error.message,
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(details === undefined ? {} : { details }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
  };
}

export function toContractError(error: unknown, onInternal: (error: unknown) => void): ContractError {
  if (error instanceof ApiError) return fromApiError(error);
  if (error instanceof DomainError) return fromDomainError(error);
  onInternal(error);
  return { code: 'internal', message: 'Loupe hit an unexpected error. Details are in the app log.' };
}
