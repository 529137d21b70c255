// Writing downloaded bytes to disk: streamed chunk by chunk, hashed on the way through and checked against
// the blake3 hash the service reported, and never left half-written (a failed download removes its file).
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { StreamingBlake3 } from './blake3File';
import { CliError } from './errors';
import { numberedName } from '../../src-shared/safeFileName';

export interface SaveOptions {
  /** `blake3:<hex>` from the service, or null when it has not computed one yet. */
  expectedHash: string | null;
  expectedSize: number | null;
  onProgress?: (writtenBytes: number) => void;
  signal?: AbortSignal;
}

export interface SavedFile {
  path: string;
  bytes: number;
  hash: string;
  /** True when the bytes matched the hash the service reported. */
  verified: boolean;
}

async function writeAll(handle: FileHandle, body: ReadableStream<Uint8Array>, options: SaveOptions) {
  const hasher = new StreamingBlake3();
  const reader = body.getReader();
  let bytes = 0;
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      const { done, value } = await reader.read();
      if (done) break;
      hasher.update(value);
      await handle.write(value);
      bytes += value.byteLength;
      options.onProgress?.(bytes);
    }
  } finally {
    reader.releaseLock();
  }
  const hash = hasher.digest();
  if (options.expectedHash !== null && hash !== options.expectedHash) {
    throw new CliError(
      'download_corrupt',
      `The downloaded bytes do not match the service's hash (got ${hash}, expected ${options.expectedHash}).`,
      'Download it again; if it keeps failing, the stored file may be damaged.',
    );
  }
  if (options.expectedSize !== null && bytes !== options.expectedSize) {
    throw new CliError(
      'download_incomplete',
      `The download ended after ${bytes} of ${options.expectedSize} bytes.`,
      'Download it again.',
    );
  }
  return { bytes, hash, verified: options.expectedHash !== null };
}

async function writeThenClose(
  path: string,
  handle: FileHandle,
  body: ReadableStream<Uint8Array>,
  options: SaveOptions,
): Promise<SavedFile> {
  try {
    const result = await writeAll(handle, body, options);
    await handle.close();
    return { path, ...result };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    await body.cancel().catch(() => undefined);
    throw error;
  }
}

function isExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}

/**
 * Saves into `dir` under `name` (already made safe), or `name (2)`… when taken. Files are created
 * exclusively, so an existing file, or a symlink planted under that name, is never written through.
 */
export async function saveAsNewFile(
  dir: string,
  name: string,
  body: ReadableStream<Uint8Array>,
  options: SaveOptions,
): Promise<SavedFile> {
  for (let attempt = 1; attempt <= 1000; attempt++) {
    const path = join(dir, numberedName(name, attempt));
    let handle: FileHandle;
    try {
      handle = await open(path, 'wx');
    } catch (error) {
      if (isExists(error)) continue;
      throw error;
    }
    return writeThenClose(path, handle, body, options);
  }
  throw new CliError(
    'file_exists',
    `Too many files named like ${name} in ${dir}.`,
    'Choose an empty directory.',
  );
}

/** Saves to exactly `path` (the user named it), replacing it only once the whole download checked out. */
export async function saveToPath(
  path: string,
  body: ReadableStream<Uint8Array>,
  options: SaveOptions,
): Promise<SavedFile> {
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.loupe-part`);
  const handle = await open(partial, 'wx');
  const saved = await writeThenClose(partial, handle, body, options);
  await rename(partial, path);
  return { ...saved, path };
}
