// Strict writers: what Loupe sends, built exactly as the documents say. A value the service would
// refuse is refused here, as an ApiError of kind 'invalid-request', before anything leaves.
import { z } from 'zod';
import { ApiError } from '../errors';
import { LabelKeySchema, LabelMapSchema, LabelValueSchema, maxLabelsPerJob, maxListFilters } from './labels';

export const blake3HashPattern = /^blake3:[0-9a-f]{64}$/;
export const Blake3HashSchema = z
  .string()
  .regex(blake3HashPattern, 'A hash is written blake3:<64 hex digits>.');
export const ExpiresInSchema = z.number().int().min(60).max(604_800);
/** The proxy refuses an empty key or one longer than 255 characters; the Router documents the same bounds. */
export const IdempotencyKeySchema = z.string().min(1).max(255);

/** UI-format exports carry `nodes` and `links` arrays; the service refuses them (workflow_format_ui). */
export function isUiFormat(workflow: unknown): boolean {
  return (
    typeof workflow === 'object' &&
    workflow !== null &&
    'nodes' in workflow &&
    Array.isArray(workflow.nodes) &&
    'links' in workflow &&
    Array.isArray(workflow.links)
  );
}

export const SubmitJobBodySchema = z.strictObject({
  workflow: z
    .record(z.string(), z.unknown())
    .refine((workflow) => !isUiFormat(workflow), 'This is a UI-format export; submit the API-format graph.'),
  /** Closed: only these two keys are accepted. */
  extra_data: z
    .strictObject({
      api_key_svc_org: z.string().min(1).optional(),
      auth_token_svc_org: z.string().min(1).optional(),
    })
    .optional(),
  /** Labels; newer surfaces only (managed answers metadata_not_supported). */
  metadata: LabelMapSchema.refine((labels) => Object.keys(labels).length <= maxLabelsPerJob, {
    message: `A job carries at most ${maxLabelsPerJob} labels.`,
  }).optional(),
});
export type SubmitJobBody = z.input<typeof SubmitJobBodySchema>;

export const FromHashBodySchema = z.strictObject({
  hash: Blake3HashSchema,
  file_path: z.string().min(1).optional(),
  tags: z.array(z.string()).optional(),
  expires_in: ExpiresInSchema.optional(),
});
export type FromHashBody = z.input<typeof FromHashBodySchema>;

export const MetadataFiltersSchema = z
  .record(LabelKeySchema, LabelValueSchema)
  .refine((filters) => Object.keys(filters).length <= maxListFilters, {
    message: `At most ${maxListFilters} label filters.`,
  });

export const ListJobsQuerySchema = z.strictObject({
  limit: z.number().int().min(1).max(500).optional(),
  /** Opaque: sent back exactly as received. */
  cursor: z.string().min(1).optional(),
  metadata: MetadataFiltersSchema.optional(),
});
export type ListJobsQuery = z.input<typeof ListJobsQuerySchema>;

export function listJobsQueryPairs(query: ListJobsQuery): Array<[string, string]> {
  // Same codes the service would answer with, so the UI explains a local refusal the same way.
  if (query.metadata !== undefined)
    validateRequest(MetadataFiltersSchema, query.metadata, 'invalid_metadata_filter');
  const valid = validateRequest(ListJobsQuerySchema, query, 'invalid_request');
  const pairs: Array<[string, string]> = [];
  if (valid.limit !== undefined) pairs.push(['limit', String(valid.limit)]);
  if (valid.cursor !== undefined) pairs.push(['cursor', valid.cursor]);
  for (const [key, value] of Object.entries(valid.metadata ?? {})) pairs.push([`metadata[${key}]`, value]);
  return pairs;
}

export const UploadFieldsSchema = z.strictObject({
  fileName: z.string().min(1),
  contentType: z.string().regex(/^[^\s/]+\/[^\s]+$/, 'A content type is a media type such as image/png.'),
  filePath: z.string().min(1).optional(),
  expectedHash: Blake3HashSchema.optional(),
  tags: z.array(z.string()).optional(),
  expiresIn: ExpiresInSchema.optional(),
});
export type UploadFields = z.input<typeof UploadFieldsSchema>;

export const V1ListQuerySchema = z.strictObject({
  status: z
    .array(z.string().regex(/^[a-z_]+$/))
    .min(1)
    .optional(),
  workflowId: z.string().min(1).optional(),
  outputType: z.enum(['image', 'video', 'audio']).optional(),
  sortBy: z.enum(['create_time', 'execution_time']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(1000).optional(),
});
export type V1ListQuery = z.input<typeof V1ListQuerySchema>;

export function v1ListQueryPairs(query: V1ListQuery): Array<[string, string]> {
  const valid = validateRequest(V1ListQuerySchema, query, 'invalid_request');
  const pairs: Array<[string, string | undefined]> = [
    ['status', valid.status?.join(',')],
    ['workflow_id', valid.workflowId],
    ['output_type', valid.outputType],
    ['sort_by', valid.sortBy],
    ['sort_order', valid.sortOrder],
    ['offset', valid.offset?.toString()],
    ['limit', valid.limit?.toString()],
  ];
  return pairs.filter((pair): pair is [string, string] => pair[1] !== undefined);
}

/** Router model ids: `{provider}/{model}`, lowercase slugs (NOTES "List entry"). */
const routerSlug = /^[a-z0-9]+([._-][a-z0-9]+)*$/;
export const ModelIdSchema = z.string().refine((id) => {
  const [provider, model, ...rest] = id.split('/');
  return (
    rest.length === 0 &&
    provider !== undefined &&
    model !== undefined &&
    provider.length <= 64 &&
    model.length <= 128 &&
    routerSlug.test(provider) &&
    routerSlug.test(model)
  );
}, 'A model id is {provider}/{model} in lowercase slugs.');

export const ModelListQuerySchema = z.strictObject({
  cursor: z.string().min(1).max(512).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
export type ModelListQuery = z.input<typeof ModelListQuerySchema>;

export const RouterRunOptionsSchema = z.strictObject({
  modelProvider: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
  strictMode: z.boolean().optional(),
  /** Synchronous route only; 'false' turns fallback off. */
  fallbackProvider: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
  idempotencyKey: IdempotencyKeySchema.optional(),
});
export type RouterRunOptions = z.input<typeof RouterRunOptionsSchema>;

/** Parses what we are about to send; a failure is an ApiError naming the first problem. */
export function validateRequest<T>(schema: z.ZodType<T>, value: unknown, code: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map((part) => String(part)).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  const message =
    first === undefined
      ? 'The request is not valid.'
      : `${first.path ? first.path + ': ' : ''}${first.message}`;
  throw ApiError.invalidRequest(code, message, { issues });
}

export const V1PromptBodySchema = z.strictObject({
  prompt: z.record(z.string(), z.unknown()),
  extra_data: z.strictObject({ api_key_svc_org: z.string().min(1) }).optional(),
});
export type V1PromptBody = z.input<typeof V1PromptBodySchema>;

export const V1OriginalRefSchema = z.strictObject({
  filename: z.string().min(1),
  subfolder: z.string().optional(),
  type: z.string().optional(),
});
