// A download read under checks, in a single pass: each chunk is counted and blake3-hashed as it arrives, a
// body longer than announced is cut off at the announced size, one that stops sending is cut off after
// `idleMs`, and the whole is refused when it is short or its hash is not the expected one. Two sinks: a file in
// a folder (keeping: gathered into 1 MiB writes, one system call per MiB, flushed to the disk in the background
// as it grows so the last fsync waits for little; anything that goes wrong removes the temporary file, so
// nothing half-written is left under any name), or memory (a thumbnail's or a contact sheet's picture).
// A caller that has more downloads waiting may take the file before its last fsync (`durable: false`) and
// make it durable with makeDurable() while the next download runs, so the network never waits for the disk.
import { randomBytes } from 'node:crypto';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { ApiError } from '../api';
import { removeQuietly } from './checkedWrite';
import { DomainError } from '../errors';

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
  /** The temporary file, whole and checked (and synced unless asked not to); the caller renames or removes it. */
  path: string;
  bytes: number;
  hash: string;
}

/** The temporary files streamIntoFolder writes: `.keep-<12 hex>.part` (what a sweep after a crash removes). */
export const PART_FILE = /^\.keep-[0-9a-f]{12}\.part$/;

/**
 * Streams the body into a new temporary file in `folder` (made when missing), under the checks. With
 * `durable: false` the last fsync is left to the caller (makeDurable) before the file is given any lasting name.
 */
export async function streamIntoFolder(
  folder: string,
  source: Readable,
  check: StreamCheck,
  options: { durable?: boolean } = {},
): Promise<StreamedFile> {
  const path = join(folder, `.keep-${randomBytes(6).toString('hex')}.part`);
  let handle: FileHandle | null = null;
  try {
    handle = await openNew(folder, path);
    const { bytes, hash } = await pump(source, check, fileSink(handle));
    verify(bytes, hash, check);
    if (options.durable !== false) await handle.datasync();
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

/** Creates the file, making its folder only when it is missing (one system call per file, not two). */
async function openNew(folder: string, path: string): Promise<FileHandle> {
  try {
    return await open(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(folder, { recursive: true });
    return open(path, 'wx', 0o600);
  }
}

/** Writes a file's bytes through to the disk (a file streamed with `durable: false`, before it is renamed). */
export async function makeDurable(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * The same download held in memory (a thumbnail's source, already bounded by the caller's `maxBytes`), under
 * the same checks: cut off past the announced size or after `idleMs` of silence, and refused when it is short
 * or its hash is not the expected one, so nothing is ever made from bytes that are not the entry's.
 */
export async function readWholeChecked(
  source: Readable,
  check: StreamCheck,
): Promise<{ bytes: Buffer; hash: string }> {
  const chunks: Buffer[] = [];
  try {
    const { bytes, hash } = await pump(source, check, {
      add: (chunk) => {
        chunks.push(chunk);
        return undefined;
      },
      end: () => Promise.resolve(),
    });
    verify(bytes, hash, check);
    return { bytes: Buffer.concat(chunks, bytes), hash };
  } catch (error) {
    source.destroy();
    throw error;
  }
}

function verify(bytes: number, hash: string, check: StreamCheck): void {
  if (check.expectedSize !== null && bytes !== check.expectedSize)
    throw incomplete(bytes, check.expectedSize);
  if (check.expectedHash !== null && hash !== check.expectedHash) {
    throw new DomainError(
      'download_corrupt',
      `The downloaded bytes do not match the service's hash (got ${hash}, expected ${check.expectedHash}).`,
    );
  }
}

/** Where the read chunks go, in order. */
interface ChunkSink {
  /** Takes one chunk; a promise when the read must wait for it (a write in flight), rejected when it failed. */
  add(chunk: Buffer): Promise<void> | undefined;
  /** After the read: with `commit`, stores what is still held; either way, waits for what is in flight. */
  end(commit: boolean): Promise<void>;
}

/** Reads the source to its end into the sink; the first failure (ours, the sink's or the body's) wins. */
async function pump(
  source: Readable,
  check: StreamCheck,
  sink: ChunkSink,
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
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      idle.refresh();
      if (bytes + chunk.length > check.maxBytes) {
        fail(tooLarge(check.maxBytes));
        break;
      }
      bytes += chunk.length;
      hasher.update(chunk);
      const taken = sink.add(chunk);
      if (taken !== undefined) {
        await taken.catch(fail);
        if (stop.failure !== null) break;
      }
    }
  } catch (error) {
    // The body broke off (the connection dropped): incomplete, unless something of ours came first.
    fail(incomplete(bytes, check.expectedSize, error));
  } finally {
    clearTimeout(idle);
    check.signal?.removeEventListener('abort', onAbort);
  }
  await sink.end(stop.failure === null).catch(fail);
  if (stop.failure !== null) throw stop.failure;
  return { bytes, hash: `blake3:${hasher.digest('hex')}` };
}

/**
 * Gathers chunks into 1 MiB writes, one in flight while the next gathers, and flushes the file to the disk in
 * the background every few MiB; a failed write or flush is reported at the next full batch or at the end.
 */
function fileSink(handle: FileHandle): ChunkSink {
  const state: { failure: Error | null; writing: Promise<void>; flushing: Promise<void> | null } = {
    failure: null,
    writing: Promise.resolve(),
    flushing: null,
  };
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let sinceFlush = 0;
  const remember = (error: unknown): void => {
    state.failure ??= error instanceof Error ? error : new Error('The file could not be written.');
  };
  const throwIfFailed = (): void => {
    if (state.failure !== null) throw state.failure;
  };
  const write = (chunks: Buffer[], length: number): void => {
    state.writing = writeAll(handle, chunks, length).catch(remember);
    sinceFlush += length;
    if (sinceFlush >= FLUSH_EVERY_BYTES && state.flushing === null) {
      sinceFlush = 0;
      state.flushing = state.writing
        .then(() => (state.failure === null ? handle.datasync() : undefined))
        .catch(remember)
        .finally(() => {
          state.flushing = null;
        });
    }
  };
  return {
    add: (chunk) => {
      batch.push(chunk);
      batchBytes += chunk.length;
      if (batchBytes < BATCH_BYTES) return undefined;
      const full = batch;
      const length = batchBytes;
      batch = [];
      batchBytes = 0;
      return state.writing.then(() => {
        throwIfFailed();
        write(full, length);
      });
    },
    end: async (commit) => {
      await state.writing;
      if (commit && state.failure === null && batchBytes > 0) write(batch, batchBytes);
      await state.writing;
      await state.flushing;
      throwIfFailed();
    },
  };
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
