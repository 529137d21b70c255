// Errors of the upload pipeline. UploadError crosses to the renderer as a typed error value (rule 9); the
// hashing errors stay inside core and become a file's `failed` or `canceled` outcome.
import type { ContractError } from '../../../src-shared/protocol';

export class UploadError extends Error {
  override readonly name = 'UploadError';

  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  toContractError(): ContractError {
    return {
      code: this.code,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

/** The caller stopped a hash (cancel) before it finished. */
export class HashCanceledError extends Error {
  override readonly name = 'HashCanceledError';

  constructor() {
    super('Hashing was canceled.');
  }
}

/** The file could not be read to the end: `code` is the system's (ENOENT, EACCES, EISDIR, …) when known. */
export class HashFailedError extends Error {
  override readonly name = 'HashFailedError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The bytes streamed to the service were not the bytes that were hashed: the file changed under us. */
export class FileChangedError extends Error {
  override readonly name = 'FileChangedError';
}
