// The page's part of a browser-shell upload: hash each dropped file in the worker (one at a time, in order),
// ask main to plan the hashed ones (uploads.prepareBytes: it checks by hash and mints what the service holds),
// and PUT the files main asks for (pageSend.ts). Planning happens in groups, so a large folder starts sending
// while the rest is still being hashed. Cancel and retry per file. Lives outside React, so an upload goes on
// while the Assets screen is closed; the page's work is in uploadsStore, main's answers in React Query
// (uploadPlans.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { LoupeApi } from '../../../../src-preload/buildApi';
import type { UploadOptions } from '../../../../src-shared/contract';
import type { Collected } from './collectDropped';
import { HashFailed, type BlobHasher } from './hashClient';
import { inFlight, handleOf, sendPlanned } from './pageSend';
import type { PutFile } from './sendFile';
import { plannedFile, recordBatch, recordReplan } from './uploadPlans';
import {
  findFile,
  useUploads,
  type FilePatch,
  type LocalFile,
  type LocalProblem,
  type LocalUpload,
} from './uploadsStore';

export interface UploaderDeps {
  loupe: LoupeApi;
  hasher: BlobHasher;
  put: PutFile;
  /** The app's query cache, where main's plan for each upload is kept (it outlives the screen, like this). */
  client: QueryClient;
}

/**
 * Hashed files are planned once this many bytes (or files) wait, or when nothing is left to hash: few
 * batches for main, and sending starts long before a large folder is fully hashed.
 */
const PLAN_EVERY_BYTES = 256 * 1000 * 1000;
const PLAN_EVERY_FILES = 100;
/** Uploads whose hash-and-plan loop is running, and those that gained waiting files meanwhile. */
const pumping = new Set<string>();
const pumpAgain = new Set<string>();

let uploadCounter = 0;

const patch = (id: string, key: string, change: FilePatch): void =>
  useUploads.getState().patchFile(id, key, change);

export function newUploadId(): string {
  uploadCounter += 1;
  return `u${Date.now().toString(36)}${uploadCounter}`;
}

/** What whoever starts an upload decides; the rest (a new id, started now, no problem yet) is the same for all. */
export type NewUpload = Pick<LocalUpload, 'profileId' | 'options' | 'mode' | 'files' | 'leftOut'>;

/** Puts a new upload in the tray; returns its id. */
export function addUpload(upload: NewUpload): string {
  const id = newUploadId();
  useUploads.getState().add({ id, startedAt: Date.now(), problem: null, ...upload });
  return id;
}

export function startPageUpload(
  deps: UploaderDeps,
  profileId: string,
  collected: Collected,
  options: UploadOptions,
): string {
  const id = addUpload({
    profileId,
    options,
    mode: 'bytes',
    files: collected.files.map(({ file, relativePath }, index): LocalFile => ({
      key: `k${index + 1}`,
      file,
      relativePath,
      size: file.size,
      phase: 'waiting',
      bytesHashed: 0,
      hash: null,
      putState: 'idle',
      bytesPut: 0,
      problem: null,
      stopRequested: false,
    })),
    leftOut: collected.leftOut,
  });
  void pump(deps, id);
  return id;
}

/** Stops one file wherever it is: hashing stops, a PUT is cut short, main cancels what it holds. */
export function cancelPageFile(deps: UploaderDeps, id: string, key: string): void {
  const found = findFile(id, key);
  if (found === null) return;
  const { file } = found;
  inFlight.get(handleOf(id, key))?.stop();
  switch (file.phase) {
    case 'waiting':
    case 'hashing':
    case 'hashed':
      patch(id, key, { phase: 'canceled', problem: null });
      return;
    case 'planning':
      // Main answers with the file's id; the plan's end cancels it there.
      patch(id, key, { stopRequested: true });
      return;
    case 'main': {
      patch(id, key, { stopRequested: true });
      const planned = plannedFile(deps.client, id, key);
      if (planned !== null) {
        const { profileId } = found.upload;
        void deps.loupe.uploads.cancel({ profileId, batchId: planned.batchId, fileId: planned.fileId });
      }
      return;
    }
    case 'failed':
    case 'canceled':
      return;
  }
}

/** A failure or cancel again: hashed again first, so changed bytes are caught before anything is sent. */
export function retryPageFile(deps: UploaderDeps, id: string, key: string): void {
  const found = findFile(id, key);
  if (found === null) return;
  const reset = {
    problem: null,
    stopRequested: false,
    putState: 'idle' as const,
    bytesPut: 0,
    bytesHashed: 0,
  };
  if (plannedFile(deps.client, id, key) === null) {
    // Main never planned it: it joins the next batch this upload plans.
    patch(id, key, { ...reset, phase: 'waiting', hash: null });
    void pump(deps, id);
    return;
  }
  void replan(deps, id, key);
}

async function pump(deps: UploaderDeps, id: string): Promise<void> {
  if (pumping.has(id)) {
    pumpAgain.add(id);
    return;
  }
  pumping.add(id);
  try {
    do {
      pumpAgain.delete(id);
      for (let next = nextWaiting(id); next !== undefined; next = nextWaiting(id)) {
        const hash = await hashFile(deps, id, next);
        if (hash !== null) patch(id, next.key, { phase: 'hashed', hash, bytesHashed: next.size });
        if (groupIsReady(id)) await planHashed(deps, id);
      }
      await planHashed(deps, id);
    } while (pumpAgain.has(id));
  } finally {
    pumping.delete(id);
  }
}

/** Enough hashed files wait to be worth a batch of their own. */
function groupIsReady(id: string): boolean {
  const hashed = useUploads
    .getState()
    .uploads.find((u) => u.id === id)
    ?.files.filter((f) => f.phase === 'hashed');
  if (hashed === undefined) return false;
  const bytes = hashed.reduce((sum, f) => sum + f.size, 0);
  return hashed.length >= PLAN_EVERY_FILES || bytes >= PLAN_EVERY_BYTES;
}

function nextWaiting(id: string): LocalFile | undefined {
  return useUploads
    .getState()
    .uploads.find((u) => u.id === id)
    ?.files.find((f) => f.phase === 'waiting');
}

/** The file's hash, or null after marking it canceled or failed. Leaves the phase at `hashing` on success. */
async function hashFile(deps: UploaderDeps, id: string, file: LocalFile): Promise<string | null> {
  patch(id, file.key, { phase: 'hashing', bytesHashed: 0, problem: null });
  const task = deps.hasher.hash(file.file, (bytes) => patch(id, file.key, { bytesHashed: bytes }));
  inFlight.set(handleOf(id, file.key), { stop: () => task.cancel() });
  try {
    const hash = await task.done;
    // A cancel that arrived with the answer wins.
    return findFile(id, file.key)?.file.phase === 'hashing' ? hash : null;
  } catch (error) {
    if (error instanceof HashFailed && error.reason === 'canceled') {
      patch(id, file.key, { phase: 'canceled', problem: null });
    } else {
      patch(id, file.key, { phase: 'failed', problem: hashProblem(error) });
    }
    return null;
  } finally {
    inFlight.delete(handleOf(id, file.key));
  }
}

async function planHashed(deps: UploaderDeps, id: string): Promise<void> {
  const upload = useUploads.getState().uploads.find((u) => u.id === id);
  const ready = upload?.files.filter((f) => f.phase === 'hashed' && f.hash !== null) ?? [];
  if (upload === undefined || ready.length === 0) return;
  for (const file of ready) patch(id, file.key, { phase: 'planning' });
  const result = await deps.loupe.uploads.prepareBytes({
    profileId: upload.profileId,
    files: ready.map((file) => ({
      name: file.file.name || (file.relativePath.split('/').pop() ?? file.relativePath),
      size: file.size,
      hash: file.hash ?? '',
      contentType: file.file.type,
      relativePath: file.relativePath,
    })),
    options: upload.options,
  });
  if (!result.ok) {
    for (const file of ready) patch(id, file.key, { phase: 'failed', problem: result.error });
    return;
  }
  const { batchId, files: plans } = result.value;
  // Main answers in the order it was asked; the plan is cached before any file turns to `main`, so a file in
  // that phase always has one.
  const planned = plans.flatMap((plan, index) => {
    const file = ready[index];
    return file === undefined ? [] : [{ key: file.key, plan }];
  });
  recordBatch(deps.client, id, batchId, planned);
  for (const { key, plan } of planned) {
    patch(id, key, { phase: 'main' });
    if (findFile(id, key)?.file.stopRequested === true) {
      void deps.loupe.uploads.cancel({ profileId: upload.profileId, batchId, fileId: plan.fileId });
    }
  }
  // Sending runs beside the hashing of the rest.
  sendPlanned(deps, id);
}

async function replan(deps: UploaderDeps, id: string, key: string): Promise<void> {
  const found = findFile(id, key);
  const planned = plannedFile(deps.client, id, key);
  if (found === null || planned === null) return;
  const { batchId, fileId } = planned;
  patch(id, key, { problem: null, stopRequested: false, putState: 'idle', bytesPut: 0 });
  const hash = await hashFile(deps, id, found.file);
  if (hash === null) return;
  patch(id, key, { phase: 'planning', hash, bytesHashed: found.file.size });
  const result = await deps.loupe.uploads.retryBytes({
    profileId: found.upload.profileId,
    batchId,
    fileId,
    size: found.file.size,
    hash,
  });
  if (!result.ok) {
    patch(id, key, { phase: 'failed', problem: result.error });
    return;
  }
  recordReplan(deps.client, id, key, result.value);
  patch(id, key, { phase: 'main' });
  sendPlanned(deps, id);
}

function hashProblem(error: unknown): LocalProblem {
  if (error instanceof HashFailed && error.reason === 'unreadable') {
    return {
      code: 'file_unreadable',
      message:
        'The browser could not read this file to hash it: it was moved, changed or is no longer ' +
        `allowed (${error.message}). Nothing was sent.`,
    };
  }
  return {
    code: 'hash_failed',
    message: `Loupe could not hash this file: ${error instanceof Error ? error.message : 'unknown error'}`,
  };
}
