// Errors of the upload pipeline. UploadError is a DomainError (it reaches the renderer as a typed error); the
// hashing errors stay inside core and become a file's `failed` or `canceled` outcome.
import { DomainError } from '../errors';

export class UploadError extends DomainError {
  override readonly name = 'UploadError';

  constructor(code: string, message: string, details?: unknown) {
    super(code, message, details === undefined ? {} : { details });
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
