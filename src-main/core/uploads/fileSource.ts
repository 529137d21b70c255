// The bytes of an upload, streamed from disk: exactly the number of bytes that were hashed, no more, no
// fewer. A file that shrank, vanished or became unreadable while it was sent fails the request from our side,
// and the probe remembers why, so the pipeline can tell "the file changed" from a network failure (both reach
// it as the same failed fetch).
import { createReadStream } from 'node:fs';
import type { OpenBytes } from '../api';
import { FileChangedError } from './uploadErrors';

/** Chunks handed to the connection; not reused, since the connection may still hold one while reading on. */
const READ_CHUNK_BYTES = 1024 * 1024;

export interface SourceProbe {
  /** Set when reading the file, not the network, ended the request. */
  failure: FileChangedError | null;
}

export function exactFileBytes(path: string, size: number, probe: SourceProbe): OpenBytes {
  return () => readExactly(path, size, probe);
}

async function* readExactly(path: string, size: number, probe: SourceProbe): AsyncGenerator<Uint8Array> {
  if (size === 0) return;
  // `end` is inclusive: bytes appended after hashing are not sent, so what goes out is what was hashed.
  const stream = createReadStream(path, { start: 0, end: size - 1, highWaterMark: READ_CHUNK_BYTES });
  let read = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      read += chunk.byteLength;
      yield chunk;
    }
  } catch (error) {
    throw fail(probe, `The file could not be read to the end (${systemCode(error)}).`);
  } finally {
    stream.destroy();
  }
  if (read !== size) {
    throw fail(probe, `The file is shorter than when it was hashed (${read} of ${size} bytes).`);
  }
}

function fail(probe: SourceProbe, message: string): FileChangedError {
  const error = new FileChangedError(message);
  probe.failure = error;
  return error;
}

function systemCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'read error';
}
