// Batches of page-hashed files (the browser shell's, and Electron's files without a path). They live among the UploadService's batches, so cancel, list,
// progress and the summary work on them unchanged; what differs is where a file's work comes from: the hash
// from the page (uploads.prepareBytes, uploads.retryBytes) and the bytes from the page's PUT to the upload
// route (`receive`). A file waiting for its bytes is `queued`; nothing but that PUT moves it on.
import { randomUUID } from 'node:crypto';
import type { AssetsClient } from '../api';
import type { BytesFile, BytesPlan, UploadOptions, UploadOutcome } from '../../../src-shared/contract';
import { checkDeclared, mintDeclared, sendDeclared } from './bytesUpload';
import { contentTypeFor } from '../../../src-shared/contentType';
import { formatBytes } from '../../../src-shared/format';
import { UploadBatchState, type DeclaredBytes, type FileRecord } from './uploadBatch';
import { UploadError } from './uploadErrors';
import type { FileEvents, FileJob, FilePipelineDeps, FileTarget } from './uploadFile';

export interface BytesBatchRun {
  state: UploadBatchState;
  client: AssetsClient;
  /** Work in flight, so closing the service can wait for it. */
  running: Set<Promise<void>>;
}

/** What the UploadService lends to page-hashed batches. */
export interface BytesBatchHost {
  readonly pipeline: FilePipelineDeps;
  connectTo(profileId: string): Promise<{ profileId: string; client: AssetsClient }>;
  adopt(state: UploadBatchState, client: AssetsClient): BytesBatchRun;
  /** The page-hashed batch with this id; UploadError `not_found` otherwise. */
  bytesRun(batchId: string): BytesBatchRun;
  now(): Date;
}

/** One PUT to the upload route, as the route hands it over after checking its path and headers. */
export interface BytesDelivery {
  batchId: string;
  fileId: string;
  /** The request's Content-Length. */
  length: number;
  body: AsyncIterable<Uint8Array>;
  /** Aborted when the page goes away before the answer: the upstream request stops too. */
  signal: AbortSignal;
}

/** HEAD requests in flight per prepared batch: quick, but a dropped folder can hold hundreds of files. */
const CHECK_CONCURRENCY = 4;

const retryable: ReadonlySet<UploadOutcome['kind']> = new Set(['failed', 'canceled', 'refused-too-large']);

export class BytesUploads {
  /** @param routeBase `/upload-bytes/<capability>/` on the page's origin; null where no route exists. */
  constructor(
    private readonly host: BytesBatchHost,
    private readonly routeBase: string | null,
  ) {}

  async prepare(
    profileId: string,
    files: readonly BytesFile[],
    options: UploadOptions,
  ): Promise<{ batchId: string; files: BytesPlan[] }> {
    const { client } = await this.host.connectTo(profileId);
    const state = new UploadBatchState(
      randomUUID(),
      profileId,
      this.host.now().toISOString(),
      options,
      // No local path exists; the path inside what was dropped stands in for it.
      files.map((file) => ({ path: file.relativePath, relativePath: file.relativePath, size: file.size })),
      [],
    );
    const records = state.allRecords();
    records.forEach((record, index) => {
      const file = files[index];
      if (file === undefined) return;
      record.bytes = {
        hash: file.hash,
        size: file.size,
        contentType: file.contentType === '' ? contentTypeFor(file.name) : file.contentType,
      };
      state.update(record.file.fileId, { state: 'checking', hash: file.hash, bytesHashed: file.size });
    });
    const run = this.host.adopt(state, client);
    const plans = await mapLimited(records, CHECK_CONCURRENCY, (record) => this.plan(run, record));
    return { batchId: state.batchId, files: plans };
  }

  /** A failed, canceled or refused file again, under the hash the page just computed. */
  retry(batchId: string, fileId: string, again: { hash: string; size: number }): Promise<BytesPlan> {
    const run = this.host.bytesRun(batchId);
    const record = requireFile(run, fileId);
    const outcome = record.file.outcome;
    if (
      record.bytes === undefined ||
      record.file.state !== 'done' ||
      outcome === null ||
      !retryable.has(outcome.kind)
    ) {
      throw new UploadError('not_retryable', 'Only a failed, canceled or refused file can be retried.');
    }
    record.bytes = { ...record.bytes, hash: again.hash, size: again.size };
    run.state.update(fileId, {
      state: 'checking',
      size: again.size,
      hash: again.hash,
      bytesHashed: again.size,
      bytesSent: 0,
      outcome: null,
    });
    return this.plan(run, record);
  }

  /** The page's bytes for one file, streamed to the service; resolves with the file's outcome. */
  async receive(delivery: BytesDelivery): Promise<UploadOutcome> {
    const run = this.host.bytesRun(delivery.batchId);
    const record = requireFile(run, delivery.fileId);
    const declared = record.bytes;
    if (declared === undefined || record.file.state !== 'queued' || record.controller !== null) {
      throw new UploadError(
        'not_awaiting_bytes',
        'This file is not waiting for its bytes: it was sent, canceled or finished already.',
      );
    }
    const limit = this.host.pipeline.maxUploadBytes;
    if (delivery.length > limit) {
      throw this.refuse(run, record, 'too_large', tooLargeMessage(delivery.length, limit));
    }
    if (delivery.length !== declared.size) {
      throw this.refuse(
        run,
        record,
        'size_mismatch',
        `The page offered ${delivery.length} bytes for a file it hashed at ${declared.size}. Nothing was sent.`,
      );
    }
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    delivery.signal.addEventListener('abort', stop, { once: true });
    if (delivery.signal.aborted) stop();
    try {
      return await this.track(run, record, controller, (events) =>
        sendDeclared(
          jobOf(run, record),
          declared,
          delivery.body,
          targetOf(run),
          this.host.pipeline,
          events,
          controller.signal,
        ),
      );
    } finally {
      delivery.signal.removeEventListener('abort', stop);
    }
  }

  /** Checks one file by hash and answers what the page should do; a known hash is minted meanwhile. */
  private async plan(run: BytesBatchRun, record: FileRecord): Promise<BytesPlan> {
    const fileId = record.file.fileId;
    const declared = record.bytes as DeclaredBytes;
    const controller = new AbortController();
    record.controller = controller;
    const check = await checkDeclared(
      declared,
      targetOf(run),
      { maxUploadBytes: this.host.pipeline.maxUploadBytes, canReceive: this.routeBase !== null },
      controller.signal,
    );
    if (check.kind === 'settled') {
      record.controller = null;
      run.state.update(fileId, { state: 'done', outcome: check.outcome });
      const action = check.outcome.kind === 'refused-too-large' ? 'refused-too-large' : 'failed';
      return { fileId, action, sendUrl: null };
    }
    if (check.kind === 'send') {
      // Only answered when a route exists (checkDeclared was told whether one does).
      record.controller = null;
      run.state.update(fileId, { state: 'queued' });
      return { fileId, action: 'send', sendUrl: `${this.routeBase ?? ''}${run.state.batchId}/${fileId}` };
    }
    // track() turns every request failure into the file's outcome; only a broken record reaches the catch.
    this.track(run, record, controller, (events) =>
      mintDeclared(
        jobOf(run, record),
        declared,
        targetOf(run),
        this.host.pipeline,
        events,
        controller.signal,
      ),
    ).catch((error: unknown) => console.error('An upload could not record its outcome', error));
    return { fileId, action: 'deduplicated', sendUrl: null };
  }

  /** Runs one file's request with its progress wired in; the file ends `done` with the outcome, whatever happens. */
  private track(
    run: BytesBatchRun,
    record: FileRecord,
    controller: AbortController,
    work: (events: FileEvents) => Promise<UploadOutcome>,
  ): Promise<UploadOutcome> {
    const { state } = run;
    const fileId = record.file.fileId;
    record.controller = controller;
    const events: FileEvents = {
      stage: (stage) => state.update(fileId, { state: stage }),
      hashed: () => undefined,
      digested: () => undefined,
      sent: (bytes) => state.update(fileId, { bytesSent: bytes }),
      recorded: (rowId) => {
        record.rowId = rowId;
      },
    };
    const settled = work(events)
      .catch((error: unknown): UploadOutcome => ({
        // The pipeline turns request failures into outcomes; what reaches here is local (the store).
        kind: 'failed',
        code: 'internal',
        message: `Loupe could not record this upload: ${error instanceof Error ? error.message : 'unknown error'}`,
        corruption: false,
        outcomeUnknown: false,
      }))
      .then((outcome) => {
        record.controller = null;
        state.update(fileId, { state: 'done', outcome });
        return outcome;
      });
    const marker = settled.then(() => undefined);
    run.running.add(marker);
    marker.then(
      () => run.running.delete(marker),
      () => run.running.delete(marker),
    );
    return settled;
  }

  private refuse(run: BytesBatchRun, record: FileRecord, code: string, message: string): UploadError {
    run.state.update(record.file.fileId, {
      state: 'done',
      outcome: { kind: 'failed', code, message, corruption: false, outcomeUnknown: false },
    });
    return new UploadError(code, message);
  }
}

function tooLargeMessage(length: number, limit: number): string {
  return (
    `The page offered ${formatBytes(length)}; the service accepts at most ${formatBytes(limit)} in one ` +
    'upload. Nothing was sent.'
  );
}

function requireFile(run: BytesBatchRun, fileId: string): FileRecord {
  const record = run.state.record(fileId);
  if (record === undefined) throw new UploadError('not_found', 'There is no such file in this upload batch.');
  return record;
}

function jobOf(run: BytesBatchRun, record: FileRecord): FileJob {
  return {
    path: record.file.relativePath,
    relativePath: record.file.relativePath,
    options: run.state.options,
    rowId: record.rowId,
  };
}

function targetOf(run: BytesBatchRun): FileTarget {
  return { assets: run.client, profileId: run.state.profileId };
}

/** `work` over every item, at most `limit` at once; results in the items' order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
