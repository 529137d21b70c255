// The code the hash worker thread runs, and the messages it exchanges with FileHasher.
//
// Why a string run with `new Worker(code, { eval: true })` rather than a worker file: a file would need its
// own place in every build (vitest and tsx run the sources, electron-vite bundles main into chunks, and an
// `.mjs` file in src-main falls outside the type-aware lint). A string has no location: it runs the same
// from source, from any bundle layout and from the CLI. The native hasher is loaded by an absolute path that
// main resolves (workerData.hasherModule), so the worker finds it wherever node_modules is.
//
// What the worker does, per job: hash the file while the next chunks are already being read. A ring of
// preallocated buffers: while this thread feeds one to the Node-API blake3 hasher (synchronous, the slower
// half), FileHandle.read calls on libuv's thread pool fill the others (copies out of the page cache), up to
// three chunks ahead. Reading then hashing one after the other left a core idle for a third of the time;
// overlapped, the path runs at the hasher's own speed. Why three reads ahead and not one: on a busy machine
// the reader is often off its core when the hasher wants the next chunk; with slack it catches up while it
// runs, and the hasher rarely waits (the bench measured 2 MiB x 4 ahead of 4 MiB x 2 there, level when idle).
// Memory stays flat whatever the file's size: the buffers, nothing more.
// Reads go by explicit position until one returns 0 bytes, as the sequential reads before them did: a file
// that grows or shrinks while it is hashed gives the digest of the bytes actually read, with their count, and
// the caller compares that count and the mtime taken at open with the file afterwards (uploadFile). A short
// read (the end of the file, or a file changing) discards the reads issued past it and goes on from where it
// ended, so the bytes hashed are always contiguous.
// Cancel: main sets the job's flag (a SharedArrayBuffer, seen without a message round trip); the loop checks
// it before each chunk, issues no further read, waits for the reads in flight (their buffers must not be
// reused while the pool still writes into them) and closes the file. Jobs run one after another, queued
// here: they share the buffers, and one file at a time is what the disk and the core can serve anyway.

export interface HashJobMessage {
  type: 'hash';
  jobId: number;
  path: string;
  /** Int32Array(1) over it: main stores 1 to cancel. */
  cancel: SharedArrayBuffer;
  progressEveryBytes: number;
}

export type HashWorkerReply =
  /** Bytes hashed so far: every `progressEveryBytes`, and once more with the total before `done`. */
  | { type: 'progress'; jobId: number; bytes: number }
  /** `size` and `mtimeMs` are the file's, as fstat saw them when it was opened. */
  | { type: 'done'; jobId: number; hex: string; bytes: number; size: number; mtimeMs: number }
  | { type: 'error'; jobId: number; code: string; message: string }
  | { type: 'canceled'; jobId: number };

export interface HashWorkerData {
  /** Absolute path of the @napi-rs/blake-hash entry point. */
  hasherModule: string;
  /** Size of each read buffer. */
  chunkBytes: number;
  /** Buffers in the ring: one being hashed, the others being read into. */
  bufferCount: number;
}

export const HASH_WORKER_SCRIPT = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { Blake3Hasher } = require(workerData.hasherModule);

const size = workerData.chunkBytes;
const count = workerData.bufferCount;
// Filled once so their pages are resident from the start: the worker's memory is this, whatever it hashes.
const buffers = Array.from({ length: count }, () => Buffer.allocUnsafe(size).fill(0));

function post(message) {
  parentPort.postMessage(message);
}

async function hashJob(job) {
  const cancel = new Int32Array(job.cancel);
  let handle = null;
  // Reads in flight, oldest first, each into its own buffer at its own position.
  const reads = [];
  let nextPosition = 0;
  let nextBuffer = 0;
  const readAhead = () => {
    const buffer = buffers[nextBuffer];
    nextBuffer = (nextBuffer + 1) % count;
    const read = handle.read(buffer, 0, size, nextPosition);
    reads.push(read.then(({ bytesRead }) => ({ buffer, bytesRead })));
    nextPosition += size;
  };
  try {
    // A job canceled while it waited its turn opens nothing.
    if (Atomics.load(cancel, 0) !== 0) {
      post({ type: 'canceled', jobId: job.jobId });
      return;
    }
    handle = await fs.promises.open(job.path, 'r');
    const stat = await handle.stat();
    if (!stat.isFile()) {
      post({ type: 'error', jobId: job.jobId, code: 'not_a_file', message: 'Not a regular file.' });
      return;
    }
    const hasher = new Blake3Hasher();
    let bytes = 0;
    let reported = 0;
    for (let ahead = 1; ahead < count; ahead++) readAhead();
    for (;;) {
      const { buffer, bytesRead } = await reads.shift();
      if (bytesRead === 0) break;
      if (Atomics.load(cancel, 0) !== 0) {
        post({ type: 'canceled', jobId: job.jobId });
        return;
      }
      if (bytesRead < size) {
        // The reads after this one assumed it full: let them land unused, and go on from where it ended.
        await Promise.allSettled(reads.splice(0));
        nextPosition = bytes + bytesRead;
      }
      // Into the buffer hashed last time, before hashing this one: the pool reads while this thread hashes.
      readAhead();
      hasher.update(bytesRead === size ? buffer : buffer.subarray(0, bytesRead));
      bytes += bytesRead;
      if (bytes - reported >= job.progressEveryBytes) {
        reported = bytes;
        post({ type: 'progress', jobId: job.jobId, bytes });
      }
    }
    if (bytes > reported) post({ type: 'progress', jobId: job.jobId, bytes });
    post({
      type: 'done',
      jobId: job.jobId,
      hex: hasher.digest('hex'),
      bytes,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
    });
  } catch (error) {
    const code = error && typeof error.code === 'string' ? error.code : 'hash_failed';
    const message = error && typeof error.message === 'string' ? error.message : String(error);
    post({ type: 'error', jobId: job.jobId, code, message });
  } finally {
    await Promise.allSettled(reads.splice(0));
    if (handle !== null) await handle.close().catch(() => undefined);
  }
}

// One job at a time, in the order they came: the next starts once the last has closed its file.
let queue = Promise.resolve();
parentPort.on('message', (job) => {
  if (job && job.type === 'hash') queue = queue.then(() => hashJob(job));
});
`;

/** Replies cross a thread boundary: check their shape rather than trust a cast. */
export function isHashWorkerReply(value: unknown): value is HashWorkerReply {
  if (typeof value !== 'object' || value === null) return false;
  if (!('type' in value) || !('jobId' in value) || typeof value.jobId !== 'number') return false;
  switch (value.type) {
    case 'progress':
      return 'bytes' in value && typeof value.bytes === 'number';
    case 'done':
      return (
        'hex' in value &&
        typeof value.hex === 'string' &&
        /^[0-9a-f]{64}$/.test(value.hex) &&
        'bytes' in value &&
        typeof value.bytes === 'number' &&
        'size' in value &&
        typeof value.size === 'number' &&
        'mtimeMs' in value &&
        typeof value.mtimeMs === 'number'
      );
    case 'error':
      return (
        'code' in value &&
        typeof value.code === 'string' &&
        'message' in value &&
        typeof value.message === 'string'
      );
    case 'canceled':
      return true;
    default:
      return false;
  }
}
