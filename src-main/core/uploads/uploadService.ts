// The uploader: batches of dropped files and folders, each file through the hash-first pipeline
// (uploadFile.ts) against the active profile's service, a few at a time, with cancel, retry and progress.
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { AssetsClient, HttpClient } from '../api';
import { connectionForProfile } from '../profiles';
import type { ProfileService } from '../profiles';
import type { LoupeStore } from '../store';
import {
  isInterruptedUploadCode,
  type UploadBatch,
  type UploadOptions,
  type UploadOutcome,
} from '../../../src-shared/contract';
import { BytesUploads, type BytesBatchHost, type BytesBatchRun } from './bytesBatches';
import { expandPaths } from './expandPaths';
import { interruptedGroups } from './interruptedUploads';
import { FileHasher } from './fileHasher';
import { MAX_SINGLE_UPLOAD_BYTES } from '../../../src-shared/limits';
import { uploadFile, type FileEvents, type FilePipelineDeps } from './uploadFile';
import { UploadBatchState, type BatchListener, type FileRecord } from './uploadBatch';
import { UploadError } from './uploadErrors';

export interface UploadServiceDeps {
  store: LoupeStore;
  profiles: ProfileService;
  /** Shared with other users of hashing; created (and closed with the service) when not given. */
  hasher?: FileHasher;
  /** How a batch reaches its profile's service. Default: the profile's connection over HttpClient. */
  connect?: (profileId: string) => Promise<AssetsClient>;
  /** The default connection's fetch (the CLI's tests watch what leaves through it). */
  fetch?: typeof fetch;
  /** Files over this go only if the service already holds their bytes (default: the spec's 100 MB). */
  maxUploadBytes?: number;
  /** Files of one batch worked on at once: one hashing while another sends is the useful overlap. */
  concurrency?: number;
  /** Finished batches kept for uploads.list (default 50). */
  maxBatches?: number;
  now?: () => Date;
  /**
   * Where the page PUTs the bytes of a file it hashed: `/upload-bytes/<capability>/` on the page's origin
   * (both shells serve it). Null or absent where there is no page (the CLI): known bytes still dedup there.
   */
  bytesRouteBase?: string | null;
}

interface BatchRun extends BytesBatchRun {
  /** `paths`: files read from disk here; `bytes`: hashed and sent by the page (bytesBatches.ts). */
  kind: 'paths' | 'bytes';
  contentType?: string;
}

/** What only an in-process host may ask of a path upload (the contract's options stay as they are). */
export interface LocalUploadOptions {
  /** One media type for every file, instead of guessing it from each name (the CLI's --content-type). */
  contentType?: string;
}

const retryableOutcomes: ReadonlySet<UploadOutcome['kind']> = new Set([
  'failed',
  'canceled',
  'refused-too-large',
]);

export class UploadService implements BytesBatchHost {
  /** Page-hashed uploads (uploads.prepareBytes / retryBytes, and the shells' upload route). */
  readonly bytes: BytesUploads;
  readonly pipeline: FilePipelineDeps;
  private readonly batches = new Map<string, BatchRun>();
  private readonly hasher: FileHasher;
  private readonly ownsHasher: boolean;
  private readonly connect: (profileId: string) => Promise<AssetsClient>;
  private readonly concurrency: number;
  private readonly maxBatches: number;
  readonly now: () => Date;

  constructor(private readonly deps: UploadServiceDeps) {
    this.hasher = deps.hasher ?? new FileHasher();
    this.ownsHasher = deps.hasher === undefined;
    this.pipeline = {
      hasher: this.hasher,
      uploads: deps.store.uploads,
      maxUploadBytes: deps.maxUploadBytes ?? MAX_SINGLE_UPLOAD_BYTES,
      newId: randomUUID,
      newKey: randomUUID,
    };
    this.connect =
      deps.connect ??
      (async (profileId) =>
        new AssetsClient(
          new HttpClient({
            connection: await connectionForProfile(deps.profiles, profileId),
            ...(deps.fetch === undefined ? {} : { fetch: deps.fetch }),
          }),
        ));
    this.concurrency = Math.max(1, deps.concurrency ?? 2);
    this.maxBatches = Math.max(1, deps.maxBatches ?? 50);
    this.now = deps.now ?? (() => new Date());
    this.bytes = new BytesUploads(this, deps.bytesRouteBase ?? null);
  }

  /** Checks the paths, expands folders, and starts the batch on the profile named. */
  async start(
    profileId: string,
    paths: readonly string[],
    options: UploadOptions = {},
    local: LocalUploadOptions = {},
  ): Promise<{ batchId: string }> {
    for (const path of paths) {
      if (!isAbsolute(path))
        throw new UploadError('invalid_path', 'Only absolute file paths can be uploaded.', { path });
      if ((await stat(path).catch(() => null)) === null) {
        throw new UploadError('path_not_found', 'A dropped file or folder no longer exists.', { path });
      }
    }
    const client = await this.connect(profileId);
    const { files, skipped } = await expandPaths(paths);
    const state = new UploadBatchState(
      randomUUID(),
      profileId,
      this.now().toISOString(),
      options,
      files,
      skipped,
    );
    this.batches.set(state.batchId, {
      kind: 'paths',
      state,
      client,
      running: new Set(),
      ...(local.contentType === undefined ? {} : { contentType: local.contentType }),
    });
    this.evictOldBatches();
    this.pump(this.require(state.batchId));
    return { batchId: state.batchId };
  }

  /**
   * Brings back the uploads Loupe was in the middle of when it last stopped, one finished batch per profile
   * and set of options, their files failed with code `interrupted` (interruptedUploads.ts). Run once at
   * start; returns how many files came back.
   */
  async restoreInterrupted(): Promise<number> {
    let restored = 0;
    for (const profile of await this.deps.profiles.list()) {
      const groups = interruptedGroups(this.deps.store.uploads, profile.id, randomUUID);
      if (groups.length === 0) continue;
      const client = await this.connect(profile.id).catch(() => null);
      if (client === null) continue;
      for (const { state, resumable } of groups) {
        // Page-dropped files cannot be read again here: a bytes batch refuses a plain retry, as it should.
        this.batches.set(state.batchId, {
          kind: resumable ? 'paths' : 'bytes',
          state,
          client,
          running: new Set(),
        });
        restored += state.allRecords().length;
      }
    }
    this.evictOldBatches();
    return restored;
  }

  /**
   * Forgets the files of a batch still marked interrupted: their store rows are settled, so they are not
   * offered again at the next start. Returns how many were forgotten.
   */
  forgetInterrupted(batchId: string): { forgotten: number } {
    const run = this.require(batchId);
    let forgotten = 0;
    for (const record of run.state.allRecords()) {
      const outcome = record.file.outcome;
      if (record.rowId === null || outcome?.kind !== 'failed' || !isInterruptedUploadCode(outcome.code))
        continue;
      const row = this.deps.store.uploads.get(record.rowId);
      if (row !== null && row.state !== 'created' && row.state !== 'failed') {
        this.deps.store.uploads.abandon(row.id, 'abandoned: the user dismissed this interrupted upload');
      }
      run.state.update(record.file.fileId, {
        outcome: { kind: 'canceled', message: 'Dismissed after Loupe stopped; nothing more will be sent.' },
      });
      forgotten++;
    }
    return { forgotten };
  }

  /** A client for the profile's service (page-hashed batches start here too). */
  async connectTo(profileId: string): Promise<{ profileId: string; client: AssetsClient }> {
    return { profileId, client: await this.connect(profileId) };
  }

  /**
   * Refuses a batch that is not the named profile's: an upload belongs to the profile it was started on, and a
   * caller naming another profile learns nothing about it.
   */
  requireOwn(batchId: string, profileId: string): void {
    if (this.batches.get(batchId)?.state.profileId !== profileId) {
      throw new UploadError('not_found', 'There is no upload with this id on this profile.');
    }
  }

  /** Takes in a page-hashed batch: listed, canceled and streamed like any other, never pumped. */
  adopt(state: UploadBatchState, client: AssetsClient): BytesBatchRun {
    const run: BatchRun = { kind: 'bytes', state, client, running: new Set() };
    this.batches.set(state.batchId, run);
    this.evictOldBatches();
    return run;
  }

  bytesRun(batchId: string): BytesBatchRun {
    const run = this.require(batchId);
    if (run.kind !== 'bytes') throw new UploadError('not_found', 'There is no page upload with this id.');
    return run;
  }

  /** Cancels one file, or every unfinished one: queued files end at once, running ones abort their work. */
  cancel(batchId: string, fileId?: string): { canceled: number } {
    const run = this.require(batchId);
    const records = fileId === undefined ? run.state.allRecords() : [this.requireFile(run, fileId)];
    let canceled = 0;
    for (const record of records) {
      if (record.file.state === 'done') continue;
      canceled++;
      if (record.controller !== null) record.controller.abort();
      else {
        run.state.update(record.file.fileId, {
          state: 'done',
          outcome: { kind: 'canceled', message: 'Canceled before it started; nothing was sent.' },
        });
      }
    }
    return { canceled };
  }

  /** Queues a failed, canceled or refused file again; it is hashed again before anything is sent. */
  retry(batchId: string, fileId: string): void {
    const run = this.require(batchId);
    if (run.kind === 'bytes') {
      throw new UploadError('not_retryable', 'A file hashed by the page is retried with its new hash.');
    }
    const record = this.requireFile(run, fileId);
    const outcome = record.file.outcome;
    if (record.file.state !== 'done' || outcome === null || !retryableOutcomes.has(outcome.kind)) {
      throw new UploadError('not_retryable', 'Only a failed, canceled or refused file can be retried.');
    }
    run.state.update(fileId, { state: 'queued', bytesHashed: 0, bytesSent: 0, hash: null, outcome: null });
    this.pump(run);
  }

  /** Batches of this session on one profile, newest first (every profile's without one: the CLI). */
  list(profileId?: string): UploadBatch[] {
    return [...this.batches.values()]
      .reverse()
      .filter((run) => profileId === undefined || run.state.profileId === profileId)
      .map((run) => run.state.snapshot());
  }

  batch(batchId: string): UploadBatch {
    return this.require(batchId).state.snapshot();
  }

  /** Calls `listener` with the ids of files whose state changed; returns the function that stops it. */
  onChange(batchId: string, listener: BatchListener): () => void {
    return this.require(batchId).state.onChange(listener);
  }

  /** Resolves once no file of the batch is queued or in progress. */
  whenFinished(batchId: string): Promise<UploadBatch> {
    const { state } = this.require(batchId);
    return new Promise((resolve) => {
      if (state.finished) {
        resolve(state.snapshot());
        return;
      }
      const stop = state.onChange(() => {
        if (!state.finished) return;
        stop();
        resolve(state.snapshot());
      });
    });
  }

  /** Cancels everything in flight and waits for it to settle. */
  async close(): Promise<void> {
    const running: Array<Promise<void>> = [];
    for (const run of this.batches.values()) {
      this.cancel(run.state.batchId);
      running.push(...run.running);
    }
    await Promise.allSettled(running);
    if (this.ownsHasher) await this.hasher.close();
  }

  private pump(run: BatchRun): void {
    // A page-hashed file waiting for its bytes is queued too, but only the page's PUT moves it on.
    if (run.kind === 'bytes') return;
    while (run.running.size < this.concurrency) {
      const record = run.state.nextQueued();
      if (record === undefined) return;
      // Claimed (and cancelable) before anything awaits or any listener runs, so the loop cannot pick the
      // same file twice and a cancel from a listener reaches the work.
      const controller = new AbortController();
      record.controller = controller;
      run.state.update(record.file.fileId, { state: 'hashing' });
      const work = this.runFile(run, record, controller.signal).finally(() => {
        run.running.delete(work);
        this.pump(run);
      });
      run.running.add(work);
    }
  }

  private async runFile(run: BatchRun, record: FileRecord, signal: AbortSignal): Promise<void> {
    const { state } = run;
    const fileId = record.file.fileId;
    const events: FileEvents = {
      stage: (stage) => state.update(fileId, { state: stage }),
      hashed: (bytes) => state.update(fileId, { bytesHashed: bytes }),
      digested: (digest) =>
        state.update(fileId, { hash: digest.hash, size: digest.size, bytesHashed: digest.size }),
      sent: (bytes) => state.update(fileId, { bytesSent: bytes }),
      recorded: (rowId) => {
        record.rowId = rowId;
      },
    };
    const job = {
      path: record.file.path,
      relativePath: record.file.relativePath,
      options: state.options,
      rowId: record.rowId,
      ...(run.contentType === undefined ? {} : { contentType: run.contentType }),
    };
    let outcome: UploadOutcome;
    try {
      outcome = await uploadFile(
        job,
        { assets: run.client, profileId: state.profileId },
        this.pipeline,
        events,
        signal,
      );
    } catch (error) {
      // The pipeline turns every request failure into an outcome; what reaches here is local (the store).
      outcome = {
        kind: 'failed',
        code: 'internal',
        message: `Loupe could not record this upload: ${error instanceof Error ? error.message : 'unknown error'}`,
        corruption: false,
        outcomeUnknown: false,
      };
    }
    record.controller = null;
    state.update(fileId, { state: 'done', outcome });
  }

  private evictOldBatches(): void {
    for (const [batchId, run] of this.batches) {
      if (this.batches.size <= this.maxBatches) return;
      if (run.state.finished) this.batches.delete(batchId);
    }
  }

  private require(batchId: string): BatchRun {
    const run = this.batches.get(batchId);
    if (run === undefined) throw new UploadError('not_found', 'There is no upload batch with this id.');
    return run;
  }

  private requireFile(run: BatchRun, fileId: string): FileRecord {
    const record = run.state.record(fileId);
    if (record === undefined)
      throw new UploadError('not_found', 'There is no such file in this upload batch.');
    return record;
  }
}
