// Passes a download through to the viewer while a copy goes into the disk cache. The viewer sets the pace
// (bytes are pulled as it reads); if it goes away early, the download stops and the partial copy is thrown
// away. The stream ends only after the copy is committed, so the next view of the same asset is a hit.
import type { CacheWriter } from './cacheWriter';

export function teeIntoCache(
  source: ReadableStream<Uint8Array>,
  writer: CacheWriter,
  admit: (size: number) => Promise<void>,
  logError: (message: string, error: unknown) => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await reader.read();
        } catch (error) {
          await writer.abort();
          controller.error(error);
          return;
        }
        if (next.done) {
          try {
            const size = await writer.commit();
            if (size !== null) await admit(size);
          } catch (error) {
            // The viewer still gets every byte; only the cached copy is lost.
            logError('An asset could not be added to the disk cache', error);
          }
          controller.close();
          return;
        }
        await writer.write(next.value);
        controller.enqueue(next.value);
      },
      async cancel(reason) {
        await writer.abort();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 1 },
  );
}
