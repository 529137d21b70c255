// A Router run as it is kept on disk, and how a row is read back. The JSON columns are parsed through their own
// schemas: the file is outside our process, so a damaged column costs that column (read as unknown), or at
// worst that row, never the list.
import { z } from 'zod';
import { ROUTER_RUN_STATES } from '../../../src-shared/contracts/models';
import { jsonColumn, jsonObjectSchema, nullableJsonColumn, type JsonObject } from './rowCodec';

export const routerRunStateSchema = z.enum(ROUTER_RUN_STATES);
export type StoredRunState = z.infer<typeof routerRunStateSchema>;
export const routerRunModeSchema = z.enum(['sync', 'queued']);
export type StoredRunMode = z.infer<typeof routerRunModeSchema>;

/** States in which a run still waits for something from the Router. */
export const OPEN_RUN_STATES: readonly StoredRunState[] = ['pending', 'sent', 'in_queue', 'in_progress'];

/** The queue's own URLs for a queued run: followed by main, never composed, never sent to the renderer. */
export const queueLinksSchema = z.object({
  statusUrl: z.string(),
  responseUrl: z.string(),
  cancelUrl: z.string(),
});
export type QueueLinks = z.infer<typeof queueLinksSchema>;

/** What an answer's headers said (model-router-api.md, the 200's headers). */
export const storedRunMetaSchema = z.object({
  creditsUsed: z.number().nullable(),
  droppedParams: z.array(z.string()),
  fallbackProvider: z.string().nullable(),
  replayed: z.boolean(),
  committedSpend: z.object({
    limit: z.number().nullable(),
    current: z.number().nullable(),
    remaining: z.number().nullable(),
  }),
});
export type StoredRunMeta = z.infer<typeof storedRunMetaSchema>;

/**
 * A picture, sound or clip of a run's output, kept on disk under the data folder. `answer`: the run's answer was
 * these bytes. `link`: the JSON output links to it at `pointer` (a JSON Pointer into the output), so saving it
 * can be taken up again after a crash without keeping the link twice.
 */
export const storedMediaSchema = z.object({
  index: z.number().int().nonnegative(),
  kind: z.enum(['image', 'video', 'audio', 'file']),
  contentType: z.string(),
  name: z.string(),
  sizeBytes: z.number().int().nonnegative().nullable(),
  /** The file's name inside the run's media folder; null until it is saved. */
  file: z.string().nullable(),
  state: z.enum(['saving', 'saved', 'failed']),
  source: z.enum(['answer', 'link']),
  pointer: z.string().nullable(),
});
export type StoredMedia = z.infer<typeof storedMediaSchema>;

const jsonValue = z.json();

/**
 * cancel_requested: 0 none; 1 asked (the run waiting in the queue, as far as Loupe saw); 2 asked of a run Loupe
 * saw in progress, before or after the ask: the provider had it, so the Router may charge it (NOTES part B).
 */
const cancelColumn = z.number().int().min(0).max(2);
export const CANCEL_ASKED = 1;
export const CANCEL_ASKED_WHILE_RUNNING = 2;

export const routerRunDbRow = z
  .object({
    id: z.string(),
    profile_id: z.string(),
    model_id: z.string(),
    mode: routerRunModeSchema,
    state: routerRunStateSchema,
    idempotency_key: z.string(),
    input: jsonColumn(jsonValue),
    options: jsonColumn(jsonObjectSchema).catch({}),
    attempts: z.number().int().nonnegative(),
    request_id: z.string().nullable(),
    queue_request_id: z.string().nullable(),
    queue_position: z.number().int().nullable(),
    queue_links: nullableJsonColumn(queueLinksSchema).catch(null),
    output: nullableJsonColumn(jsonValue),
    meta: nullableJsonColumn(storedRunMetaSchema).catch(null),
    credits_used: z.number().nullable(),
    error: nullableJsonColumn(jsonObjectSchema).catch(null),
    media: jsonColumn(z.array(storedMediaSchema)).catch([]),
    cancel_requested: cancelColumn,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform((r) => ({
    id: r.id,
    profileId: r.profile_id,
    modelId: r.model_id,
    mode: r.mode,
    state: r.state,
    idempotencyKey: r.idempotency_key,
    input: r.input,
    options: r.options,
    attempts: r.attempts,
    requestId: r.request_id,
    queueRequestId: r.queue_request_id,
    queuePosition: r.queue_position,
    queueLinks: r.queue_links,
    output: r.output,
    meta: r.meta,
    creditsUsed: r.credits_used,
    error: r.error,
    media: r.media,
    cancelRequested: r.cancel_requested > 0,
    cancelAfterStart: r.cancel_requested === CANCEL_ASKED_WHILE_RUNNING,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
export type RouterRunRow = z.output<typeof routerRunDbRow>;

export const ROUTER_RUN_COLUMNS =
  'id, profile_id, model_id, mode, state, idempotency_key, input, options, attempts, request_id, ' +
  'queue_request_id, queue_position, queue_links, output, meta, credits_used, error, media, cancel_requested, ' +
  'created_at, updated_at';

export interface RouterRunIntent {
  id: string;
  profileId: string;
  modelId: string;
  mode: StoredRunMode;
  idempotencyKey: string;
  input: unknown;
  options: JsonObject;
}
