// The page's side of the hashing worker: one worker for the window, started on first use, jobs numbered so
// answers find their caller. Anything a caller waits on settles: a worker that dies fails every open job.
import { fromWorkerSchema, type ToWorker } from './hashMessages';

export type HashFailureReason = 'canceled' | 'unreadable' | 'internal';

export class HashFailed extends Error {
  override readonly name = 'HashFailed';

  constructor(
    readonly reason: HashFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export interface HashTask {
  /** `blake3:<hex>`; rejects with HashFailed. */
  readonly done: Promise<string>;
  cancel(): void;
}

/** What the uploader needs of a hasher (tests pass a fake). */
export interface BlobHasher {
  hash(file: Blob, onProgress: (bytesHashed: number) => void): HashTask;
}

interface Pending {
  onProgress: (bytes: number) => void;
  resolve: (hash: string) => void;
  reject: (error: HashFailed) => void;
}

export function createWorkerHasher(
  makeWorker: () => Worker = () =>
    new Worker(new URL('./hashWorker.ts', import.meta.url), { type: 'module', name: 'loupe-hash' }),
): BlobHasher {
  let worker: Worker | null = null;
  let nextJob = 1;
  const pending = new Map<number, Pending>();

  const failAll = (message: string): void => {
    for (const job of pending.values()) job.reject(new HashFailed('internal', message));
    pending.clear();
    worker?.terminate();
    worker = null;
  };

  const started = (): Worker => {
    if (worker !== null) return worker;
    const created = makeWorker();
    created.addEventListener('message', (event: MessageEvent<unknown>) => {
      const parsed = fromWorkerSchema.safeParse(event.data);
      if (!parsed.success) return;
      const message = parsed.data;
      const job = pending.get(message.jobId);
      if (job === undefined) return;
      if (message.type === 'progress') {
        job.onProgress(message.bytes);
        return;
      }
      pending.delete(message.jobId);
      if (message.type === 'done') job.resolve(message.hash);
      else job.reject(new HashFailed(message.reason, message.message));
    });
    created.addEventListener('error', (event) => {
      failAll(`The hashing worker stopped: ${event.message || 'it could not start'}.`);
    });
    worker = created;
    return created;
  };

  const send = (message: ToWorker): void => started().postMessage(message);

  return {
    hash: (file, onProgress) => {
      const jobId = nextJob++;
      const done = new Promise<string>((resolve, reject) => {
        pending.set(jobId, { onProgress, resolve, reject });
      });
      send({ type: 'hash', jobId, file });
      return {
        done,
        cancel: () => {
          if (pending.has(jobId)) send({ type: 'cancel', jobId });
        },
      };
    },
  };
}

let shared: BlobHasher | null = null;

/** The window's hasher (one worker shared by every upload). */
export function sharedHasher(): BlobHasher {
  shared ??= createWorkerHasher();
  return shared;
}
