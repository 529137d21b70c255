import { DomainError } from '../errors';

// Typed failures of the local store. Callers branch on `code`; `message` is written for a person and never
// carries the content of a row (rows can be large and are not ours to echo into logs).

export type StoreErrorCode =
  /** A row read back from disk does not match its schema (for example a JSON column that is not JSON). */
  | 'corrupt_row'
  /** The database was written by a newer Loupe whose schema this build does not know. */
  | 'schema_too_new'
  /** The database's schema history is not Loupe's (migrations it names are not the ones this build has). */
  | 'schema_unknown'
  /** The database file could not be opened or prepared. */
  | 'open_failed'
  /** SQLite found the file damaged (SQLITE_CORRUPT, SQLITE_NOTADB) or the open check did (core/store/health). */
  | 'store_damaged'
  /** The data file or its folder cannot be written (a read-only disk or folder, permissions, an immutable file). */
  | 'store_read_only'
  /** The disk holding the data file is full (SQLITE_FULL, ENOSPC). */
  | 'disk_full'
  /** The operating system failed a read or write of the data file (SQLITE_IOERR). */
  | 'store_io_error'
  /** A row the caller refers to does not exist. */
  | 'not_found'
  /** A write would break a uniqueness or state rule (duplicate id, an outbox step out of order). */
  | 'conflict';

export interface StoreErrorDetails {
  table?: string;
  key?: string;
  columns?: readonly string[];
  [extra: string]: unknown;
}

export class StoreError extends DomainError {
  override readonly name = 'StoreError';
  declare readonly code: StoreErrorCode;
  declare readonly details: StoreErrorDetails;

  constructor(
    code: StoreErrorCode,
    message: string,
    details: StoreErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(code, message, { details, ...(options?.cause === undefined ? {} : { cause: options.cause }) });
  }

  /** Only the code and the message leave main: details name tables and keys. */
  override publicDetails(): unknown {
    return undefined;
  }
}

export function isStoreError(value: unknown, code?: StoreErrorCode): value is StoreError {
  return value instanceof StoreError && (code === undefined || value.code === code);
}

/** The error for a new row whose id is taken. `what` names the row for a person: 'A batch', 'An upload'. */
export function idTakenError(table: string, what: string, id: string): StoreError {
  return new StoreError('conflict', `${what} with id ${id} already exists.`, { table, key: id });
}
