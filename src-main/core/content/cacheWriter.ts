// Writes one download into the disk cache as it streams past: into a temp file beside the final one, then,
// only when every byte arrived (the expected length, and the blake3 hash when the entry is content-addressed),
// synced and renamed into place. A cancelled, short, oversized or corrupt download leaves nothing behind, so a
// file under its final name is always whole.
import { randomBytes } from 'node:crypto';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { Blake3Hasher } from '@napi-rs/blake-hash';

export interface CacheWriterTarget {
  /** Where the finished file goes. */
  finalPath: string;
  /** The byte count the service announced; null when it did not. */
  expectedSize: number | null;
  /** Hex digest the bytes must have (content-addressed entries); null when not known. */
  expectedBlake3Hex: string | null;
  /** Stop caching (but let the download go on) past this many bytes. */
  maxBytes: number;
}

export class CacheWriter {
  private handle: Promise<FileHandle> | null = null;
  private readonly tempPath: string;
  private readonly hasher: Blake3Hasher | null;
  private written = 0;
  private failed = false;
  private finished = false;

  constructor(private readonly target: CacheWriterTarget) {
    this.tempPath = `${target.finalPath}.${randomBytes(6).toString('hex')}.tmp`;
    this.hasher = target.expectedBlake3Hex === null ? null : new Blake3Hasher();
  }

  /** Never throws: a failing cache write only means the bytes are not cached. */
  async write(chunk: Uint8Array): Promise<void> {
    if (this.failed || this.finished) return;
    if (this.written + chunk.byteLength > this.target.maxBytes) {
      await this.abort();
      return;
    }
    try {
      this.handle ??= open(this.tempPath, 'wx', 0o600);
      const handle = await this.handle;
      await handle.write(chunk);
      this.hasher?.update(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      this.written += chunk.byteLength;
    } catch {
      await this.abort();
    }
  }

  /** Moves a whole, verified file into place; the size when it did, null when the bytes were not kept. */
  async commit(): Promise<number | null> {
    if (this.failed || this.finished) return null;
    const complete =
      (this.target.expectedSize === null || this.written === this.target.expectedSize) &&
      (this.hasher === null || this.hasher.digest('hex') === this.target.expectedBlake3Hex);
    if (!complete) {
      await this.abort();
      return null;
    }
    try {
      this.handle ??= open(this.tempPath, 'wx', 0o600);
      const handle = await this.handle;
      await handle.datasync();
      await handle.close();
      await rename(this.tempPath, this.target.finalPath);
      this.finished = true;
      return this.written;
    } catch {
      await this.abort();
      return null;
    }
  }

  async abort(): Promise<void> {
    if (this.failed || this.finished) return;
    this.failed = true;
    const handle = await this.handle?.catch(() => null);
    await handle?.close().catch(() => undefined);
    await unlink(this.tempPath).catch(() => undefined);
  }
}
