// The contract's uploads.* entries, answered by the UploadService. Progress is batched: a file hashing at
// gigabytes a second changes many times a second, the renderer needs a few frames' worth.
import type { UploadProgressEvent } from '../../../src-shared/contract';
import type { FileGrant } from '../../../src-shared/contract';
import { DomainError } from '../errors';
import type { BridgeHandlers } from '../rpc/bridgeCalls';
import type { CallCaller, CallHandlers, StreamHandlers, StreamSink } from '../rpc/dispatcher';
import type { FileGrants } from './fileGrants';
import type { UploadService } from './uploadService';

/** The host's own open dialog (Electron): the chosen paths, or null when the user canceled. */
export type PickFiles = (kind: 'files' | 'folder', caller: CallCaller) => Promise<string[] | null>;

type UploadNames = Extract<keyof CallHandlers | keyof StreamHandlers, `uploads.${string}`>;
export type UploadHandlers = Pick<CallHandlers & StreamHandlers, UploadNames>;

export interface UploadHandlerOptions {
  /** At most one update event per this interval per stream (default 100 ms). */
  progressIntervalMs?: number;
  /** The host's open dialog; absent or null (the browser shell, the CLI): uploads.pickFiles is not_available. */
  pickFiles?: PickFiles | null;
}

export function createUploadHandlers(
  uploads: UploadService,
  grants: FileGrants,
  options: UploadHandlerOptions = {},
): UploadHandlers {
  const intervalMs = options.progressIntervalMs ?? 100;
  const pickFiles = options.pickFiles ?? null;
  return {
    'uploads.pickFiles': async ({ kind }, caller): Promise<{ grants: FileGrant[] }> => {
      if (pickFiles === null) {
        throw new DomainError(
          'not_available',
          'This window cannot open a file dialog: drop the files, or use the page’s own file picker.',
        );
      }
      const paths = await pickFiles(kind, caller ?? null);
      return { grants: paths === null ? [] : await grants.mintAll(paths, caller ?? null) };
    },
    // Only what a grant names is read: a caller never hands main a path (ARCHITECTURE rule 10).
    'uploads.start': ({ profileId, grants: chosen, options: uploadOptions }, caller) =>
      uploads.start(profileId, grants.redeem(chosen, caller ?? null), uploadOptions ?? {}),
    'uploads.cancel': ({ profileId, batchId, fileId }) => {
      uploads.requireOwn(batchId, profileId);
      return uploads.cancel(batchId, fileId);
    },
    'uploads.retry': ({ profileId, batchId, fileId }) => {
      uploads.requireOwn(batchId, profileId);
      uploads.retry(batchId, fileId);
      return {};
    },
    'uploads.list': ({ profileId }) => ({ batches: uploads.list(profileId) }),
    'uploads.forget': ({ profileId, batchId }) => {
      uploads.requireOwn(batchId, profileId);
      return uploads.forgetInterrupted(batchId);
    },
    'uploads.prepareBytes': ({ profileId, files, options: uploadOptions }) =>
      uploads.bytes.prepare(profileId, files, uploadOptions ?? {}),
    'uploads.retryBytes': ({ profileId, batchId, fileId, hash, size }) => {
      uploads.requireOwn(batchId, profileId);
      return uploads.bytes.retry(batchId, fileId, { hash, size });
    },
    'uploads.progress': ({ profileId, batchId }, sink) => {
      uploads.requireOwn(batchId, profileId);
      return streamProgress(uploads, batchId, sink, intervalMs);
    },
  };
}

/** The preload's drop bridge: a grant for each file of a trusted drop, bound to the window it came from. */
export function createDropGrantHandlers(grants: FileGrants): BridgeHandlers {
  return {
    'files.grantDropped': async ({ paths }, caller) => ({ grants: await grants.mintAll(paths, caller) }),
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
