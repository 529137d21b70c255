// Bytes from the network written to a file of Loupe's own, whole or not at all: into a hidden temporary file
// beside it, counted on the way (past the cap the download stops and nothing is kept), then renamed into place.
// A body that stops sending for longer than its patience is given up too: a stream handed over has no other
// time limit, and a server that trickles (or stalls) must not hold a download open for ever.
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

export class StalledError extends Error {
  override readonly name = 'StalledError';
  constructor(readonly idleMs: number) {
    super(`No bytes arrived for ${idleMs} ms.`);
  }
}

export interface CappedWrite {
  signal?: AbortSignal | undefined;
  /** The longest wait for the next bytes; none by default. */
  idleMs?: number | undefined;
}

class Cap extends Transform {
  bytes = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly maxBytes: number,
    private readonly idleMs: number | undefined,
  ) {
    super();
    this.arm();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      this.disarm();
      done(new TooLargeError(this.maxBytes));
      return;
    }
    this.arm();
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.disarm();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.disarm();
    done(error);
  }

  private arm(): void {
    if (this.idleMs === undefined) return;
    this.disarm();
    const idleMs = this.idleMs;
    this.timer = setTimeout(() => this.destroy(new StalledError(idleMs)), idleMs);
    this.timer.unref();
  }

  private disarm(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Writes `body` to `dir/name`; resolves to the byte count. `name` is Loupe's own, never the service's. */
export async function writeCappedFile(
  dir: string,
  name: string,
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  options: CappedWrite = {},
): Promise<number> {
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${name}.${randomBytes(6).toString('hex')}.part`);
  const cap = new Cap(maxBytes, options.idleMs);
  try {
    await pipeline(
      Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]),
      cap,
      createWriteStream(temporary, { flags: 'wx' }),
      options.signal === undefined ? {} : { signal: options.signal },
    );
    await rename(temporary, join(dir, name));
    return cap.bytes;
  } catch (error) {
    cap.destroy();
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
