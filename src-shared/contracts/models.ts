// models.*: the Router (model-router-api.md, NOTES part B) for the active profile: its catalogue, a model's
// detail and input schema, runs (synchronous or queued) kept in Loupe's store with their input, output, cost
// and disclosure headers, and the committed-spend meter. The renderer never sees a queue URL, a service
// address or a credential: main follows the URLs the Router returns and names runs by Loupe's own ids.
import { z } from 'zod';
import { noArgs, scopedCall, scopedStream } from '../contractKit';

/** `{provider}/{model}`: the lowercase slugs NOTES part B allows (`.`, `_`, `-` inside). */
export const modelIdSchema = z
  .string()
  .max(193)
  .regex(/^[a-z0-9]+([._-][a-z0-9]+)*\/[a-z0-9]+([._-][a-z0-9]+)*$/, 'not a model id');

/** Loupe's own run ids (UUIDs). */
export const routerRunIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'not a run id');

/** What a model makes, where its output schema says so; null when Loupe does not know yet. */
export const MODEL_OUTPUT_KINDS = ['image', 'video', 'audio', 'text', 'data'] as const;
export const modelOutputKindSchema = z.enum(MODEL_OUTPUT_KINDS);
export type ModelOutputKind = z.infer<typeof modelOutputKindSchema>;

export const modelSummarySchema = z.object({
  id: z.string(),
  provider: z.string(),
  model: z.string(),
  /** The billing facts exactly as the service gives them (never prices): `charges_on_policy_rejection` … */
  billing: z.record(z.string(), z.string()),
  outputKind: modelOutputKindSchema.nullable(),
});
export type ModelSummary = z.infer<typeof modelSummarySchema>;

export const modelCatalogueSchema = z.discriminatedUnion('kind', [
  /** The active profile has no Router address: nothing to list, and nothing was asked. */
  z.object({ kind: z.literal('no_router'), message: z.string() }),
  z.object({
    kind: z.literal('catalogue'),
    models: z.array(modelSummarySchema),
    /** When every page was last read from the service. */
    fetchedAt: z.string(),
    /** True when these rows come from the store because the service could not be reached just now. */
    stale: z.boolean(),
    staleReason: z.string().nullable(),
  }),
]);
export type ModelCatalogue = z.infer<typeof modelCatalogueSchema>;

export const modelSchemaInfoSchema = z.object({
  /** The run operation's requestBody JSON Schema, `$ref`s resolved; null when the document has none. */
  input: z.record(z.string(), z.json()).nullable(),
  /** The 200 response's schema; null when the document publishes only the input half. */
  output: z.record(z.string(), z.json()).nullable(),
  /** The 200 response's content type (`application/json`, `audio/wav` …), when stated. */
  outputContentType: z.string().nullable(),
  etag: z.string().nullable(),
  /** True when the service answered 304 and Loupe's copy was used. */
  fromCache: z.boolean(),
});
export type ModelSchemaInfo = z.infer<typeof modelSchemaInfoSchema>;

export const modelDetailSchema = modelSummarySchema.extend({
  schema: modelSchemaInfoSchema,
});
export type ModelDetail = z.infer<typeof modelDetailSchema>;

export const routerRunModeSchema = z.enum(['sync', 'queued']);
export type RouterRunMode = z.infer<typeof routerRunModeSchema>;

/** Provider choice: `modelProvider` serves the model on an alternate provider; strict sends it untranslated. */
export const routerRunOptionsSchema = z.strictObject({
  modelProvider: z
    .string()
    .max(64)
    .regex(/^[a-z0-9]+([._-][a-z0-9]+)*$/, 'not a provider slug')
    .optional(),
  strictMode: z.boolean().optional(),
  /** False sends `fallback_provider=false` (synchronous runs only). */
  fallback: z.boolean().optional(),
});
export type RouterRunOptions = z.infer<typeof routerRunOptionsSchema>;

/**
 * Where a run stands in Loupe's record:
 *   pending      written with its Idempotency-Key, not sent yet
 *   sent         sent, no answer recorded (a lost answer is resent under the same key: the Router replays)
 *   in_queue     queued run admitted, waiting (`queuePosition`)
 *   in_progress  queued run dispatched to a provider
 *   completed    output recorded
 *   failed       refused or failed (`error`)
 *   cancelled    cancelled (before dispatch: never charged; after: may still be charged)
 */
export const ROUTER_RUN_STATES = [
  'pending',
  'sent',
  'in_queue',
  'in_progress',
  'completed',
  'failed',
  'cancelled',
] as const;
export const routerRunStateSchema = z.enum(ROUTER_RUN_STATES);
export type RouterRunState = z.infer<typeof routerRunStateSchema>;

/** US cents, from the latest response that carried the headers. */
export const committedSpendSchema = z.object({
  limit: z.number().nullable(),
  current: z.number().nullable(),
  remaining: z.number().nullable(),
});
export type CommittedSpend = z.infer<typeof committedSpendSchema>;

/** One 422 detail, mapped onto the form by its `loc`. */
export const routerValidationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
  ctx: z.json().nullable(),
});

/** A refusal or failure in words: the status and bucket the Router sent, and what to do next. */
export const routerRunErrorSchema = z.object({
  status: z.number().int().nullable(),
  /** The `X-Svc-Error-Type` bucket or the COMPLETED body's `error_type`, as sent (unknown ones kept). */
  bucket: z.string().nullable(),
  /** What it means, in words, and what to do next. */
  message: z.string(),
  /** The service's own text, shown as given. */
  detail: z.string().nullable(),
  upstreamStatus: z.number().int().nullable(),
  validation: z.array(routerValidationIssueSchema),
  /** True when sending again under the same key is safe and may work (a 503, a lost answer, a 409 in flight). */
  retryable: z.boolean(),
  /**
   * Set when no answer arrived whole (the run stays `sent`): `answer_lost` the Router's 2xx came, so it took the run
   * and only its answer is missing; `may_have_run` nothing came back, so it may or may not have run. Either way
   * only the same key may go again (the Router replays, never charges twice).
   */
  outcome: z.enum(['answer_lost', 'may_have_run']).optional(),
});
export type RouterRunError = z.infer<typeof routerRunErrorSchema>;

/** A picture, sound or clip the output is or links to, kept on disk and served by the asset route. */
export const routerMediaSchema = z.object({
  index: z.number().int().nonnegative(),
  kind: z.enum(['image', 'video', 'audio', 'file']),
  contentType: z.string(),
  name: z.string(),
  sizeBytes: z.number().int().nonnegative().nullable(),
  /** The URL the renderer loads it from (Loupe's own route); null while it is being saved. */
  url: z.string().nullable(),
});
export type RouterMedia = z.infer<typeof routerMediaSchema>;

export const routerRunSummarySchema = z.object({
  runId: z.string(),
  modelId: z.string(),
  mode: routerRunModeSchema,
  state: routerRunStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  queuePosition: z.number().int().nonnegative().nullable(),
  creditsUsed: z.number().nullable(),
  /** The answer came from the Router's idempotency record (`Idempotent-Replayed: true`): not charged again. */
  replayed: z.boolean(),
  /** A short line for lists: the bucket, or the output's kind. */
  errorBucket: z.string().nullable(),
});
export type RouterRunSummary = z.infer<typeof routerRunSummarySchema>;

export const routerRunDetailSchema = routerRunSummarySchema.extend({
  input: z.json(),
  options: routerRunOptionsSchema,
  /** The service's request id, and the queue's request id for queued runs. */
  requestId: z.string().nullable(),
  /** The native JSON output; null for a byte answer (see media) or while there is none. */
  output: z.json().nullable(),
  media: z.array(routerMediaSchema),
  /** `X-Svc-Router-Dropped-Params`: native fields the provider ignored. */
  droppedParams: z.array(z.string()),
  /** `X-Svc-Router-Fallback-Provider`: who served the run instead. */
  fallbackProvider: z.string().nullable(),
  committedSpend: committedSpendSchema,
  error: routerRunErrorSchema.nullable(),
  /** A cancel was asked for; the Router may still finish (and charge) the run. */
  cancelRequested: z.boolean(),
  /**
   * The cancel reached a run Loupe saw in progress (the Router took the ask with its 202 while a provider had
   * the run): it may be charged. False for a cancel of a run Loupe only ever saw waiting in the queue.
   */
  cancelAfterStart: z.boolean(),
  /** How many times the request left under this run's key. */
  attempts: z.number().int().nonnegative(),
});
export type RouterRunDetail = z.infer<typeof routerRunDetailSchema>;

export const routerSpendSchema = z.object({
  /** Null until a response has carried the committed-spend headers for this profile. */
  committedSpend: committedSpendSchema.nullable(),
  /** Credits of the latest run that reported them. */
  lastCreditsUsed: z.number().nullable(),
  /** Credits of every run recorded for the profile. */
  totalCreditsUsed: z.number(),
  updatedAt: z.string().nullable(),
  /** Remaining committed spend is under a tenth of the limit (or under 100 cents): say so before a run. */
  low: z.boolean(),
});
export type RouterSpend = z.infer<typeof routerSpendSchema>;

export const modelsContract = {
  /** Every page of the catalogue (followed through next_cursor), from the store unless `refresh`. */
  'models.catalogue': scopedCall(z.strictObject({ refresh: z.boolean().optional() }), modelCatalogueSchema),
  /** One model's detail and input schema (the openapi.json cached with its ETag, revalidated). */
  'models.detail': scopedCall(z.strictObject({ modelId: modelIdSchema }), modelDetailSchema),
  /**
   * Starts a run: written to the store with a fresh Idempotency-Key before anything is sent. A synchronous
   * run answers when the model does; a queued one when it is admitted, and is then watched in main.
   * `retryOf` sends a run whose answer was lost or that may be retried (`error.retryable`) again under its own
   * key, so the Router replays instead of charging twice.
   */
  'models.run': scopedCall(
    z.strictObject({
      modelId: modelIdSchema,
      input: z.json(),
      mode: routerRunModeSchema,
      options: routerRunOptionsSchema.optional(),
    }),
    routerRunDetailSchema,
  ),
  'models.retryRun': scopedCall(z.strictObject({ runId: routerRunIdSchema }), routerRunDetailSchema),
  /** The active profile's runs, newest first. */
  'models.runs': scopedCall(
    z.strictObject({ limit: z.number().int().min(1).max(1000).optional() }),
    z.object({ runs: z.array(routerRunSummarySchema) }),
  ),
  'models.getRun': scopedCall(z.strictObject({ runId: routerRunIdSchema }), routerRunDetailSchema),
  /** Asks the Router to cancel a queued run (through the cancel_url it gave). */
  'models.cancelRun': scopedCall(z.strictObject({ runId: routerRunIdSchema }), routerRunDetailSchema),
  'models.spend': scopedCall(noArgs, routerSpendSchema),
  /** A run changed (queue position, state, output) or the spend moved. */
  'models.updates': scopedStream(
    noArgs,
    z.object({ runs: z.array(routerRunSummarySchema), spend: routerSpendSchema.nullable() }),
  ),
} as const;
