import type { CallResult, ContractError } from '../../src-shared/protocol';

/** A contract error as a thrown value, so React Query can hold it; the code stays one click away. */
export class LoupeCallError extends Error {
  readonly code: string;
  readonly detail: ContractError;

  constructor(error: ContractError) {
    super(error.message);
    this.name = 'LoupeCallError';
    this.code = error.code;
    this.detail = error;
  }
}

export async function unwrap<T>(pending: Promise<CallResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new LoupeCallError(result.error);
  return result.value;
}
