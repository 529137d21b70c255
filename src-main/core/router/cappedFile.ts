// Bytes from the network written to a file of Loupe's own, whole or not at all: into a hidden temporary file
// beside it, counted on the way (past the cap the download stops and nothing is kept), then renamed into place.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class TooLargeError extends Error {
  override readonly name = 'TooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes, the most Loupe keeps.`);
  }
}

class Cap extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new TooLargeError(this.maxBytes));
    else done(null, chunk);
  }
}

/** Writes `body` to `dir/name`; resolves to the byte count. `name` is Loupe's own, never the service's. */
export async function writeCappedFile(
  dir: string,
  name: string,
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<number> {
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${name}.${randomBytes(6).toString('hex')}.part`);
  const cap = new Cap(maxBytes);
  try {
    await pipeline(
      Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]),
      cap,
      createWriteStream(temporary, { flags: 'wx' }),
      signal === undefined ? {} : { signal },
    );
    await rename(temporary, join(dir, name));
    return cap.bytes;
  } catch (error) {
    await rm(temporary, { force: true });
    await body.cancel().catch(() => undefined);
    throw error;
  }
}

/** Bytes already in memory (a data: URL), written the same way. */
export async function writeBytesFile(
  dir: string,
  name: string,
  bytes: Uint8Array,
  maxBytes: number,
): Promise<number> {
  if (bytes.byteLength > maxBytes) throw new TooLargeError(maxBytes);
  return writeCappedFile(dir, name, new Blob([bytes]).stream(), maxBytes);
}
