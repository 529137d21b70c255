// The code the hash worker thread runs, and the messages it exchanges with FileHasher.
//
// Why a string run with `new Worker(code, { eval: true })` rather than a worker file: a file would need its
// own place in every build (vitest and tsx run the sources, electron-vite bundles main into chunks, and an
// `.mjs` file in src-main falls outside the type-aware lint). A string has no location: it runs the same
// from source, from any bundle layout and from the CLI. The native hasher is loaded by an absolute path that
// main resolves (workerData.hasherModule), so the worker finds it wherever node_modules is.
//
// What the worker does, per job: open the file, read it in one reused buffer (memory stays flat whatever the
// file's size), feed each chunk to the Node-API blake3 hasher, report progress every so many bytes, and stop
// at the next chunk once main sets the job's cancel flag (a SharedArrayBuffer, seen without a message round
// trip). Jobs run one after another: the read loop is synchronous, so the next job's message waits its turn.

export interface HashJobMessage {
  type: 'hash';
  jobId: number;
  path: string;
  /** Int32Array(1) over it: main stores 1 to cancel. */
  cancel: SharedArrayBuffer;
  progressEveryBytes: number;
}

export type HashWorkerReply =
  | { type: 'progress'; jobId: number; bytes: number }
  /** `size` and `mtimeMs` are the file's, as fstat saw them when it was opened. */
  | { type: 'done'; jobId: number; hex: string; bytes: number; size: number; mtimeMs: number }
  | { type: 'error'; jobId: number; code: string; message: string }
  | { type: 'canceled'; jobId: number };

export interface HashWorkerData {
  /** Absolute path of the @napi-rs/blake-hash entry point. */
  hasherModule: string;
  chunkBytes: number;
}

export const HASH_WORKER_SCRIPT = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { Blake3Hasher } = require(workerData.hasherModule);

const buffer = Buffer.allocUnsafe(workerData.chunkBytes);

function hashJob(job) {
  const cancel = new Int32Array(job.cancel);
  let fd = -1;
  try {
    fd = fs.openSync(job.path, 'r');
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) {
      parentPort.postMessage({ type: 'error', jobId: job.jobId, code: 'not_a_file', message: 'Not a regular file.' });
      return;
    }
    const hasher = new Blake3Hasher();
    let bytes = 0;
    let reported = 0;
    for (;;) {
      if (Atomics.load(cancel, 0) !== 0) {
        parentPort.postMessage({ type: 'canceled', jobId: job.jobId });
        return;
      }
      const read = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      hasher.update(read === buffer.length ? buffer : buffer.subarray(0, read));
      bytes += read;
      if (bytes - reported >= job.progressEveryBytes) {
        reported = bytes;
        parentPort.postMessage({ type: 'progress', jobId: job.jobId, bytes });
      }
    }
    parentPort.postMessage({
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
    parentPort.postMessage({ type: 'error', jobId: job.jobId, code, message });
  } finally {
    if (fd !== -1) fs.closeSync(fd);
  }
}

parentPort.on('message', (job) => {
  if (job && job.type === 'hash') hashJob(job);
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
