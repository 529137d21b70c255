// One upload as the screen shows it: the page's own work on each file (uploadsStore) joined with main's plan for
// it (uploadPlans) and main's view of it (uploads.progress), both from React Query; stages and words for each
// file, totals for the two bars (hashed, sent), and the summary sentence ("5 files, 3 already on the server,
// 412 MB not sent").
import {
  UPLOAD_INTERRUPTED_PAGE_FILE_CODE,
  isInterruptedUploadCode,
  type UploadBatch,
  type UploadFile,
  type UploadOutcome,
} from '../../../../src-shared/contract';
import { formatBytes } from '../../../../src-shared/format';
import { MAX_SINGLE_UPLOAD_BYTES } from '../../../../src-shared/limits';
import type { PlannedFile, UploadPlan } from './uploadPlans';
import type { LocalFile, LocalUpload } from './uploadsStore';

/** The service's single-request limit, as main applies it. */
export const SINGLE_UPLOAD_LIMIT = MAX_SINGLE_UPLOAD_BYTES;

export type FileStage = 'waiting' | 'hashing' | 'checking' | 'ready-to-send' | 'sending' | 'done';

export type ResultKind = UploadOutcome['kind'];

export interface FileResult {
  kind: ResultKind;
  title: string;
  message: string;
  code: string | null;
  corruption: boolean;
  assetId: string | null;
}

export interface FileView {
  key: string;
  relativePath: string;
  size: number;
  stage: FileStage;
  bytesHashed: number;
  bytesSent: number;
  hash: string | null;
  /** Over the single-request limit: it can only be added if the service already holds its bytes. */
  overLimit: boolean;
  result: FileResult | null;
  canCancel: boolean;
  canRetry: boolean;
}

export interface UploadTotals {
  files: number;
  finished: number;
  bytesTotal: number;
  bytesHashed: number;
  /** Bytes of the files whose bytes must travel (known once main planned them). */
  bytesToSend: number;
  bytesSent: number;
  bytesNotSent: number;
  counts: Record<ResultKind, number>;
}

export interface UploadView {
  files: FileView[];
  totals: UploadTotals;
  summary: string;
  finished: boolean;
}

const retryable: ReadonlySet<ResultKind> = new Set(['failed', 'canceled', 'refused-too-large']);

export function viewUpload(
  upload: LocalUpload,
  plan: UploadPlan,
  batches: ReadonlyMap<string, UploadBatch>,
): UploadView {
  const files =
    upload.mode === 'paths'
      ? plan.batchIds.flatMap((id) =>
          (batches.get(id)?.files ?? []).map((file) => fromMain(pathFileKey(id, file.fileId), file)),
        )
      : upload.files.map((file) => {
          const planned = plan.files[file.key] ?? null;
          return fromLocal(file, planned, mainFileOf(planned, batches));
        });
  const totals = totalsOf(files);
  const waitingForMain = upload.mode === 'paths' && plan.batchIds.length === 0 && upload.problem === null;
  return {
    files,
    totals,
    summary: upload.problem !== null && files.length === 0 ? 'Did not start' : summaryText(totals),
    finished: !waitingForMain && totals.finished === totals.files,
  };
}

/** A main-read file's key in its upload (paths mode): the batch and the file, which is all cancel needs. */
export function pathFileKey(batchId: string, fileId: string): string {
  return `${batchId}/${fileId}`;
}

function mainFileOf(
  planned: PlannedFile | null,
  batches: ReadonlyMap<string, UploadBatch>,
): UploadFile | null {
  if (planned === null) return null;
  return batches.get(planned.batchId)?.files.find((f) => f.fileId === planned.fileId) ?? null;
}

function fromLocal(file: LocalFile, planned: PlannedFile | null, main: UploadFile | null): FileView {
  const base = {
    key: file.key,
    relativePath: file.relativePath,
    size: file.size,
    bytesHashed: file.bytesHashed,
    bytesSent: Math.max(file.bytesPut, main?.bytesSent ?? 0),
    hash: file.hash,
    overLimit: file.size > SINGLE_UPLOAD_LIMIT,
  };
  const local = (stage: FileStage, result: FileResult | null = null): FileView => ({
    ...base,
    stage,
    result,
    canCancel: result === null,
    canRetry: result !== null && retryable.has(result.kind),
  });
  switch (file.phase) {
    case 'waiting':
      return local('waiting');
    case 'hashing':
      return local('hashing');
    case 'hashed':
    case 'planning':
      return local('checking');
    case 'canceled':
      return local('done', {
        ...resultOf({ kind: 'canceled', message: 'Canceled before anything was sent.' }),
      });
    case 'failed':
      return local('done', localFailure(file.problem?.code ?? 'failed', file.problem?.message ?? ''));
    case 'main':
      break;
  }
  if (main?.state === 'done' && main.outcome !== null) {
    const result = resultOf(main.outcome);
    return {
      ...base,
      bytesHashed: file.size,
      stage: 'done',
      result,
      canCancel: false,
      canRetry: retryable.has(result.kind),
    };
  }
  // The page's PUT failed and main does not know (a refused address): the page's words stand.
  if (file.putState === 'failed' && file.problem !== null) {
    return local('done', localFailure(file.problem.code, file.problem.message));
  }
  const stage: FileStage =
    file.putState === 'sending' || main?.state === 'sending'
      ? 'sending'
      : planned?.action === 'send'
        ? 'ready-to-send'
        : 'checking';
  return {
    ...base,
    bytesHashed: file.size,
    stage,
    result: null,
    canCancel: !file.stopRequested,
    canRetry: false,
  };
}

function fromMain(key: string, file: UploadFile): FileView {
  const result = file.state === 'done' && file.outcome !== null ? resultOf(file.outcome) : null;
  const stage: FileStage = result !== null ? 'done' : file.state === 'queued' ? 'waiting' : file.state;
  return {
    key,
    relativePath: file.relativePath,
    size: file.size,
    stage,
    bytesHashed: file.bytesHashed,
    bytesSent: file.bytesSent,
    hash: file.hash,
    overLimit: file.size > SINGLE_UPLOAD_LIMIT,
    result,
    canCancel: result === null,
    // An interrupted page-dropped file has no bytes left to read here: only dropping it again finishes it.
    canRetry:
      result !== null && retryable.has(result.kind) && result.code !== UPLOAD_INTERRUPTED_PAGE_FILE_CODE,
  };
}

/** Files that were in flight when Loupe last stopped (uploads.list brings them back). */
export function isInterruptedOutcome(outcome: UploadOutcome | null): boolean {
  return outcome?.kind === 'failed' && isInterruptedUploadCode(outcome.code);
}

function localFailure(code: string, message: string): FileResult {
  return {
    kind: 'failed',
    title: code === 'file_unreadable' ? 'Could not read' : 'Failed',
    message,
    code,
    corruption: false,
    assetId: null,
  };
}

/** Words for main's outcome of a file. */
export function resultOf(outcome: UploadOutcome): FileResult {
  const plain = { code: null, corruption: false, assetId: null };
  switch (outcome.kind) {
    case 'uploaded':
      return {
        ...plain,
        kind: 'uploaded',
        title: 'Uploaded',
        message:
          outcome.createdNew === false
            ? 'Sent; the service already had these bytes and kept one copy.'
            : 'Sent and stored.',
        assetId: outcome.assetId,
      };
    case 'deduplicated':
      return {
        ...plain,
        kind: 'deduplicated',
        title: 'Already on the server',
        message: `0 bytes sent: the service already held these bytes (${formatBytes(outcome.bytesNotSent)} not sent).`,
        assetId: outcome.assetId,
      };
    case 'refused-too-large':
      return { ...plain, kind: 'refused-too-large', title: 'Too large', message: outcome.message };
    case 'failed':
      return {
        kind: 'failed',
        title: outcome.corruption
          ? 'Corrupted on the way'
          : isInterruptedOutcome(outcome)
            ? 'Interrupted'
            : outcome.outcomeUnknown
              ? 'Outcome unknown'
              : 'Failed',
        message: outcome.message,
        code: outcome.code,
        corruption: outcome.corruption,
        assetId: null,
      };
    case 'canceled':
      return { ...plain, kind: 'canceled', title: 'Canceled', message: outcome.message };
  }
}

function totalsOf(files: readonly FileView[]): UploadTotals {
  const counts: Record<ResultKind, number> = {
    uploaded: 0,
    deduplicated: 0,
    'refused-too-large': 0,
    failed: 0,
    canceled: 0,
  };
  const totals: UploadTotals = {
    files: files.length,
    finished: 0,
    bytesTotal: 0,
    bytesHashed: 0,
    bytesToSend: 0,
    bytesSent: 0,
    bytesNotSent: 0,
    counts,
  };
  for (const file of files) {
    totals.bytesTotal += file.size;
    totals.bytesHashed += Math.min(file.size, file.bytesHashed);
    totals.bytesSent += Math.min(file.size, file.bytesSent);
    const sends =
      file.stage === 'ready-to-send' || file.stage === 'sending' || file.result?.kind === 'uploaded';
    if (sends) totals.bytesToSend += file.size;
    if (file.result === null) continue;
    totals.finished += 1;
    counts[file.result.kind] += 1;
    if (file.result.kind === 'deduplicated') totals.bytesNotSent += file.size;
  }
  return totals;
}

export function summaryText(t: UploadTotals): string {
  const parts = [`${t.files} ${t.files === 1 ? 'file' : 'files'}`];
  if (t.finished < t.files) parts.push(`${t.files - t.finished} in progress`);
  if (t.counts.deduplicated > 0) parts.push(`${t.counts.deduplicated} already on the server`);
  if (t.counts.uploaded > 0) parts.push(`${t.counts.uploaded} uploaded`);
  if (t.counts['refused-too-large'] > 0) parts.push(`${t.counts['refused-too-large']} too large`);
  if (t.counts.failed > 0) parts.push(`${t.counts.failed} failed`);
  if (t.counts.canceled > 0) parts.push(`${t.counts.canceled} canceled`);
  if (t.bytesNotSent > 0) parts.push(`${formatBytes(t.bytesNotSent)} not sent`);
  return parts.join(', ');
}
