// Finds committed changes lost with the write-ahead log, before SQLite opens the database.
//
// Why before: in WAL mode a commit lives only in loupe.db-wal until a checkpoint copies it into loupe.db. If
// Loupe stops uncleanly and the -wal file is then deleted or cut short, SQLite's recovery on the next open
// simply uses what is left and the latest commits vanish without a word. The one witness is the WAL's
// shared-memory index (loupe.db-shm), which SQLite rebuilds (erasing the evidence) as soon as it opens the
// database. Its header holds mxFrame, the number of valid frames in the log, and nBackfill, how many of them
// were already copied into the main file; each frame is 24 bytes of header plus one page. So: read the
// index header first, and if the log no longer holds frames up to mxFrame (beyond nBackfill), say so.
// Layout: https://www.sqlite.org/walformat.html (two copies of a 48-byte header, then the checkpoint info).
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { endianness } from 'node:os';
import type { StoreFiles } from './storeFiles';

const WAL_INDEX_VERSION = 3007000;
const HEADER_BYTES = 48;
/** Both header copies and the start of the checkpoint info (nBackfill is its first field). */
const READ_BYTES = HEADER_BYTES * 2 + 4;
const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

export interface WalIndexHeader {
  pageSize: number;
  /** Frames in the log that belong to committed transactions. */
  mxFrame: number;
  /** Frames already copied into the main database file. */
  nBackfill: number;
  /** The log's salts, which its own header repeats: a log of another generation has other salts. */
  salt: Buffer;
}

export interface WalLoss {
  kind: 'wal_missing' | 'wal_truncated';
  /** Committed frames not yet in the main file, and how many of those the log still holds. */
  expected: number;
  present: number;
}

function readPrefix(path: string, bytes: number): Buffer | null {
  if (!existsSync(path)) return null;
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(fd, buffer, 0, bytes, 0);
    return read === bytes ? buffer : null;
  } finally {
    closeSync(fd);
  }
}

/** The wal-index header, or null when there is none to trust (absent, short, uninitialised, torn). */
export function readWalIndexHeader(shmPath: string): WalIndexHeader | null {
  const bytes = readPrefix(shmPath, READ_BYTES);
  if (bytes === null) return null;
  // SQLite writes the index in the machine's own byte order.
  const u32 = (offset: number): number =>
    endianness() === 'LE' ? bytes.readUInt32LE(offset) : bytes.readUInt32BE(offset);
  const u16 = (offset: number): number =>
    endianness() === 'LE' ? bytes.readUInt16LE(offset) : bytes.readUInt16BE(offset);
  const first = bytes.subarray(0, HEADER_BYTES);
  // The two copies differ while a writer is half way through updating them: not a header to judge by.
  if (!first.equals(bytes.subarray(HEADER_BYTES, HEADER_BYTES * 2))) return null;
  if (u32(0) !== WAL_INDEX_VERSION || bytes[12] !== 1) return null;
  const rawPageSize = u16(14);
  return {
    pageSize: rawPageSize === 1 ? 65536 : rawPageSize,
    mxFrame: u32(16),
    nBackfill: u32(HEADER_BYTES * 2),
    salt: Buffer.from(bytes.subarray(32, 40)),
  };
}

/** Committed changes the log should hold and does not, or null when nothing is lost (or nothing can be told). */
export function findWalLoss(files: StoreFiles): WalLoss | null {
  const before = readWalIndexHeader(files.shm);
  if (before === null || before.mxFrame <= before.nBackfill || before.pageSize < 512) return null;
  const walSize = existsSync(files.wal) ? statSync(files.wal).size : null;
  const walHeader = walSize === null ? null : readPrefix(files.wal, WAL_HEADER_BYTES);
  // Another Loupe may be writing right now: judge only if the index did not move while the log was looked at.
  const after = readWalIndexHeader(files.shm);
  if (after === null || after.mxFrame !== before.mxFrame || !after.salt.equals(before.salt)) return null;
  // Frames up to nBackfill are in the main file already: only those after it can be lost.
  const expected = before.mxFrame - before.nBackfill;
  if (walSize === null) return { kind: 'wal_missing', expected, present: 0 };
  // A log of another generation (its salts differ) holds none of the frames the index counts.
  const sameLog = walHeader !== null && walHeader.subarray(16, 24).equals(before.salt);
  const framesInLog = sameLog
    ? Math.floor((walSize - WAL_HEADER_BYTES) / (FRAME_HEADER_BYTES + before.pageSize))
    : 0;
  const present = Math.max(0, Math.min(framesInLog, before.mxFrame) - before.nBackfill);
  if (present >= expected) return null;
  return { kind: 'wal_truncated', expected, present };
}
