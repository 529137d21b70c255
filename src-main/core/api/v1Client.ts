// The deprecated v1 surface (managed service only), kept for what v2 lacks there: listing jobs.
// v1 authenticates with X-API-Key; the http layer does that for family 'v1'. No v1 POST carries an
// idempotency key, so none is ever retried automatically.
import { z } from 'zod';
import { openOnce, type ByteSource, type OpenBytes } from './byteSource';
import { callOptions, type CallOptions } from './callOptions';
import { checkedJsonPost } from './checkedJsonPost';
import { ApiError } from './errors';
import type { HttpClient } from './http';
import type { MultipartPart } from './multipart';
import {
  V1JobListSchema,
  V1JobStatusSchema,
  V1ObjectInfoSchema,
  V1PromptResponseSchema,
  V1UploadResponseSchema,
  type V1JobList,
  type V1JobStatus,
  type V1ObjectInfo,
  type V1UploadResponse,
} from './schemas/v1';
import {
  v1ListQueryPairs,
  V1OriginalRefSchema,
  V1PromptBodySchema,
  validateRequest,
  type V1ListQuery,
  type V1PromptBody,
} from './schemas/writers';
import { segment } from './urls';

export interface V1UploadInput {
  source: ByteSource | OpenBytes;
  fileName: string;
  contentType?: string;
  size?: number;
  /** Storage type, e.g. 'input' or 'temp'. */
  type?: string;
  overwrite?: boolean;
  onProgress?: (sentBytes: number, totalBytes: number | null) => void;
}

export interface V1MaskInput extends V1UploadInput {
  originalRef: z.input<typeof V1OriginalRefSchema>;
}

export interface V1PromptResult {
  promptId: string;
  number: number | null;
  nodeErrors: Record<string, unknown>;
}

const promptErrorSchema = z.union([
  z.string().transform((message) => ({ type: 'prompt_rejected', message })),
  z.looseObject({
    type: z.string().catch('prompt_rejected'),
    message: z.string().catch('The prompt was rejected.'),
  }),
]);

export class V1Client {
  constructor(private readonly http: HttpClient) {}

  async objectInfo(options: CallOptions = {}): Promise<V1ObjectInfo> {
    const response = await this.http.send({
      family: 'v1',
      method: 'GET',
      target: 'api/object_info',
      ...callOptions(options),
    });
    return response.parse(V1ObjectInfoSchema, 'v1ObjectInfo');
  }

  async uploadImage(input: V1UploadInput, options: CallOptions = {}): Promise<V1UploadResponse> {
    return this.upload('api/upload/image', input, [], options);
  }

  /** `subfolder` is accepted and ignored by the service (flat, content-addressed storage), so it is not sent. */
  async uploadMask(input: V1MaskInput, options: CallOptions = {}): Promise<V1UploadResponse> {
    const originalRef = validateRequest(V1OriginalRefSchema, input.originalRef, 'invalid_request');
    return this.upload('api/upload/mask', input, [['original_ref', JSON.stringify(originalRef)]], options);
  }

  /**
   * Queues a prompt. A body that carries `error` and no prompt id is a refusal and throws. `partnerKey`: the
   * http layer adds the profile's key to `extra_data` as the request leaves (http.ts), never to `body`.
   */
  async prompt(
    body: V1PromptBody,
    options: CallOptions & { partnerKey?: boolean } = {},
  ): Promise<V1PromptResult> {
    const post = checkedJsonPost({ family: 'v1', target: 'api/prompt' }, V1PromptBodySchema, body, options);
    const response = await this.http.send(options.partnerKey === true ? { ...post, partnerKey: true } : post);
    const result = await response.parse(V1PromptResponseSchema, 'v1Answer');
    if (result.prompt_id === null) {
      const refusal = promptErrorSchema.safeParse(result.error);
      const { type, message } = refusal.success
        ? refusal.data
        : { type: 'prompt_rejected', message: 'The prompt was rejected.' };
      throw new ApiError({
        kind: 'http',
        status: response.status,
        code: type,
        message,
        details: result,
        requestId: response.requestId,
      });
    }
    return { promptId: result.prompt_id, number: result.number, nodeErrors: result.node_errors };
  }

  async jobStatus(promptId: string, options: CallOptions = {}): Promise<V1JobStatus> {
    const response = await this.http.send({
      family: 'v1',
      method: 'GET',
      target: `api/job/${segment(promptId)}/status`,
      ...callOptions(options),
    });
    return response.parse(V1JobStatusSchema, 'v1Answer');
  }

  async listJobs(query: V1ListQuery = {}, options: CallOptions = {}): Promise<V1JobList> {
    const response = await this.http.send({
      family: 'v1',
      method: 'GET',
      target: 'api/jobs',
      query: v1ListQueryPairs(query),
      ...callOptions(options),
    });
    return response.parse(V1JobListSchema, 'jobList');
  }

  private async upload(
    target: string,
    input: V1UploadInput,
    extraFields: Array<[string, string]>,
    options: CallOptions,
  ): Promise<V1UploadResponse> {
    const fileName = validateRequest(z.string().min(1), input.fileName, 'invalid_request');
    const fields: Array<[string, string]> = [
      ...(input.type === undefined ? [] : [['type', input.type] as [string, string]]),
      ...(input.overwrite === undefined ? [] : [['overwrite', String(input.overwrite)] as [string, string]]),
      ...extraFields,
    ];
    const parts: MultipartPart[] = [
      ...fields.map(([name, value]): MultipartPart => ({ kind: 'field', name, value })),
      {
        kind: 'file',
        name: 'image',
        fileName,
        contentType: input.contentType ?? 'application/octet-stream',
        open: typeof input.source === 'function' ? input.source : openOnce(input.source),
        replayable: typeof input.source === 'function',
        ...(input.size === undefined ? {} : { size: input.size }),
      },
    ];
    const response = await this.http.send({
      family: 'v1',
      method: 'POST',
      target,
      body: {
        kind: 'multipart',
        parts,
        ...(input.onProgress === undefined ? {} : { onProgress: input.onProgress }),
      },
      timeoutMs: options.timeoutMs ?? 15 * 60_000,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return response.parse(V1UploadResponseSchema, 'v1Answer');
  }
}
