// Fetches an asset's bytes from the service or its storage, with the Range passed through. A signed URL comes
// from the resolution cache; when storage refuses it (403 or 401: it expired early, the clocks disagree, it was
// revoked) the asset is resolved afresh once and the fetch repeated, so the user never sees the expiry.
import type { Readable } from 'node:stream';
import { ApiError, isApiError, type HttpResponse } from '../api';
import { segment } from '../api/urls';
import type { AssetLocator, ProfileClients } from './assetLocator';
import { parseContentRange, rangeHeaderOf, type RangeSpec } from './byteRange';
import type { AssetFacts, Resolution, SignedUrlCache } from './signedUrlCache';

export interface UpstreamBytes {
  status: 200 | 206 | 416;
  /** Null for 416. */
  body: ReadableStream<Uint8Array> | null;
  contentType: string | null;
  contentLength: number | null;
  contentRange: string | null;
  /** The asset's full size when the answer tells it (a 200's length, a Content-Range total). */
  totalSize: number | null;
  /** Whether this answer carries every byte of the asset (so it may fill the disk cache). */
  whole: boolean;
  facts: AssetFacts | null;
}

/** An asset's whole file as a Node stream (keeping writes it straight to disk). */
export interface WholeBytes {
  body: Readable;
  contentType: string | null;
  /** The length the answer announced, or null when it did not (chunked). */
  contentLength: number | null;
  facts: AssetFacts | null;
}

export interface UpstreamOptions {
  locator: AssetLocator;
  resolutions: SignedUrlCache;
  /** Time to reach the bytes (not to read them all); default 30 s. */
  timeoutMs?: number;
}

export class UpstreamFetcher {
  constructor(private readonly options: UpstreamOptions) {}

  async fetch(
    profileId: string,
    assetId: string,
    range: RangeSpec | null,
    signal?: AbortSignal,
  ): Promise<UpstreamBytes> {
    const { response, facts } = await this.request(profileId, assetId, range, signal, false);
    return toUpstreamBytes(response, facts);
  }

  /**
   * The whole file, its body a Node stream carried by the bulk transport (nodeFetch.ts); any answer but a
   * 200 is an 'invalid-response' error, its body released.
   */
  async fetchWhole(profileId: string, assetId: string, signal?: AbortSignal): Promise<WholeBytes> {
    const { response, facts } = await this.request(profileId, assetId, null, signal, true);
    if (response.status !== 200) {
      await response.discard();
      throw ApiError.invalidResponse(
        `The service answered ${response.status} instead of the whole file.`,
        response.status,
        response.requestId,
      );
    }
    return {
      body: response.nodeStream(),
      contentType: response.headers.get('content-type'),
      contentLength: lengthOf(response),
      facts,
    };
  }

  private async request(
    profileId: string,
    assetId: string,
    range: RangeSpec | null,
    signal: AbortSignal | undefined,
    bulk: boolean,
  ): Promise<{ response: HttpResponse; facts: AssetFacts | null }> {
    const clients = await this.options.locator.clients(profileId, { bulk });
    // The resolution is shared by concurrent viewers, so one viewer going away must not cancel it.
    const resolve = (force: boolean): Promise<Resolution> =>
      this.options.resolutions.get(profileId, assetId, () => this.options.locator.resolve(clients, assetId), {
        force,
      });
    const first = await resolve(false);
    try {
      return { response: await this.send(clients, assetId, first, range, signal), facts: first.facts };
    } catch (error) {
      if (first.route.kind !== 'signed' || !isStorageRefusal(error)) throw error;
      const fresh = await resolve(true);
      return { response: await this.send(clients, assetId, fresh, range, signal), facts: fresh.facts };
    }
  }

  /** A signed URL resolved just now (for "copy link"); null on a surface that has none. */
  async freshLink(
    profileId: string,
    assetId: string,
  ): Promise<{ url: string; expiresAt: string | null } | null> {
    const clients = await this.options.locator.clients(profileId);
    if (clients.surface === 'self-hosted') return null;
    const { route } = await this.options.resolutions.get(
      profileId,
      assetId,
      () => this.options.locator.resolve(clients, assetId),
      { force: true },
    );
    return route.kind === 'signed' ? { url: route.url, expiresAt: route.statedExpiresAt } : null;
  }

  private async send(
    clients: ProfileClients,
    assetId: string,
    resolution: Resolution,
    range: RangeSpec | null,
    signal: AbortSignal | undefined,
  ): Promise<HttpResponse> {
    // identity: a compressed answer's Content-Length would not match the bytes fetch hands us.
    const headers: Record<string, string> = { accept: '*/*', 'accept-encoding': 'identity' };
    if (range !== null) headers.range = rangeHeaderOf(range);
    const request = {
      family: 'v2' as const,
      method: 'GET' as const,
      headers,
      acceptStatuses: [416],
      timeoutMs: this.options.timeoutMs ?? 30_000,
      ...(signal === undefined ? {} : { signal }),
    };
    const { route } = resolution;
    return route.kind === 'endpoint'
      ? await clients.http.send({ ...request, target: `api/v2/assets/${segment(assetId)}/content` })
      : await clients.storage.send({ ...request, target: route.url });
  }
}

function isStorageRefusal(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && (error.status === 403 || error.status === 401);
}

async function toUpstreamBytes(response: HttpResponse, facts: AssetFacts | null): Promise<UpstreamBytes> {
  const contentRange = response.headers.get('content-range');
  const parsedRange = parseContentRange(contentRange);
  const common = { contentType: response.headers.get('content-type'), contentRange, facts };
  if (response.status === 416) {
    await response.discard();
    const size = parsedRange !== null && 'unsatisfied' in parsedRange ? parsedRange.size : facts?.sizeBytes;
    return {
      ...common,
      status: 416,
      body: null,
      contentLength: null,
      totalSize: size ?? null,
      whole: false,
    };
  }
  const contentLength = lengthOf(response);
  if (response.status === 200) {
    const totalSize = contentLength ?? facts?.sizeBytes ?? null;
    return { ...common, status: 200, body: response.stream(), contentLength, totalSize, whole: true };
  }
  if (response.status === 206 && parsedRange !== null && !('unsatisfied' in parsedRange)) {
    const whole =
      parsedRange.size !== null && parsedRange.start === 0 && parsedRange.end === parsedRange.size - 1;
    return {
      ...common,
      status: 206,
      body: response.stream(),
      contentLength,
      totalSize: parsedRange.size,
      whole,
    };
  }
  await response.discard();
  throw ApiError.invalidResponse(
    'The service answered the content request without the bytes.',
    response.status,
    response.requestId,
  );
}

function lengthOf(response: HttpResponse): number | null {
  const raw = response.headers.get('content-length');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
}
