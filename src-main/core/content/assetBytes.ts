// The bytes of one asset for one viewer: from the disk cache when it holds them (no network at all), else
// from the service, filling the cache when the answer carries the whole file. Ranges are served from a
// complete cached file as well as passed through to the service.
import type { FileHandle } from 'node:fs/promises';
import { teeIntoCache } from './cacheFill';
import { contentRangeOf, resolveRange, unsatisfiedRangeOf, type RangeSpec } from './byteRange';
import { safeContentType } from './assetHeaders';
import type { AssetDiskCache, CachedFile } from './diskCache';
import { fileRangeStream } from './fileStream';
import type { UpstreamBytes, UpstreamFetcher } from './upstream';

export interface AssetBytesRequest {
  profileId: string;
  assetId: string;
  range: RangeSpec | null;
  /** HEAD: the same status and headers, no body. */
  headOnly: boolean;
  signal?: AbortSignal;
}

export interface AssetBytesReply {
  status: 200 | 206 | 416;
  /** Null for 416 and HEAD. */
  body: ReadableStream<Uint8Array> | null;
  contentType: string;
  contentLength: number | null;
  contentRange: string | null;
  source: 'cache' | 'network';
}

export interface AssetBytesDeps {
  upstream: UpstreamFetcher;
  cache: AssetDiskCache;
  /** The blake3 hash Loupe already knows for this asset (from the store), so a cached copy is found by it. */
  knownHash: (profileId: string, assetId: string) => string | null;
  logError: (message: string, error: unknown) => void;
}

export class AssetBytes {
  constructor(private readonly deps: AssetBytesDeps) {}

  async read(request: AssetBytesRequest): Promise<AssetBytesReply> {
    const knownHash = this.deps.knownHash(request.profileId, request.assetId);
    const cached = await this.deps.cache.open(request.profileId, request.assetId, knownHash);
    if (cached !== null) return replyFromFile(cached, request);
    const upstream = await this.deps.upstream.fetch(
      request.profileId,
      request.assetId,
      request.range,
      request.signal,
    );
    const contentType = safeContentType(upstream.contentType ?? upstream.facts?.contentType);
    const reply = {
      status: upstream.status,
      contentType,
      contentLength: upstream.contentLength,
      contentRange: upstream.contentRange,
      source: 'network' as const,
    };
    if (upstream.body === null) return { ...reply, body: null };
    if (request.headOnly) {
      await upstream.body.cancel();
      return { ...reply, body: null };
    }
    return { ...reply, body: this.withCacheFill(request, upstream, upstream.body, knownHash, contentType) };
  }

  private withCacheFill(
    request: AssetBytesRequest,
    upstream: UpstreamBytes,
    body: ReadableStream<Uint8Array>,
    knownHash: string | null,
    contentType: string,
  ): ReadableStream<Uint8Array> {
    if (!upstream.whole) return body;
    const fill = this.deps.cache.beginWrite({
      profileId: request.profileId,
      assetId: request.assetId,
      // The service's word of a moment ago beats the store's memory.
      hash: upstream.facts?.hash ?? knownHash,
      expectedSize: upstream.totalSize,
      contentType,
    });
    if (fill === null) return body;
    return teeIntoCache(body, fill.writer, fill.admit, this.deps.logError);
  }
}

/** A whole file Loupe holds (a cache entry, a Router run's saved media), served with Range as asked. */
export async function replyFromFile(
  cached: CachedFile,
  request: Pick<AssetBytesRequest, 'range' | 'headOnly'>,
): Promise<AssetBytesReply> {
  const range = resolveRange(request.range, cached.size);
  const base = { contentType: cached.contentType, source: 'cache' as const };
  if (range.kind === 'unsatisfiable') {
    await cached.handle.close();
    return {
      ...base,
      status: 416,
      body: null,
      contentLength: null,
      contentRange: unsatisfiedRangeOf(cached.size),
    };
  }
  const [start, end] = range.kind === 'full' ? [0, cached.size - 1] : [range.start, range.end];
  const reply = {
    ...base,
    status: range.kind === 'full' ? (200 as const) : (206 as const),
    contentLength: end - start + 1,
    contentRange: range.kind === 'full' ? null : contentRangeOf(start, end, cached.size),
  };
  return {
    ...reply,
    body: request.headOnly ? await closed(cached.handle) : fileRangeStream(cached.handle, start, end),
  };
}

async function closed(handle: FileHandle): Promise<null> {
  await handle.close();
  return null;
}
