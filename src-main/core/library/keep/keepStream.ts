// One download written into the library's incoming folder in a single pass: each chunk is counted and
// blake3-hashed as it arrives (the file is never read back), gathered into 1 MiB writes (one system call per
// MiB, not per socket read), flushed to the disk in the background as it grows (so the last fsync waits for
// little), and checked against the size and hash before the caller may rename it into place. A body longer than
// announced is cut off at the announced size, one that stops sending is cut off after `idleMs`, and anything
// that goes wrong removes the temporary file: nothing half-written is left, under any name.
import { randomBytes } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { ApiError } from '../../api';
import { removeQuietly } from '../../content/checkedWrite';
import { DomainError } from '../../errors';

const MiB = 1024 * 1024;
/** Bytes gathered per write: at most this much waits in memory beside one write in flight. */
const BATCH_BYTES = MiB;
/** Written bytes between background flushes. */
const FLUSH_EVERY_BYTES = 8 * MiB;

export interface StreamCheck {
  /** `blake3:<hex>` the bytes must have, or null when none is known (the written hash is returned). */
  expectedHash: string | null;
  /** The exact size the bytes must have, or null when none is known. */
  expectedSize: number | null;
  /** The most bytes read before the body is cut off (the size the service announced). */
  maxBytes: number;
  /** How long the body may send nothing before it is cut off. */
  idleMs: number;
  signal?: AbortSignal;
}

export interface StreamedFile {
  /** The temporary file, whole, checked and synced; the caller renames it or removes it. */
  path: string;
  bytes: number;
  hash: string;
}

export async function streamIntoFolder(
  folder: string,
  source: Readable,
  check: StreamCheck,
): Promise<StreamedFile> {
  const path = join(folder, `.keep-${randomBytes(6).toString('hex')}.part`);
  let handle: FileHandle | null = null;
  try {
    handle = await open(path, 'wx', 0o600);
    const { bytes, hash } = await pump(source, handle, check);
    await handle.datasync();
    if (check.expectedSize !== null && bytes !== check.expectedSize)
      throw incomplete(bytes, check.expectedSize);
    if (check.expectedHash !== null && hash !== check.expectedHash) {
      throw new DomainError(
        'download_corrupt',
        `The downloaded bytes do not match the service's hash (got ${hash}, expected ${check.expectedHash}).`,
      );
    }
    return { path, bytes, hash };
  } catch (error) {
    source.destroy();
    await handle?.close().catch(() => undefined);
    handle = null;
    await removeQuietly(path);
    throw error;
  } finally {
    await handle?.close();
  }
}

/** Reads the source to its end into the file; the first failure (ours, the disk's or the body's) wins. */
async function pump(
  source: Readable,
  handle: FileHandle,
  check: StreamCheck,
): Promise<{ bytes: number; hash: string }> {
  const hasher = new Blake3Hasher();
  // Objects, not `let`s: callbacks change them, which the type checker does not follow.
  const stop: { failure: Error | null } = { failure: null };
  const fail = (error: unknown): void => {
    stop.failure ??= error instanceof Error ? error : new Error('The download was stopped.');
    source.destroy();
  };
  const idle = setTimeout(() => fail(ApiError.timeout(check.idleMs)), check.idleMs);
  const onAbort = (): void => fail(check.signal?.reason);
  check.signal?.addEventListener('abort', onAbort, { once: true });
  if (check.signal?.aborted === true) onAbort();

  let bytes = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let writing: Promise<void> = Promise.resolve();
  const flush: { running: Promise<void> | null; since: number } = { running: null, since: 0 };
  const write = (chunks: Buffer[], length: number): void => {
    writing = writeAll(handle, chunks, length).catch(fail);
    flush.since += length;
    if (flush.since >= FLUSH_EVERY_BYTES && flush.running === null) {
      flush.since = 0;
      flush.running = writing
        .then(() => (stop.failure === null ? handle.datasync() : undefined))
        .catch(fail)
        .finally(() => {
          flush.running = null;
        });
    }
  };
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      idle.refresh();
      if (bytes + chunk.length > check.maxBytes) {
        fail(tooLarge(check.maxBytes));
        break;
      }
      bytes += chunk.length;
      hasher.update(chunk);
      batch.push(chunk);
      batchBytes += chunk.length;
      if (batchBytes >= BATCH_BYTES) {
        await writing;
        if (stop.failure !== null) break;
        write(batch, batchBytes);
        batch = [];
        batchBytes = 0;
      }
    }
  } catch (error) {
    // The body broke off (the connection dropped): incomplete, unless something of ours came first.
    fail(incomplete(bytes, check.expectedSize, error));
  } finally {
    clearTimeout(idle);
    check.signal?.removeEventListener('abort', onAbort);
  }
  await writing;
  if (stop.failure === null && batchBytes > 0) write(batch, batchBytes);
  await writing;
  await flush.running;
  if (stop.failure !== null) throw stop.failure;
  return { bytes, hash: `blake3:${hasher.digest('hex')}` };
}

async function writeAll(handle: FileHandle, chunks: Buffer[], length: number): Promise<void> {
  const { bytesWritten } = await handle.writev(chunks);
  // A regular file takes a whole writev; should it not, the rest goes on from where it stopped.
  let rest = bytesWritten < length ? Buffer.concat(chunks).subarray(bytesWritten) : null;
  while (rest !== null && rest.length > 0) {
    const { bytesWritten: more } = await handle.write(rest);
    rest = rest.subarray(more);
  }
}

function incomplete(bytes: number, expected: number | null, cause?: unknown): DomainError {
  return new DomainError(
    'download_incomplete',
    `The download ended after ${bytes}${expected === null ? '' : ` of ${expected}`} bytes.`,
    cause === undefined ? {} : { cause },
  );
}

function tooLarge(maxBytes: number): DomainError {
  return new DomainError(
    'download_too_large',
    `The service sent more than the ${maxBytes} bytes it announced; the download was cut off.`,
  );
}
