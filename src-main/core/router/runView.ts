// A stored run as the contract shows it: its summary for lists and its detail. What stays in main stays here: the
// queue's URLs and the Idempotency-Key never appear, and media are named by Loupe's own route, by run and index.
import {
  routerRunErrorSchema,
  routerRunOptionsSchema,
  type RouterMedia,
  type RouterRunDetail,
  type RouterRunError,
  type RouterRunSummary,
} from '../../../src-shared/contracts/models';
import { routerMediaPath } from '../content';
import type { RouterRunRow, StoredMedia } from '../store';

export interface RunViewOptions {
  /** `loupe-asset://` or `/asset-bytes/<capability>/`: the route the renderer loads media from. */
  assetBase: (profileId: string) => string;
}

/** A damaged error column still says the run failed. */
const unreadableError: RouterRunError = {
  status: null,
  bucket: null,
  message: 'Loupe recorded an error for this run, but the record could not be read.',
  detail: null,
  upstreamStatus: null,
  validation: [],
  retryable: false,
};

export function runErrorOf(row: RouterRunRow): RouterRunError | null {
  if (row.error === null) return null;
  const parsed = routerRunErrorSchema.safeParse(row.error);
  return parsed.success ? parsed.data : unreadableError;
}

/** For lists: the bucket of a failure, else what the output is (the first medium's kind, or its JSON). */
function shortLine(row: RouterRunRow, error: RouterRunError | null): string | null {
  if (error !== null) return error.bucket;
  if (row.state !== 'completed') return null;
  return row.media[0]?.kind ?? (row.output === null ? null : 'json');
}

export function runSummaryOf(row: RouterRunRow): RouterRunSummary {
  const error = runErrorOf(row);
  return {
    runId: row.id,
    modelId: row.modelId,
    mode: row.mode,
    state: row.state,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    queuePosition: row.queuePosition !== null && row.queuePosition >= 0 ? row.queuePosition : null,
    creditsUsed: row.creditsUsed,
    replayed: row.meta?.replayed ?? false,
    errorBucket: shortLine(row, error),
  };
}

function mediaOf(row: RouterRunRow, media: readonly StoredMedia[], options: RunViewOptions): RouterMedia[] {
  // A medium that could not be saved is not offered: the output still holds its link. Nor is a link still being
  // asked what it is (kind `file`): most such links are pages, not media, and would flash by as "being saved".
  return media
    .filter((medium) => medium.state !== 'failed')
    .filter((medium) => !(medium.source === 'link' && medium.kind === 'file' && medium.state === 'saving'))
    .map((medium) => ({
      index: medium.index,
      kind: medium.kind,
      contentType: medium.contentType,
      name: medium.name,
      sizeBytes: medium.sizeBytes,
      url:
        medium.state === 'saved'
          ? `${options.assetBase(row.profileId)}${routerMediaPath(row.profileId, row.id, medium.index)}`
          : null,
    }));
}

export function runDetailOf(row: RouterRunRow, options: RunViewOptions): RouterRunDetail {
  const parsedOptions = routerRunOptionsSchema.safeParse(row.options);
  return {
    ...runSummaryOf(row),
    input: row.input,
    options: parsedOptions.success ? parsedOptions.data : {},
    requestId: row.mode === 'queued' ? (row.queueRequestId ?? row.requestId) : row.requestId,
    output: row.output,
    media: mediaOf(row, row.media, options),
    droppedParams: row.meta?.droppedParams ?? [],
    fallbackProvider: row.meta?.fallbackProvider ?? null,
    committedSpend: row.meta?.committedSpend ?? { limit: null, current: null, remaining: null },
    error: runErrorOf(row),
    cancelRequested: row.cancelRequested,
    cancelAfterStart: row.cancelAfterStart,
    attempts: row.attempts,
  };
}
