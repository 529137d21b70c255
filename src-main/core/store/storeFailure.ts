// What a failure of the disk under the store means, in words. SQLite reports a full disk, a read-only file and
// a damaged page as error codes on whatever statement met them (SQLITE_FULL from a COMMIT, SQLITE_CORRUPT from
// a read deep inside a service); unmapped they reach the user as `internal` or as a raw SqliteError stack.
// Every store statement and every file operation of the open check passes its failures through here, so each
// becomes a StoreError whose code the contract, the renderer and the CLI all have words for.
import { closeSync, existsSync, openSync } from 'node:fs';
import { StoreError, type StoreErrorCode } from './errors';

type DiskFailureCode = Extract<
  StoreErrorCode,
  'store_damaged' | 'store_read_only' | 'disk_full' | 'store_io_error'
>;

/** SQLite's primary result codes (the low byte of an extended code) that say something about the disk. */
const bySqliteCode: Readonly<Record<string, DiskFailureCode>> = {
  SQLITE_CORRUPT: 'store_damaged',
  SQLITE_NOTADB: 'store_damaged',
  SQLITE_FULL: 'disk_full',
  SQLITE_READONLY: 'store_read_only',
  SQLITE_CANTOPEN: 'store_read_only',
  SQLITE_PERM: 'store_read_only',
  SQLITE_IOERR: 'store_io_error',
};

const byPrimaryNumber: Readonly<Record<number, DiskFailureCode>> = {
  3: 'store_read_only', // SQLITE_PERM
  8: 'store_read_only', // SQLITE_READONLY
  10: 'store_io_error', // SQLITE_IOERR
  11: 'store_damaged', // SQLITE_CORRUPT
  13: 'disk_full', // SQLITE_FULL
  14: 'store_read_only', // SQLITE_CANTOPEN
  26: 'store_damaged', // SQLITE_NOTADB
};

/** Node's errno codes from the open check's own file operations. */
const byErrno: Readonly<Record<string, DiskFailureCode>> = {
  EROFS: 'store_read_only',
  EACCES: 'store_read_only',
  EPERM: 'store_read_only',
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  EIO: 'store_io_error',
};

function stringField(error: object, field: string): string | null {
  const value: unknown = (error as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}

function numberField(error: object, field: string): number | null {
  const value: unknown = (error as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : null;
}

/** libsql's constructor fails with a plain Error, `ConnectionFailed("… <path>: 14")`, the code at the end. */
function connectionFailedCode(message: string): number | null {
  const match = /^ConnectionFailed\(.*: (\d+)"?\)$/s.exec(message);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** Which disk failure `error` is, or null when it is something else (a constraint, a bug, a busy lock). */
export function diskFailureCode(error: unknown): DiskFailureCode | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = stringField(error, 'code');
  if (code !== null) {
    const primary = /^SQLITE_[A-Z]+/.exec(code)?.[0];
    if (primary !== undefined && Object.hasOwn(bySqliteCode, primary)) return bySqliteCode[primary] ?? null;
    if (Object.hasOwn(byErrno, code)) return byErrno[code] ?? null;
  }
  const raw = numberField(error, 'rawCode');
  const fromMessage = error instanceof Error ? connectionFailedCode(error.message) : null;
  const number = raw ?? fromMessage;
  if (number !== null) return byPrimaryNumber[number & 0xff] ?? null;
  return null;
}

/** What happened, in words; the path says which file (a person may have several Loupe data folders). */
export function diskFailureMessage(code: DiskFailureCode, path: string): string {
  switch (code) {
    case 'disk_full':
      return `Loupe could not save to its data file at ${path} because the disk is full.`;
    case 'store_read_only':
      return `Loupe cannot write to its data file at ${path}: the file or its folder is read-only.`;
    case 'store_io_error':
      return `The system failed to read or write Loupe's data file at ${path}.`;
    case 'store_damaged':
      return `Loupe's data file at ${path} is damaged: SQLite could not read part of it.`;
  }
}

/**
 * SQLite reports a write refused by the system (a file made read-only or immutable under a running Loupe, a
 * disk remounted read-only) as a generic SQLITE_IOERR, without the errno. Asking the files themselves
 * whether they still take writes tells the person which of the two it is.
 */
function refusesWrites(path: string): boolean {
  for (const file of [path, `${path}-wal`]) {
    if (!existsSync(file)) continue;
    try {
      closeSync(openSync(file, 'r+'));
    } catch (error) {
      if (diskFailureCode(error) === 'store_read_only') return true;
    }
  }
  return false;
}

/** `error` as a StoreError with words when it is a disk failure; otherwise null (rethrow it unchanged). */
export function storeFailureOf(error: unknown, path: string): StoreError | null {
  if (error instanceof StoreError) return error;
  const found = diskFailureCode(error);
  if (found === null) return null;
  const code =
    found === 'store_io_error' && path !== ':memory:' && refusesWrites(path) ? 'store_read_only' : found;
  return new StoreError(code, diskFailureMessage(code, path), { path }, { cause: error });
}

/** Runs `fn`; a disk failure it throws comes out as a StoreError with words, anything else unchanged. */
export function withStoreFailures<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw storeFailureOf(error, path) ?? error;
  }
}
