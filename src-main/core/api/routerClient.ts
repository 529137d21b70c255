// The Router (model-router-api.md, NOTES part B): catalog, per-model OpenAPI with an ETag cache,
// synchronous runs, and queued runs that are followed only through the URLs each response returns.
// Router keys record and replay, so every run carries one (generated when the caller has none) and
// the retry policy may safely send it again.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { callOptions, type CallOptions } from './callOptions';
import type { HttpClient } from './http';
import { absoluteQueueLinks, absoluteQueueStatusLinks } from './links';
import type { OpenApiCacheStore } from './openApiCache';
import { parseRetryAfter } from './retryAfter';
import { readRunMeta, readRunResult, readTakenAnswer, type RunMeta, type RunResult } from './routerRunResult';
import {
  CancelResponseSchema,
  ModelDetailSchema,
  ModelPageSchema,
  QueueHandleSchema,
  QueueStatusResponseSchema,
  type CancelResponse,
  type ModelDetail,
  type ModelPage,
  type QueueHandle,
  type QueueStatusResponse,
} from './schemas/router';
import {
  ModelIdSchema,
  ModelListQuerySchema,
  RouterRunOptionsSchema,
  validateRequest,
  type ModelListQuery,
  type RouterRunOptions,
} from './schemas/writers';

export interface OpenApiResult {
  document: Record<string, unknown>;
  etag: string | null;
  /** True when the service answered 304 and the stored copy was used. */
  fromCache: boolean;
}

export interface QueueStatusRead {
  status: QueueStatusResponse;
  /** The Router's estimate of when to poll next. */
  retryAfterMs: number | null;
}

export type QueueResult =
  RunResult | { kind: 'pending'; status: QueueStatusResponse; retryAfterMs: number | null };

export interface SubmittedRun {
  handle: QueueHandle;
  /** The 201's request id and `Idempotent-Replayed` (true: the handle came from the key's record). */
  meta: RunMeta;
}

const openApiDocument = z.record(z.string(), z.unknown());
/** Sync runs wait for the model; minutes are normal. */
const defaultRunTimeoutMs = 10 * 60_000;

/**
 * The most of each answer read into memory. A Router answer is untrusted bytes: a page or a schema far
 * beyond these is not a catalog, and a JSON output this size (images inlined as data: URLs) is the most
 * Loupe keeps; byte outputs are streamed, never held whole.
 */
export const ROUTER_READ_LIMITS = {
  pageBytes: 8 * 1024 * 1024,
  openApiBytes: 8 * 1024 * 1024,
  outputJsonBytes: 64 * 1024 * 1024,
  statusBytes: 256 * 1024,
} as const;

export class RouterClient {
  constructor(
    private readonly http: HttpClient,
    private readonly openApiCache: OpenApiCacheStore | null = null,
  ) {}

  async listModels(query: ModelListQuery = {}, options: CallOptions = {}): Promise<ModelPage> {
    const valid = validateRequest(ModelListQuerySchema, query, 'invalid_request');
    const response = await this.http.send({
      family: 'router',
      method: 'GET',
      target: 'v2/models',
      query: { cursor: valid.cursor, limit: valid.limit },
      ...callOptions(options),
    });
    return response.parse(ModelPageSchema, ROUTER_READ_LIMITS.pageBytes);
  }

  async getModel(modelId: string, options: CallOptions = {}): Promise<ModelDetail> {
    const response = await this.http.send({
      family: 'router',
      method: 'GET',
      target: modelPath(modelId),
      ...callOptions(options),
    });
    return response.parse(ModelDetailSchema, ROUTER_READ_LIMITS.statusBytes);
  }

  /** The model's input/output schemas; revalidated with If-None-Match when a copy is stored. */
  async openApi(modelId: string, options: CallOptions = {}): Promise<OpenApiResult> {
    const target = `${modelPath(modelId)}/openapi.json`;
    const cached = (await this.openApiCache?.read(modelId).catch(() => null)) ?? null;
    const response = await this.http.send({
      family: 'router',
      method: 'GET',
      target,
      ...(cached === null ? {} : { headers: { 'if-none-match': cached.etag } }),
      ...callOptions(options),
    });
    if (response.status === 304 && cached !== null) {
      await response.discard();
      return { document: cached.document, etag: cached.etag, fromCache: true };
    }
    if (response.status === 304) {
      // A 304 to a request that had no validator: nothing to reuse, so ask again plainly.
      await response.discard();
      return this.openApiWithoutCache(target, options);
    }
    const document = await response.parse(openApiDocument, ROUTER_READ_LIMITS.openApiBytes);
    return this.storeOpenApi(modelId, response.headers.get('etag'), document);
  }

  /** Runs the model and waits for its output: JSON, or bytes under the partner's Content-Type. */
  async run(
    modelId: string,
    input: unknown,
    options: RouterRunOptions & CallOptions = {},
  ): Promise<RunResult> {
    const { signal, timeoutMs, ...runOptions } = options;
    const valid = validateRequest(RouterRunOptionsSchema, runOptions, 'invalid_request');
    const response = await this.http.send({
      family: 'router',
      method: 'POST',
      target: modelPath(modelId),
      query: {
        model_provider: valid.modelProvider,
        strict_mode: valid.strictMode,
        fallback_provider: valid.fallbackProvider,
      },
      headers: { accept: '*/*' },
      body: { kind: 'json', value: input },
      idempotencyKey: valid.idempotencyKey ?? randomUUID(),
      timeoutMs: timeoutMs ?? defaultRunTimeoutMs,
      ...(signal === undefined ? {} : { signal }),
    });
    // From here the run happened: a body lost on the way is an AnswerLostError, never a failure.
    return readTakenAnswer(
      response,
      () => readRunResult(response, ROUTER_READ_LIMITS.outputJsonBytes),
      signal,
    );
  }

  /** Queues a run and returns its handle at once (201). */
  async submit(
    modelId: string,
    input: unknown,
    options: Omit<RouterRunOptions, 'fallbackProvider'> & CallOptions = {},
  ): Promise<QueueHandle> {
    return (await this.submitRun(modelId, input, options)).handle;
  }

  /** Queues a run: its handle, plus what the 201's headers say (a replayed handle, the request id). */
  async submitRun(
    modelId: string,
    input: unknown,
    options: Omit<RouterRunOptions, 'fallbackProvider'> & CallOptions = {},
  ): Promise<SubmittedRun> {
    const { signal, timeoutMs, ...runOptions } = options;
    const valid = validateRequest(RouterRunOptionsSchema, runOptions, 'invalid_request');
    const response = await this.http.send({
      family: 'router',
      method: 'POST',
      target: `${modelPath(modelId)}/requests`,
      query: { model_provider: valid.modelProvider, strict_mode: valid.strictMode },
      body: { kind: 'json', value: input },
      idempotencyKey: valid.idempotencyKey ?? randomUUID(),
      ...callOptions({ signal, timeoutMs }),
    });
    // Admitted (201): a handle lost on the way is an AnswerLostError; the same key brings it back.
    const handle = await readTakenAnswer(
      response,
      () => response.parse(QueueHandleSchema, ROUTER_READ_LIMITS.statusBytes),
      signal,
    );
    return {
      handle: absoluteQueueLinks(handle, response.url),
      meta: readRunMeta(response.headers, response.requestId),
    };
  }

  /** Reads the status behind `status_url`. */
  async status(handle: Pick<QueueHandle, 'status_url'>, options: CallOptions = {}): Promise<QueueStatusRead> {
    const response = await this.http.send({
      family: 'router',
      method: 'GET',
      target: handle.status_url,
      ...callOptions(options),
    });
    const parsed = await response.parse(QueueStatusResponseSchema, ROUTER_READ_LIMITS.statusBytes);
    const status = absoluteQueueStatusLinks(parsed, response.url);
    return { status, retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), this.http.now) };
  }

  /**
   * Collects the result behind `response_url`: the output, or 'pending' (202) while unfinished.
   * A cancelled request is ApiError 'cancelled' (409); an aged-out one is a 410.
   */
  async result(handle: Pick<QueueHandle, 'response_url'>, options: CallOptions = {}): Promise<QueueResult> {
    const response = await this.http.send({
      family: 'router',
      method: 'GET',
      target: handle.response_url,
      headers: { accept: '*/*' },
      ...callOptions(options),
    });
    if (response.status === 202) {
      const parsed = await response.parse(QueueStatusResponseSchema, ROUTER_READ_LIMITS.statusBytes);
      const status = absoluteQueueStatusLinks(parsed, response.url);
      return {
        kind: 'pending',
        status,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), this.http.now),
      };
    }
    return readRunResult(response, ROUTER_READ_LIMITS.outputJsonBytes);
  }

  /**
   * Asks to cancel (PUT `cancel_url`). CANCELLATION_REQUESTED is a request, not a promise: the run may
   * still finish and be charged. ALREADY_COMPLETED (409) is an answer, not a failure. A body lost after the
   * status line is an AnswerLostError whose `status` still says which.
   */
  async cancel(handle: Pick<QueueHandle, 'cancel_url'>, options: CallOptions = {}): Promise<CancelResponse> {
    const response = await this.http.send({
      family: 'router',
      method: 'PUT',
      target: handle.cancel_url,
      acceptStatuses: [409],
      ...callOptions(options),
    });
    // The status line is the answer (202 asked, 409 already over); a body lost after it is an AnswerLostError.
    return readTakenAnswer(
      response,
      () => response.parse(CancelResponseSchema, ROUTER_READ_LIMITS.statusBytes),
      options.signal,
    );
  }

  private async openApiWithoutCache(target: string, options: CallOptions): Promise<OpenApiResult> {
    const response = await this.http.send({
      family: 'router',
      method: 'GET',
      target,
      ...callOptions(options),
    });
    const document = await response.parse(openApiDocument, ROUTER_READ_LIMITS.openApiBytes);
    return { document, etag: response.headers.get('etag'), fromCache: false };
  }

  private async storeOpenApi(
    modelId: string,
    etag: string | null,
    document: Record<string, unknown>,
  ): Promise<OpenApiResult> {
    if (etag !== null && this.openApiCache !== null) {
      try {
        await this.openApiCache.write({ modelId, etag, document, storedAt: this.http.now });
      } catch {
        // The cache only saves a download next time; failing to store must not fail the read.
      }
    }
    return { document, etag, fromCache: false };
  }
}

/** `v2/models/{provider}/{model}`, checked so the id can only ever name two path segments. */
function modelPath(modelId: string): string {
  const valid = validateRequest(ModelIdSchema, modelId, 'invalid_model_id');
  return `v2/models/${valid}`;
}
