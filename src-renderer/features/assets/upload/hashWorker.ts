// The hashing Web Worker: blake3 of dropped files, one at a time, off the page's thread so the window stays
// responsive while a large file is read. Progress at most every PROGRESS_MS; a cancel stops between chunks.
import { HashCanceled, hashBlob } from './blake3Browser';
import { toWorkerSchema, type FromWorker } from './hashMessages';

const PROGRESS_MS = 50;

interface Job {
  jobId: number;
  file: Blob;
}

const queue: Job[] = [];
const canceled = new Set<number>();
let running = false;

function post(message: FromWorker): void {
  self.postMessage(message);
}

async function run(job: Job): Promise<void> {
  let lastPost = 0;
  try {
    const hash = await hashBlob(job.file, {
      isCanceled: () => canceled.has(job.jobId),
      onProgress: (bytes) => {
        const now = performance.now();
        if (now - lastPost < PROGRESS_MS && bytes < job.file.size) return;
        lastPost = now;
        post({ type: 'progress', jobId: job.jobId, bytes });
      },
    });
    post({ type: 'done', jobId: job.jobId, hash });
  } catch (error) {
    if (error instanceof HashCanceled) {
      post({ type: 'failed', jobId: job.jobId, reason: 'canceled', message: error.message });
    } else if (error instanceof DOMException) {
      // NotReadableError / NotFoundError: the file moved, changed or lost its permission since it was dropped.
      post({ type: 'failed', jobId: job.jobId, reason: 'unreadable', message: error.message });
    } else {
      const message = error instanceof Error ? error.message : 'unknown error';
      post({ type: 'failed', jobId: job.jobId, reason: 'internal', message });
    }
  } finally {
    canceled.delete(job.jobId);
  }
}

async function drain(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
      if (canceled.delete(job.jobId)) {
        post({ type: 'failed', jobId: job.jobId, reason: 'canceled', message: 'Hashing was canceled.' });
        continue;
      }
      await run(job);
    }
  } finally {
    running = false;
  }
}

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  const parsed = toWorkerSchema.safeParse(event.data);
  if (!parsed.success) return;
  const message = parsed.data;
  if (message.type === 'cancel') {
    canceled.add(message.jobId);
    return;
  }
  queue.push({ jobId: message.jobId, file: message.file });
  void drain();
});
