// Asset bytes written to the user's disk, checked on the way through: counted, blake3-hashed as they pass
// (no second read), compared with the size and hash the service reported, and never left half-written (a
// file appears under its final name only once it is whole and checked). The app's "save to folder" and the
// CLI's downloads both write through here.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { DomainError } from '../errors';

export interface ByteCheck {
  /** `blake3:<hex>` from the service, or null when it has not computed one. */
  expectedHash?: string | null;
  expectedSize?: number | null;
  onProgress?: (writtenBytes: number) => void;
  signal?: AbortSignal;
  /**
   * Reshapes the bytes after they were checked and before they reach the disk (Loupe's exports add the
   * workflow to a PNG: promptStream.ts). The service's size and hash are checked on the bytes as they came;
   * the returned size and hash are the file's.
   */
  reshape?: () => Transform;
}

export interface WrittenFile {
  path: string;
  bytes: number;
  /** `blake3:<hex>` of what was written. */
  hash: string;
  /** True when the service reported a hash and the bytes matched it. */
  verified: boolean;
}

/** Counts and hashes every chunk it passes on. */
class Tally extends Transform {
  bytes = 0;
  private readonly hasher = new Blake3Hasher();

  constructor(private readonly onProgress: ((bytes: number) => void) | undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hasher.update(chunk);
    this.bytes += chunk.length;
    this.onProgress?.(this.bytes);
    done(null, chunk);
  }

  digest(): string {
    return `blake3:${this.hasher.digest('hex')}`;
  }
}

/**
 * Streams `body` into a hidden temporary file next to where it will end up and checks it. Returns the
 * temporary path and the tally; the caller names it (and removes it on failure: `removeQuietly`).
 */
export async function writeChecked(
  folder: string,
  body: ReadableStream<Uint8Array>,
  check: ByteCheck = {},
): Promise<WrittenFile> {
  const temp = join(folder, `.loupe-${randomBytes(6).toString('hex')}.part`);
  const tally = new Tally(check.onProgress);
  const file = check.reshape === undefined ? tally : new Tally(undefined);
  try {
    await pipeline(
      Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]),
      tally,
      ...(check.reshape === undefined ? [] : [check.reshape(), file]),
      createWriteStream(temp, { flags: 'wx' }),
      ...(check.signal === undefined ? [] : [{ signal: check.signal }]),
    );
    const hash = tally.digest();
    const expectedHash = check.expectedHash ?? null;
    const expectedSize = check.expectedSize ?? null;
    if (expectedSize !== null && tally.bytes !== expectedSize) {
      throw new DomainError(
        'download_incomplete',
        `The download ended after ${tally.bytes} of ${expectedSize} bytes. Download it again.`,
      );
    }
    if (expectedHash !== null && hash !== expectedHash) {
      throw new DomainError(
        'download_corrupt',
        `The downloaded bytes do not match the service's hash (got ${hash}, expected ${expectedHash}). ` +
          'Download it again; if it keeps failing, the stored file may be damaged.',
      );
    }
    const fileHash = file === tally ? hash : file.digest();
    return { path: temp, bytes: file.bytes, hash: fileHash, verified: expectedHash !== null };
  } catch (error) {
    await removeQuietly(temp);
    await body.cancel().catch(() => undefined);
    throw error;
  }
}

/** Writes to exactly `path` (a name the user gave), replacing what is there only once the bytes checked out. */
export async function writeExactFile(
  path: string,
  body: ReadableStream<Uint8Array>,
  check: ByteCheck = {},
): Promise<WrittenFile> {
  const written = await writeChecked(dirname(path), body, check);
  try {
    await rename(written.path, path);
  } catch (error) {
    await removeQuietly(written.path);
    throw error;
  }
  return { ...written, path };
}

/**
 * Replaces `path` whole with `data`: written to a temporary name beside it, then renamed over it, so a reader
 * sees the old file or the new one, never half of one. Not synced: a caller that needs the disk syncs it.
 */
export async function replaceWhole(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } finally {
    await removeQuietly(temp);
  }
}

export async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}
