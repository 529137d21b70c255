// blake3 of a file, streamed in chunks so a file of any size is hashed in constant memory. Written the way
// the service writes it (`blake3:<hex>`), so a hash can be compared with an asset's and used for by-hash dedup.
import { createReadStream } from 'node:fs';
import { Blake3Hasher } from '@napi-rs/blake-hash';

const chunkBytes = 1024 * 1024;

export interface HashProgress {
  (hashedBytes: number): void;
}

export async function blake3File(
  path: string,
  onProgress?: HashProgress,
  signal?: AbortSignal,
): Promise<string> {
  const hasher = new Blake3Hasher();
  let hashed = 0;
  const stream = createReadStream(path, {
    highWaterMark: chunkBytes,
    ...(signal === undefined ? {} : { signal }),
  });
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    hasher.update(buffer);
    hashed += buffer.length;
    onProgress?.(hashed);
  }
  return `blake3:${hasher.digest('hex')}`;
}

/** Hashes bytes as they pass through (a download), for checking against the hash the service reported. */
export class StreamingBlake3 {
  private readonly hasher = new Blake3Hasher();

  update(chunk: Uint8Array): void {
    this.hasher.update(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }

  digest(): string {
    return `blake3:${this.hasher.digest('hex')}`;
  }
}
