// One page-hashed file (a file without a path), the steps after the page's hash: main checks the declared hash with the
// service (HEAD by-hash), mints held bytes from the hash with zero bytes sent, and otherwise streams the bytes
// the page PUTs to the upload route into the multipart upload with the page's hash as `expected_hash`, so the
// service itself proves the bytes are the ones hashed. The steps and the store records are uploadFile.ts's.
import { isApiError } from '../api';
import type { UploadOutcome } from '../../../src-shared/contract';
import type { FileDigest } from './fileHasher';
import type { SourceProbe } from './fileSource';
import type { DeclaredBytes } from './uploadBatch';
import { FileChangedError } from './uploadErrors';
import {
  mintFromHash,
  sendUpload,
  tooLarge,
  type FileEvents,
  type FileJob,
  type FilePipelineDeps,
  type FileTarget,
} from './uploadFile';
import { prepareRow } from './uploadRow';

/** Not under /assets/ (the bundler's) nor /asset-bytes/ (reads): `/upload-bytes/<capability>/<batch>/<file>`. */
export const BYTES_UPLOAD_ROUTE_PREFIX = '/upload-bytes/';

/** What the check by hash decided for a page-hashed file. */
export type BytesCheck =
  | { kind: 'known' }
  | { kind: 'send' }
  /** Refused or failed: nothing goes out, the outcome is final until a retry. */
  | { kind: 'settled'; outcome: UploadOutcome };

export const BYTES_ROUTE_UNAVAILABLE =
  'This window cannot hand file bytes to Loupe yet, and the service does not already hold these. Nothing ' +
  'was sent. Files the service already holds still upload from here.';

export async function checkDeclared(
  declared: DeclaredBytes,
  target: FileTarget,
  limits: { maxUploadBytes: number; canReceive: boolean },
  signal: AbortSignal,
): Promise<BytesCheck> {
  let known: boolean;
  try {
    known = await target.assets.existsByHash(declared.hash, { signal });
  } catch (error) {
    if (signal.aborted) {
      return {
        kind: 'settled',
        outcome: { kind: 'canceled', message: 'Canceled before anything was sent.' },
      };
    }
    return {
      kind: 'settled',
      outcome: {
        kind: 'failed',
        code: isApiError(error) ? error.code : 'internal',
        message: isApiError(error) ? error.message : 'The service could not be asked about these bytes.',
        corruption: false,
        outcomeUnknown: false,
      },
    };
  }
  if (known) return { kind: 'known' };
  if (declared.size > limits.maxUploadBytes) {
    return { kind: 'settled', outcome: tooLarge(declared.size, limits.maxUploadBytes) };
  }
  if (!limits.canReceive) {
    return {
      kind: 'settled',
      outcome: {
        kind: 'failed',
        code: 'bytes_route_unavailable',
        message: BYTES_ROUTE_UNAVAILABLE,
        corruption: false,
        outcomeUnknown: false,
      },
    };
  }
  return { kind: 'send' };
}

/** Bytes the service holds: an asset minted over them through from-hash, recorded first (rule 6). */
export function mintDeclared(
  job: FileJob,
  declared: DeclaredBytes,
  target: FileTarget,
  deps: FilePipelineDeps,
  events: FileEvents,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  const digest = digestOf(declared);
  const row = prepareRow(job, digest, true, target.profileId, deps);
  events.recorded(row.id);
  events.stage('sending');
  return mintFromHash(row.id, job, digest, target, deps.uploads, signal);
}

/**
 * The page's bytes to the service: the intent and its Idempotency-Key are on disk before the request leaves;
 * the body is exactly `declared.size` bytes or the request fails from our side.
 */
export function sendDeclared(
  job: FileJob,
  declared: DeclaredBytes,
  body: AsyncIterable<Uint8Array>,
  target: FileTarget,
  deps: FilePipelineDeps,
  events: FileEvents,
  signal: AbortSignal,
): Promise<UploadOutcome> {
  const row = prepareRow(job, digestOf(declared), false, target.profileId, deps);
  events.recorded(row.id);
  events.stage('sending');
  const probe: SourceProbe = { failure: null };
  const source = {
    body: exactBody(body, declared.size, probe),
    size: declared.size,
    contentType: declared.contentType,
    hash: declared.hash,
    probe,
  };
  return sendUpload(row.id, job, source, target, deps.uploads, events, signal);
}

/** The request body, refused from our side the moment it is longer or shorter than the page declared. */
async function* exactBody(
  body: AsyncIterable<Uint8Array>,
  size: number,
  probe: SourceProbe,
): AsyncGenerator<Uint8Array> {
  let read = 0;
  try {
    for await (const chunk of body) {
      read += chunk.byteLength;
      if (read > size) throw fail(probe, `The page sent more than the ${size} bytes it hashed.`);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof FileChangedError) throw error;
    throw fail(probe, `The page stopped sending after ${read} of ${size} bytes.`);
  }
  if (read !== size) throw fail(probe, `The page sent ${read} of the ${size} bytes it hashed.`);
}

function fail(probe: SourceProbe, message: string): FileChangedError {
  const error = new FileChangedError(message);
  probe.failure = error;
  return error;
}

/** The page's hash stands where the worker's digest would; no modification time travels with a page's file. */
function digestOf(declared: DeclaredBytes): FileDigest {
  return { hash: declared.hash, size: declared.size, mtimeMs: 0 };
}
