// The contract's uploads.* entries, answered by the UploadService. Progress is batched: a file hashing at
// gigabytes a second changes many times a second, the renderer needs a few frames' worth.
import type { UploadProgressEvent } from '../../../src-shared/contract';
import type { CallHandlers, StreamHandlers, StreamSink } from '../rpc/dispatcher';
import type { UploadService } from './uploadService';

type UploadNames = Extract<keyof CallHandlers | keyof StreamHandlers, `uploads.${string}`>;
export type UploadHandlers = Pick<CallHandlers & StreamHandlers, UploadNames>;

export interface UploadHandlerOptions {
  /** At most one update event per this interval per stream (default 100 ms). */
  progressIntervalMs?: number;
}

export function createUploadHandlers(
  uploads: UploadService,
  options: UploadHandlerOptions = {},
): UploadHandlers {
  const intervalMs = options.progressIntervalMs ?? 100;
  return {
    'uploads.start': ({ paths, options: uploadOptions }) => uploads.start(paths, uploadOptions ?? {}),
    'uploads.cancel': ({ batchId, fileId }) => uploads.cancel(batchId, fileId),
    'uploads.retry': ({ batchId, fileId }) => {
      uploads.retry(batchId, fileId);
      return {};
    },
    'uploads.list': () => ({ batches: uploads.list() }),
    'uploads.forget': ({ batchId }) => uploads.forgetInterrupted(batchId),
    'uploads.prepareBytes': ({ files, options: uploadOptions }) =>
      uploads.bytes.prepare(files, uploadOptions ?? {}),
    'uploads.retryBytes': ({ batchId, fileId, hash, size }) =>
      uploads.bytes.retry(batchId, fileId, { hash, size }),
    'uploads.progress': ({ batchId }, sink) => streamProgress(uploads, batchId, sink, intervalMs),
  };
}

/** The whole batch first, then the files that changed since the last event, at most once per interval. */
function streamProgress(
  uploads: UploadService,
  batchId: string,
  sink: StreamSink<UploadProgressEvent>,
  intervalMs: number,
): () => void {
  const changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = (): void => {
    timer = null;
    const batch = uploads.batch(batchId);
    const ids = new Set(changed);
    changed.clear();
    sink.emit({
      type: 'update',
      batchId,
      files: batch.files.filter((file) => ids.has(file.fileId)),
      summary: batch.summary,
      finished: batch.finished,
    });
  };
  // Subscribed before the snapshot is taken, so no change can fall between the two.
  const stop = uploads.onChange(batchId, (fileIds) => {
    for (const id of fileIds) changed.add(id);
    timer ??= setTimeout(flush, intervalMs);
  });
  sink.emit({ type: 'snapshot', batch: uploads.batch(batchId) });
  return () => {
    stop();
    if (timer !== null) clearTimeout(timer);
  };
}
