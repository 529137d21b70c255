// Public surface of core/api: the http layer, its typed errors, the clients and the SSE reader.
export {
  abortableSleep,
  bindCredential,
  credentialOriginsFor,
  mayReceive,
  systemClock,
  type ApiFamily,
  type BoundCredential,
  type Clock,
  type Connection,
  type Sleep,
  type Surface,
} from './connection';
export { ApiError, isApiError, type ApiErrorInit, type ApiErrorKind } from './errors';
export { HttpClient, type HttpClientOptions, type HttpMethod, type HttpRequest } from './http';
export { HttpResponse } from './httpResponse';
export { nodeFetch } from './nodeFetch';
export { RetryPolicy, type AttemptContext, type RetryDecision, type RetryPolicyOptions } from './retry';
export { parseRetryAfter } from './retryAfter';
export { resolveLink, type Query } from './urls';
export type { ByteSource, OpenBytes } from './byteSource';
export type { CallOptions } from './callOptions';
export { JobsClient, type JobRef, type LogResult } from './jobsClient';
export {
  AssetsClient,
  type AssetContent,
  type ByteRange,
  type ContentLocation,
  type CreatedAsset,
  type UploadInput,
} from './assetsClient';
export { V1Client, type V1MaskInput, type V1PromptResult, type V1UploadInput } from './v1Client';
export { V1Socket, type V1SocketMessage, type V1SocketOptions, type V1SocketState } from './v1Socket';
export type { V1BinaryMessage, PreviewMeta } from './v1BinaryFrames';
export {
  RouterClient,
  ROUTER_READ_LIMITS,
  type OpenApiResult,
  type QueueResult,
  type QueueStatusRead,
  type SubmittedRun,
} from './routerClient';
export {
  AnswerLostError,
  isAnswerLost,
  isTooLargeResponse,
  readRunMeta,
  type RunMeta,
  type RunResult,
} from './routerRunResult';
export { DiskOpenApiCache, MemoryOpenApiCache, type OpenApiCacheStore } from './openApiCache';
export { followJobEvents, type JobEventStreamOptions, type JobStreamEvent, type StreamEnd } from './sse';
export * from './schemas';
