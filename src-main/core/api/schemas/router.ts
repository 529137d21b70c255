// Router resources (model-router-api.md, NOTES part B).
import { z } from 'zod';
import { orNull, partitionList, tolerantEnum } from './tolerant';

const modelEntryFields = {
  id: z.string().min(1),
  provider: z.string().optional().catch(undefined),
  model: z.string().optional().catch(undefined),
  /** Billing facts, never prices. */
  billing: orNull(z.looseObject({ charges_on_policy_rejection: orNull(z.string()).catch(null) })).catch(null),
};

/** The id is `{provider}/{model}`; the two halves are filled from it when a field is missing. */
function withIdParts<T extends { id: string; provider?: string | undefined; model?: string | undefined }>(
  entry: T,
) {
  const slash = entry.id.indexOf('/');
  const idProvider = slash < 0 ? entry.id : entry.id.slice(0, slash);
  const idModel = slash < 0 ? '' : entry.id.slice(slash + 1);
  return { ...entry, provider: entry.provider ?? idProvider, model: entry.model ?? idModel };
}

export const ModelEntrySchema = z.looseObject(modelEntryFields).transform(withIdParts);
export type ModelEntry = z.output<typeof ModelEntrySchema>;

export const ModelPageSchema = z
  .looseObject({
    data: z.array(z.unknown()),
    has_more: z.boolean().optional().catch(undefined),
    next_cursor: orNull(z.string()).catch(null),
    limit: orNull(z.number()).catch(null),
  })
  .transform(({ data, has_more: hasMore, next_cursor: nextCursor, limit }) => {
    const { items, skipped } = partitionList(data, ModelEntrySchema);
    const cursor = nextCursor === '' ? null : nextCursor;
    // Keep paging while has_more is true (a short page is not the end); without a cursor there is no next page.
    return {
      models: items,
      skippedItems: skipped,
      hasMore: (hasMore ?? cursor !== null) && cursor !== null,
      nextCursor: cursor,
      limit,
    };
  });
export type ModelPage = z.output<typeof ModelPageSchema>;

export const ModelDetailSchema = z
  .looseObject({ ...modelEntryFields, input_schema_url: orNull(z.string()).catch(null) })
  .transform(withIdParts);
export type ModelDetail = z.output<typeof ModelDetailSchema>;

/** Closed on purpose by the Router; a fourth value would still read as 'unknown', never as done. */
export const QueueStatusSchema = tolerantEnum(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED'] as const);
export type QueueStatus = z.output<typeof QueueStatusSchema>;

export const QueueHandleSchema = z.looseObject({
  request_id: z.string().min(1),
  status: QueueStatusSchema,
  queue_position: orNull(z.number()).catch(null),
  status_url: z.string(),
  response_url: z.string(),
  cancel_url: z.string(),
});
export type QueueHandle = z.output<typeof QueueHandleSchema>;

export const QueueStatusResponseSchema = z.looseObject({
  request_id: z.string().min(1),
  status: QueueStatusSchema,
  queue_position: orNull(z.number()).catch(null),
  /** Present only on a failed or cancelled COMPLETED; absent on success. */
  error_type: orNull(z.string()).catch(null),
  status_url: orNull(z.string()).catch(null),
  response_url: orNull(z.string()).catch(null),
  cancel_url: orNull(z.string()).catch(null),
});
export type QueueStatusResponse = z.output<typeof QueueStatusResponseSchema>;

export const CancelResponseSchema = z.looseObject({
  request_id: orNull(z.string()).catch(null),
  status: tolerantEnum(['CANCELLATION_REQUESTED', 'ALREADY_COMPLETED', 'NOT_FOUND'] as const),
});
export type CancelResponse = z.output<typeof CancelResponseSchema>;

/** One entry of a Router 422 body; a typed client branches on `type`. */
export const ValidationErrorDetailSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])).catch([]),
  msg: z.string().catch(''),
  type: z.string().catch('unknown'),
  ctx: z.record(z.string(), z.unknown()).optional().catch(undefined),
  input: z.unknown().optional(),
});
export type ValidationErrorDetail = z.output<typeof ValidationErrorDetailSchema>;

/** An OpenAPI document as stored by the ETag cache, validated when read back from disk. */
export const CachedOpenApiSchema = z.object({
  modelId: z.string(),
  etag: z.string(),
  document: z.record(z.string(), z.unknown()),
  storedAt: z.number(),
});
export type CachedOpenApi = z.output<typeof CachedOpenApiSchema>;
