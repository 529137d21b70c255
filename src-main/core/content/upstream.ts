// Fetches an asset's bytes from the service or its storage, with the Range passed through. A signed URL comes
// from the resolution cache; when storage refuses it (403 or 401: it expired early, the clocks disagree, it was
// revoked) the asset is resolved afresh once and the fetch repeated, so the user never sees the expiry.
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
    const clients = await this.options.locator.clients(profileId);
    // The resolution is shared by concurrent viewers, so one viewer going away must not cancel it.
    const resolve = (force: boolean): Promise<Resolution> =>
      this.options.resolutions.get(profileId, assetId, () => this.options.locator.resolve(clients, assetId), {
        force,
      });
    const first = await resolve(false);
    try {
      return await this.send(clients, assetId, first, range, signal);
    } catch (error) {
      if (first.route.kind !== 'signed' || !isStorageRefusal(error)) throw error;
      const fresh = await resolve(true);
      return await this.send(clients, assetId, fresh, range, signal);
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
  ): Promise<UpstreamBytes> {
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
    const response =
      route.kind === 'endpoint'
        ? await clients.http.send({ ...request, target: `api/v2/assets/${segment(assetId)}/content` })
        : await clients.storage.send({ ...request, target: route.url });
    return toUpstreamBytes(response, resolution.facts);
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
  const rawLength = response.headers.get('content-length');
  const contentLength = rawLength !== null && /^\d+$/.test(rawLength) ? Number(rawLength) : null;
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
