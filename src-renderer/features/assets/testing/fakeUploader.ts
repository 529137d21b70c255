// Test support for the uploader: a hasher and a PUT whose every step the test drives, a drop of File objects
// onto the window as the browser would deliver it, and main's progress events for a page-hashed batch.
import { act } from '@testing-library/react';
import type { UploadBatch, UploadFile, UploadOutcome } from '../../../../src-shared/contract';
import { HashFailed, type BlobHasher } from '../upload/hashClient';
import type { PutFile, PutResult } from '../upload/sendFile';

export interface HashJob {
  file: Blob;
  progress(bytes: number): void;
  finish(hash: string): void;
  fail(error: HashFailed): void;
  canceled: boolean;
}

export function fakeHasher(): { hasher: BlobHasher; jobs: HashJob[] } {
  const jobs: HashJob[] = [];
  const hasher: BlobHasher = {
    hash: (file, onProgress) => {
      let resolve: (hash: string) => void = () => undefined;
      let reject: (error: HashFailed) => void = () => undefined;
      const done = new Promise<string>((ok, no) => {
        resolve = ok;
        reject = no;
      });
      const job: HashJob = {
        file,
        progress: (bytes) => act(() => onProgress(bytes)),
        finish: (hash) => resolve(hash),
        fail: (error) => reject(error),
        canceled: false,
      };
      jobs.push(job);
      return {
        done,
        cancel: () => {
          job.canceled = true;
          reject(new HashFailed('canceled', 'Hashing was canceled.'));
        },
      };
    },
  };
  return { hasher, jobs };
}

export interface PutCall {
  url: string;
  file: Blob;
  progress(bytes: number): void;
  answer(result: PutResult): void;
  aborted: boolean;
}

export function fakePut(): { put: PutFile; calls: PutCall[] } {
  const calls: PutCall[] = [];
  const put: PutFile = (url, file, onProgress) => {
    let resolve: (result: PutResult) => void = () => undefined;
    const done = new Promise<PutResult>((ok) => (resolve = ok));
    const call: PutCall = {
      url,
      file,
      progress: (bytes) => act(() => onProgress(bytes)),
      answer: (result) => resolve(result),
      aborted: false,
    };
    calls.push(call);
    return {
      done,
      abort: () => {
        call.aborted = true;
        resolve({ kind: 'aborted' });
      },
    };
  };
  return { put, calls };
}

/** A File of `size` bytes without allocating them (the fakes never read the bytes). */
export function sizedFile(name: string, size: number, type = ''): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** dragenter, dragover and drop on the window, carrying the files as a browser's DataTransfer would. */
export function dropOnWindow(files: File[], stopAfter?: 'dragover'): void {
  const data = {
    types: ['Files'],
    files,
    items: files.map((file) => ({ kind: 'file', webkitGetAsEntry: () => null, getAsFile: () => file })),
    dropEffect: 'none',
  };
  for (const type of ['dragenter', 'dragover', 'drop']) {
    const event = new Event(type, { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', { value: data });
    act(() => {
      window.dispatchEvent(event);
    });
    if (type === stopAfter) return;
  }
}

export function mainFile(patch: Partial<UploadFile> & { fileId: string; relativePath: string }): UploadFile {
  return {
    path: patch.relativePath,
    size: 0,
    state: 'queued',
    bytesHashed: 0,
    bytesSent: 0,
    hash: null,
    outcome: null,
    ...patch,
  };
}

export function mainBatch(batchId: string, files: UploadFile[]): UploadBatch {
  const done = (kind: UploadOutcome['kind']) => files.filter((f) => f.outcome?.kind === kind).length;
  return {
    batchId,
    profileId: 'local',
    createdAt: '2025-01-01T12:00:00.000Z',
    options: {},
    files,
    skipped: [],
    summary: {
      files: files.length,
      finished: files.filter((f) => f.state === 'done').length,
      deduplicated: done('deduplicated'),
      uploaded: done('uploaded'),
      refused: done('refused-too-large'),
      failed: done('failed'),
      canceled: done('canceled'),
      bytesTotal: 0,
      bytesHashed: 0,
      bytesSent: 0,
      bytesNotSent: 0,
      text: '',
    },
    finished: files.every((f) => f.state === 'done'),
  };
}
