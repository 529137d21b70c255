// One file, hash first: blake3 in the worker, then HEAD by-hash. Bytes the service already holds become a new
// asset through from-hash with zero file bytes sent; otherwise the file is streamed as multipart with
// expected_hash and an Idempotency-Key, unless it is over the single-request limit (refused, nothing sent).
// Every request that can create an asset is recorded in the store before it leaves (rule 6).
import { stat } from 'node:fs/promises';
import { isApiError, type AssetsClient, type CreatedAsset, type UploadInput } from '../api';
import type { WriteOutcome } from '../api/writeOutcome';
import {
  sendWithIntent,
  type OutboxFailure,
  type UploadResult,
  type UploadRow,
  type UploadsTable,
} from '../store';
import type { UploadOptions, UploadOutcome } from '../../../src-shared/contract';
import { contentTypeFor } from '../../../src-shared/contentType';
import type { FileDigest, FileHasher } from './fileHasher';
import { exactFileBytes, type SourceProbe } from './fileSource';
import { classifySendFailure, type ClassifiedFailure } from './sendFailure';
import { formatBytes } from '../../../src-shared/format';
import { HashCanceledError, HashFailedError } from './uploadErrors';
import { prepareRow } from './uploadRow';

export interface FilePipelineDeps {
  hasher: FileHasher;
  uploads: UploadsTable;
  maxUploadBytes: number;
  newId: () => string;
  newKey: () => string;
}

export interface FileTarget {
  assets: AssetsClient;
  profileId: string;
}

export interface FileJob {
  path: string;
  relativePath: string;
  options: UploadOptions;
  /** The store row of this file's previous attempt, if one was recorded. */
  rowId: string | null;
  /** The media type the user named (the CLI's --content-type); guessed from the name when absent. */
  contentType?: string;
}

export interface FileEvents {
  stage(state: 'hashing' | 'checking' | 'sending'): void;
  hashed(bytes: number): void;
  digested(digest: FileDigest): void;
  sent(bytes: number): void;
  /** The store row now standing for this file (kept for a retry). */
  recorded(rowId: string): void;
}

export async function uploadFile(
  job: FileJob,
  target: FileTarget,
  deps: FilePipelineDeps,
  events: FileEvents,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  events.stage('hashing');
  let digest: FileDigest;
  try {
    digest = await deps.hasher.hash(job.path, { signal, onProgress: (bytes) => events.hashed(bytes) });
  } catch (error) {
    return hashFailure(error);
  }
  events.digested(digest);

  events.stage('checking');
  let known: boolean;
  try {
    known = await target.assets.existsByHash(digest.hash, { signal });
  } catch (error) {
    // A HEAD creates nothing, so whatever went wrong, nothing needs reconciling.
    if (signal.aborted) return { kind: 'canceled', message: 'Canceled before anything was sent.' };
    return {
      kind: 'failed',
      code: isApiError(error) ? error.code : 'internal',
      message: isApiError(error) ? error.message : 'The service could not be asked about these bytes.',
      corruption: false,
      outcomeUnknown: false,
    };
  }
  if (!known && digest.size > deps.maxUploadBytes) return tooLarge(digest.size, deps.maxUploadBytes);
  if (!known) {
    const changed = await changedSinceHashed(job.path, digest);
    if (changed !== null) return changed;
  }

  const row = prepareRow(job, digest, known, target.profileId, deps);
  events.recorded(row.id);
  events.stage('sending');
  return known
    ? mintFromHash(row.id, job, digest, target, deps.uploads, signal)
    : sendFromDisk(row.id, job, digest, target, deps.uploads, events, signal);
}

export async function mintFromHash(
  rowId: string,
  job: FileJob,
  digest: FileDigest,
  target: FileTarget,
  uploads: UploadsTable,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  const result: { failure?: ClassifiedFailure } = {};
  const row = await sendWithIntent(uploads, rowId, async () => {
    const outcome = await target.assets.submitFromHash(fromHashBody(job, digest.hash), { signal });
    return recordOf(outcome, digest.hash, (error) => {
      result.failure = classifySendFailure(error, {
        kind: 'from-hash',
        signal,
        sentAllBytes: false,
        sourceFailure: null,
      });
      return result.failure.record;
    });
  });
  if (row.state === 'created' && row.assetId !== null) {
    return { kind: 'deduplicated', assetId: row.assetId, bytesNotSent: digest.size };
  }
  if (row.state === 'created')
    return learnAssetId(row, job, digest.hash, target, uploads, signal, 'deduplicated');
  return result.failure?.outcome ?? unexpected(row);
}

/** The from-hash body for this file: its bytes' hash and where it goes. */
function fromHashBody(job: FileJob, hash: string) {
  return {
    hash,
    file_path: placement(job),
    ...(job.options.tags === undefined ? {} : { tags: job.options.tags }),
    ...(job.options.expiresIn === undefined ? {} : { expires_in: job.options.expiresIn }),
  };
}

/**
 * What the upload row records for a write's outcome (core/api/writeOutcome.ts decides): the asset; an asset
 * whose answer was lost (it exists: created without an id, never failed); or the failure, classified.
 */
function recordOf(
  outcome: WriteOutcome<CreatedAsset>,
  hash: string,
  failed: (error: unknown) => OutboxFailure,
): UploadResult {
  switch (outcome.kind) {
    case 'created':
      return { outcome: 'created', assetId: outcome.value.asset.id, hash };
    case 'created-unread':
      return { outcome: 'created', assetId: null, hash, error: outcome.error.message };
    default:
      return failed(outcome.error);
  }
}

/**
 * The service took the bytes but its answer was lost: the asset's id is learnt with a zero-byte from-hash over
 * the same bytes and placement (a repeat answers with the identical reference). Nothing is sent again.
 */
async function learnAssetId(
  row: UploadRow,
  job: FileJob,
  hash: string,
  target: FileTarget,
  uploads: UploadsTable,
  signal: AbortSignal,
  kind: 'uploaded' | 'deduplicated',
): Promise<UploadOutcome> {
  const minted = await target.assets.submitFromHash(fromHashBody(job, hash), { signal });
  if (minted.kind === 'created') {
    uploads.attachAsset(row.id, minted.value.asset.id);
    return kind === 'uploaded'
      ? { kind: 'uploaded', assetId: minted.value.asset.id, createdNew: null }
      : { kind: 'deduplicated', assetId: minted.value.asset.id, bytesNotSent: row.size };
  }
  return {
    kind: 'failed',
    code: 'answer_lost',
    message:
      'The service took the file, but its answer was lost and its id could not be read yet. Nothing needs ' +
      'sending again: Retry looks the asset up by its bytes.',
    corruption: false,
    outcomeUnknown: false,
  };
}

/** The bytes of one upload and what was declared about them. */
export interface SendSource {
  body: UploadInput['source'];
  size: number;
  contentType: string;
  hash: string;
  /** Filled by the body when the bytes stop matching what was hashed (changed or short). */
  probe: SourceProbe;
}

/**
 * Streams one file as multipart with expected_hash; the intent and its key are on disk before the request
 * leaves. Shared by files read from disk (main) and bytes the browser shell's page sends.
 */
export async function sendUpload(
  rowId: string,
  job: FileJob,
  source: SendSource,
  target: FileTarget,
  uploads: UploadsTable,
  events: FileEvents,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  const result: { created?: CreatedAsset; failure?: ClassifiedFailure } = {};
  let sentBytes = 0;
  const row = await sendWithIntent(uploads, rowId, async (sending) => {
    const outcome = await target.assets.submitUpload(
      {
        source: source.body,
        size: source.size,
        fileName: fileName(job),
        contentType: source.contentType,
        filePath: placement(job),
        expectedHash: source.hash,
        idempotencyKey: sending.idempotencyKey,
        ...(job.options.tags === undefined ? {} : { tags: job.options.tags }),
        ...(job.options.expiresIn === undefined ? {} : { expiresIn: job.options.expiresIn }),
        onProgress: (sent) => {
          sentBytes = sent;
          events.sent(sent);
        },
      },
      { signal },
    );
    if (outcome.kind === 'created') result.created = outcome.value;
    return recordOf(outcome, source.hash, (error) => {
      result.failure = classifySendFailure(error, {
        kind: 'upload',
        signal,
        sentAllBytes: sentBytes >= source.size,
        sourceFailure: source.probe.failure,
      });
      return result.failure.record;
    });
  });
  if (row.state === 'created' && row.assetId !== null) {
    return {
      kind: 'uploaded',
      assetId: row.assetId,
      createdNew: result.created?.asset.created_new ?? result.created?.created ?? null,
    };
  }
  if (row.state === 'created')
    return learnAssetId(row, job, source.hash, target, uploads, signal, 'uploaded');
  return result.failure?.outcome ?? unexpected(row);
}

function sendFromDisk(
  rowId: string,
  job: FileJob,
  digest: FileDigest,
  target: FileTarget,
  uploads: UploadsTable,
  events: FileEvents,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  const probe: SourceProbe = { failure: null };
  const body = exactFileBytes(job.path, digest.size, probe);
  const source = {
    body,
    size: digest.size,
    contentType: job.contentType ?? contentTypeFor(job.path),
    hash: digest.hash,
    probe,
  };
  return sendUpload(rowId, job, source, target, uploads, events, signal);
}

/** The service's placement path: the chosen folder, then the file's path inside what was dropped. */
export function placement(job: FileJob): string {
  const folder = job.options.filePath?.replace(/\/+$/, '');
  return folder === undefined || folder === '' ? job.relativePath : `${folder}/${job.relativePath}`;
}

export function fileName(job: FileJob): string {
  return job.relativePath.split('/').pop() ?? job.relativePath;
}

/** Size or time changed since hashing: sending now would send other bytes than were hashed. */
async function changedSinceHashed(path: string, digest: FileDigest): Promise<UploadOutcome | null> {
  const now = await stat(path).catch(() => null);
  if (now !== null && now.size === digest.size && now.mtimeMs === digest.mtimeMs) return null;
  return {
    kind: 'failed',
    code: 'file_changed',
    message:
      'The file changed (or went away) after it was hashed; nothing was sent. Retry to upload it as it is now.',
    corruption: false,
    outcomeUnknown: false,
  };
}

export function tooLarge(size: number, limit: number): UploadOutcome {
  return {
    kind: 'refused-too-large',
    limitBytes: limit,
    message:
      `This file is ${formatBytes(size)}; the service accepts at most ${formatBytes(limit)} in one upload, ` +
      'and it does not already hold these bytes. Nothing was sent.',
  };
}

function hashFailure(error: unknown): UploadOutcome {
  if (error instanceof HashCanceledError)
    return { kind: 'canceled', message: 'Canceled while hashing; nothing was sent.' };
  const code = error instanceof HashFailedError ? error.code : 'hash_failed';
  return {
    kind: 'failed',
    code: 'file_unreadable',
    message: `Loupe could not read this file to hash it (${code}). Nothing was sent.`,
    corruption: false,
    outcomeUnknown: false,
  };
}

function unexpected(row: UploadRow): UploadOutcome {
  return {
    kind: 'failed',
    code: 'internal',
    message: `The upload ended in an unexpected state (${row.state}).`,
    corruption: false,
    outcomeUnknown: row.state !== 'failed',
  };
}
