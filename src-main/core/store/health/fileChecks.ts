// The checks made on the store's files before SQLite opens them. SQLite itself takes a missing or empty file
// for a new database and says nothing about a file cut short until a read lands past its end; these checks
// turn each into damage with a name, before anything has been written.
import { closeSync, existsSync, openSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { storeFailureOf } from '../storeFailure';
import type { StoreError } from '../errors';
import type { StoreFiles } from './storeFiles';
import type { StoreMarker } from './storeMarker';

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const HEADER_BYTES = 100;

export type FileVerdict =
  | { kind: 'first_run' }
  | { kind: 'present' }
  | { kind: 'missing' | 'empty' | 'not_a_database' }
  | { kind: 'truncated'; actual: number; expected: number };

function readHeader(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const read = readSync(fd, header, 0, HEADER_BYTES, 0);
    return header.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The size the header gives the file, when SQLite would trust that field itself (fileformat2 §1.3.7). */
function sizeFromHeader(header: Buffer): number | null {
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  const valid = header.readUInt32BE(24) === header.readUInt32BE(92);
  return valid && pages > 0 && pageSize >= 512 ? pages * pageSize : null;
}

/** True when the log still holds frames, which may carry pages that belong past the main file's end. */
function logHasFrames(files: StoreFiles): boolean {
  return existsSync(files.wal) && statSync(files.wal).size > 32;
}

export function checkDatabaseFile(files: StoreFiles, marker: StoreMarker | null): FileVerdict {
  if (!existsSync(files.database)) return marker === null ? { kind: 'first_run' } : { kind: 'missing' };
  const size = statSync(files.database).size;
  // SQLite takes an empty file for a new database: only the marker tells a first run from a wiped store.
  if (size === 0) return marker === null ? { kind: 'first_run' } : { kind: 'empty' };
  const header = readHeader(files.database);
  if (header.length < HEADER_BYTES || !header.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) {
    return { kind: 'not_a_database' };
  }
  const expected = sizeFromHeader(header);
  // With frames in the log, a checkpoint cut off half way legitimately leaves the main file short: the log
  // still has those pages and SQLite finishes the job. Without any, a short file has lost its end.
  if (expected !== null && size < expected && !logHasFrames(files)) {
    return { kind: 'truncated', actual: size, expected };
  }
  return { kind: 'present' };
}

/**
 * Whether Loupe may write here, asked of the disk itself: a file made and removed in the folder, and the data
 * file opened for writing. Permission bits alone would not say (root ignores them; a read-only mount or an
 * immutable file refuses root too). Null when writable, else the failure as a StoreError.
 */
export function probeWritable(files: StoreFiles): StoreError | null {
  const probe = join(files.dataDir, `.loupe-write-check-${process.pid}`);
  try {
    // A few bytes, not an empty file: a full disk still makes empty files (while it has inodes to spare).
    writeFileSync(probe, 'loupe');
    if (existsSync(files.database)) closeSync(openSync(files.database, 'r+'));
    return null;
  } catch (error) {
    const failure = storeFailureOf(error, files.database);
    if (failure === null) throw error;
    return failure;
  } finally {
    rmSync(probe, { force: true });
  }
}
