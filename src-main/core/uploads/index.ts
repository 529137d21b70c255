// Public surface of core/uploads: the hash-first uploader, its contract handlers, and the hashing paths.
export { UploadService, type UploadServiceDeps, type LocalUploadOptions } from './uploadService';
export {
  createUploadHandlers,
  createDropGrantHandlers,
  type PickFiles,
  type UploadHandlers,
  type UploadHandlerOptions,
} from './uploadHandlers';
export { FileGrants, type FileGrantsOptions, type GrantOwner } from './fileGrants';
export {
  FileHasher,
  DEFAULT_HASH_CHUNK_BYTES,
  type FileDigest,
  type FileHasherOptions,
  type HashOptions,
} from './fileHasher';
export { MAX_SINGLE_UPLOAD_BYTES } from '../../../src-shared/limits';
export { BYTES_UPLOAD_ROUTE_PREFIX } from './bytesUpload';
export { BytesUploads, type BytesDelivery } from './bytesBatches';
export {
  BYTES_LENGTH_HEADER,
  BYTES_ROUTE_HEADERS,
  INTERNAL_ANSWER,
  NOT_FOUND_ANSWER,
  answerForError,
  answerForOutcome,
  checkBytesRequest,
  isBytesRoutePath,
  type BytesReceiver,
  type BytesRouteAnswer,
  type BytesRouteBody,
  type BytesRouteOptions,
  type BytesRouteRequest,
} from './bytesRoute';
export { serveBytesFetch, type BytesFetchRouteOptions } from './bytesFetchRoute';
export { expandPaths, type ExpandedFile, type Expansion } from './expandPaths';
export {
  digestChunks,
  hashChunksWithWasm,
  createWasmHasher,
  type IncrementalBlake3,
  type ChunkSource,
} from './wasmHash';
export { formatBytes } from '../../../src-shared/format';
export { UploadError, HashCanceledError, HashFailedError, FileChangedError } from './uploadErrors';
