// A web ReadableStream over part of an open file: how cached bytes reach either host (Electron's Response
// and the browser shell's HTTP answer both take a web stream). It owns the handle: the handle is closed when
// the range is read, or as soon as the reader cancels (a video element seeking away mid-range).
import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 256 * 1024;

/** Bytes `start`..`end` (inclusive) of the file; an empty range (end < start) is an empty stream. */
export function fileRangeStream(handle: FileHandle, start: number, end: number): ReadableStream<Uint8Array> {
  let position = start;
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await handle.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const remaining = end - position + 1;
        if (remaining <= 0) {
          await close();
          controller.close();
          return;
        }
        try {
          const chunk = new Uint8Array(Math.min(CHUNK_BYTES, remaining));
          const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
          if (bytesRead === 0) throw new Error('The cached file is shorter than its index says.');
          position += bytesRead;
          controller.enqueue(chunk.subarray(0, bytesRead));
        } catch (error) {
          await close();
          controller.error(error);
        }
      },
      cancel: close,
    },
    { highWaterMark: 1 },
  );
}
