// v2 assets (job-and-asset-api.md "Assets", status codes from NOTES). Uploads stream from disk with
// progress; content is fetched with the credential on the content endpoint only, and its 302 to a
// signed storage URL is followed by hand without it.
import { randomUUID } from 'node:crypto';
import { openOnce, type ByteSource, type OpenBytes } from './byteSource';
import { callOptions, type CallOptions } from './callOptions';
import { checkedJsonPost } from './checkedJsonPost';
import { ApiError } from './errors';
import type { HttpClient } from './http';
import type { HttpResponse } from './httpResponse';
import { performWrite, type WriteOutcome } from './writeOutcome';
import { absoluteAssetLink } from './links';
import type { MultipartPart } from './multipart';
import { AssetSchema, type Asset } from './schemas/asset';
import {
  Blake3HashSchema,
  FromHashBodySchema,
  IdempotencyKeySchema,
  UploadFieldsSchema,
  validateRequest,
  type FromHashBody,
  type UploadFields,
} from './schemas/writers';
import { resolveLink, segment } from './urls';

export interface UploadInput extends UploadFields {
  /** A function opening the file makes the upload retryable; a bare stream is sent once. */
  source: ByteSource | OpenBytes;
  /** File size in bytes: gives the request a Content-Length and the progress a total. */
  size?: number;
  onProgress?: (sentBytes: number, totalBytes: number | null) => void;
  idempotencyKey?: string;
}

export interface CreatedAsset {
  asset: Asset;
  /** 201: new (blob or reference); 200: an existing one was reused. */
  created: boolean;
}

export interface ByteRange {
  start: number;
  /** Inclusive; open-ended when absent. */
  end?: number;
}

export interface AssetContent {
  /** 200, or 206 for a range. */
  status: number;
  body: ReadableStream<Uint8Array>;
  contentType: string | null;
  contentLength: number | null;
  contentRange: string | null;
  /** Where the bytes came from: the content endpoint, or the signed URL it redirected to. */
  url: string;
  redirected: boolean;
}

export interface ContentLocation {
  url: string;
  /** True for a signed storage URL (opens without credentials, expires); false for the content endpoint. */
  signed: boolean;
}

const redirectStatuses = [301, 302, 303, 307, 308] as const;

export class AssetsClient {
  constructor(private readonly http: HttpClient) {}

  /** Single-call multipart upload (about 100 MB at most). Throws for any outcome but a read answer. */
  async upload(input: UploadInput, options: CallOptions = {}): Promise<CreatedAsset> {
    return createdOrThrow(await this.submitUpload(input, options));
  }

  /**
   * The same, saying what became of it (writeOutcome.ts): a 2xx whose body is lost is `created-unread` (the
   * asset exists), never a failure. Only an input refused before sending throws.
   */
  async submitUpload(input: UploadInput, options: CallOptions = {}): Promise<WriteOutcome<CreatedAsset>> {
    const { source, size, onProgress, idempotencyKey, ...fieldInput } = input;
    const fields = validateRequest(UploadFieldsSchema, fieldInput, 'invalid_request');
    const key = validateRequest(IdempotencyKeySchema, idempotencyKey ?? randomUUID(), 'invalid_request');
    const formFields: Array<[string, string | undefined]> = [
      ['content_type', fields.contentType],
      ['file_path', fields.filePath],
      ['expected_hash', fields.expectedHash],
      ['expires_in', fields.expiresIn?.toString()],
      ...(fields.tags ?? []).map((tag): [string, string] => ['tags', tag]),
    ];
    const parts: MultipartPart[] = [
      ...formFields.flatMap(([name, value]): MultipartPart[] =>
        value === undefined ? [] : [{ kind: 'field', name, value }],
      ),
      {
        kind: 'file',
        name: 'file',
        fileName: fields.fileName,
        contentType: fields.contentType,
        open: typeof source === 'function' ? source : openOnce(source),
        replayable: typeof source === 'function',
        ...(size === undefined ? {} : { size }),
      },
    ];
    return performWrite(
      () =>
        this.http.send({
          family: 'v2',
          method: 'POST',
          target: 'api/v2/assets',
          body: { kind: 'multipart', parts, ...(onProgress === undefined ? {} : { onProgress }) },
          idempotencyKey: key,
          // Large bodies: the limit covers the whole upload, so it is generous by default.
          ...callOptions({ ...options, timeoutMs: options.timeoutMs ?? 15 * 60_000 }),
        }),
      createdAssetOf,
      'single-use',
    );
  }

  /** Zero-byte dedup: mints an asset over a blob the platform already holds. 404 blob_not_found on a miss. */
  async fromHash(body: FromHashBody, options: CallOptions = {}): Promise<CreatedAsset> {
    return createdOrThrow(await this.submitFromHash(body, options));
  }

  /**
   * The same, saying what became of it. It carries no key: a repeat answers with the identical reference
   * already minted (NOTES: 200, the same id), so a lost answer is asked again rather than guessed.
   */
  async submitFromHash(body: FromHashBody, options: CallOptions = {}): Promise<WriteOutcome<CreatedAsset>> {
    const post = checkedJsonPost(
      { family: 'v2', target: 'api/v2/assets/from-hash' },
      FromHashBodySchema,
      body,
      options,
    );
    return performWrite(() => this.http.send(post), createdAssetOf, 'none');
  }

  /** Whether this account can mint from the blob (HEAD by-hash: 200 yes, 404 no). */
  async existsByHash(hash: string, options: CallOptions = {}): Promise<boolean> {
    const valid = validateRequest(Blake3HashSchema, hash, 'invalid_request');
    const response = await this.http.send({
      family: 'v2',
      method: 'HEAD',
      // Validated to blake3:<hex>; ':' is a legal path character and is sent as written in the spec.
      target: `api/v2/assets/by-hash/${valid}`,
      acceptStatuses: [404],
      ...callOptions(options),
    });
    await response.discard();
    return response.status !== 404;
  }

  async get(id: string, options: CallOptions = {}): Promise<Asset> {
    const response = await this.http.send({
      family: 'v2',
      method: 'GET',
      target: assetPath(id),
      ...callOptions(options),
    });
    return assetOf(response);
  }

  /** Deletes the record (the blob stays while referenced). A second delete is 404; 409 asset_in_use. */
  async delete(id: string, options: CallOptions = {}): Promise<void> {
    const response = await this.http.send({
      family: 'v2',
      method: 'DELETE',
      target: assetPath(id),
      ...callOptions(options),
    });
    await response.discard();
  }

  /**
   * The bytes, optionally a range. The content endpoint gets the credential; a 302 to a signed URL
   * is followed by the http layer without it. The time limit covers reaching the bytes, not reading them.
   */
  async content(
    ref: string | { url: string },
    options: CallOptions & { range?: ByteRange } = {},
  ): Promise<AssetContent> {
    const headers: Record<string, string> = { accept: '*/*' };
    if (options.range !== undefined) headers.range = rangeHeader(options.range);
    const response = await this.http.send({
      family: 'v2',
      method: 'GET',
      target: typeof ref === 'string' ? `${assetPath(ref)}/content` : ref.url,
      headers,
      // An asset's `url` is the content endpoint on self-hosted but a signed storage URL elsewhere, and
      // storage may share the service's origin: only the endpoint itself gets the credential.
      withCredential: typeof ref === 'string' || this.isContentEndpoint(ref.url),
      ...callOptions(options),
    });
    const length = response.headers.get('content-length');
    return {
      status: response.status,
      body: response.stream(),
      contentType: response.headers.get('content-type'),
      contentLength: length === null || !/^\d+$/.test(length) ? null : Number(length),
      contentRange: response.headers.get('content-range'),
      url: response.url,
      redirected: response.redirected,
    };
  }

  /**
   * Resolves where the bytes can be fetched from without our credential: the signed URL of the 302,
   * or, on self-hosted (200, no signed URLs), the content endpoint itself. The body is not read.
   */
  async resolveContentLocation(id: string, options: CallOptions = {}): Promise<ContentLocation> {
    const response = await this.http.send({
      family: 'v2',
      method: 'GET',
      target: `${assetPath(id)}/content`,
      headers: { accept: '*/*' },
      followRedirects: false,
      acceptStatuses: redirectStatuses,
      ...callOptions(options),
    });
    const location = response.headers.get('location');
    await response.discard();
    if (response.status >= 300 && location !== null)
      return { url: resolveLink(location, response.url), signed: true };
    return { url: response.url, signed: false };
  }

  /** `{base}api/v2/assets/{id}/content` on the profile's own base URL, mount prefix included. */
  private isContentEndpoint(url: string): boolean {
    const assets = this.http.urlFor('v2', 'api/v2/assets/');
    const target = URL.parse(url);
    if (target?.origin !== assets.origin || !target.pathname.startsWith(assets.pathname)) return false;
    return /^[^/]+\/content$/.test(target.pathname.slice(assets.pathname.length));
  }
}

/** An asset answer, its link made absolute against the URL that answered. */
async function assetOf(response: HttpResponse): Promise<Asset> {
  return absoluteAssetLink(await response.parse(AssetSchema, 'asset'), response.url);
}

async function createdAssetOf(response: HttpResponse): Promise<CreatedAsset> {
  return { asset: await assetOf(response), created: response.status === 201 };
}

/** The asset of a write that was read; any other outcome thrown as its error. */
function createdOrThrow(outcome: WriteOutcome<CreatedAsset>): CreatedAsset {
  if (outcome.kind === 'created') return outcome.value;
  throw outcome.error;
}

function assetPath(id: string): string {
  return `api/v2/assets/${segment(id)}`;
}

function rangeHeader(range: ByteRange): string {
  const valid =
    Number.isSafeInteger(range.start) &&
    range.start >= 0 &&
    (range.end === undefined || (Number.isSafeInteger(range.end) && range.end >= range.start));
  if (!valid) throw ApiError.invalidRequest('invalid_range', 'A byte range needs 0 <= start <= end.');
  return `bytes=${range.start}-${range.end ?? ''}`;
}
