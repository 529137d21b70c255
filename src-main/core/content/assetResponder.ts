// The asset route's request → response logic, shared by both hosts: Electron's loupe-asset:// handler and the
// browser shell's /asset-bytes/<capability>/ path turn their request into an AssetRequest and send back what this
// returns. Plain data and a web stream, so neither host adds behaviour of its own. Failures are answered with a
// status and a short plain-text reason; a URL, a credential or a raw service message never appears in them.
import { assetIdArgSchema } from '../../../src-shared/contracts/assets';
import { isApiError } from '../api';
import { ProfileError } from '../profiles';
import { assetSecurityHeaders, isDocumentLike, THUMB_CACHE_CONTROL } from './assetHeaders';
import { replyFromFile, type AssetBytes, type AssetBytesReply } from './assetBytes';
import { parseRangeHeader } from './byteRange';
import type { LibraryRouteSource } from './librarySource';
import type { RouterMediaSource } from './routerMediaRoute';

interface RouteRequest {
  method: string;
  profileId: string;
  /** The Range header as received, or null. */
  range: string | null;
  /** Aborted when the viewer goes away: the upstream download stops too. */
  signal?: AbortSignal;
}

/**
 * An asset's bytes (`<profileId>/<assetId>`), its library thumbnail (`<profileId>/thumbs/<assetId>`), or a Router
 * run's saved media (`<profileId>/router-media/…`).
 */
export type AssetRequest =
  | (RouteRequest & { kind?: 'asset'; assetId: string })
  | (RouteRequest & { kind: 'thumb'; assetId: string })
  | (RouteRequest & { kind: 'router-media'; runId: string; index: number });

/** The route's sub-path for thumbnails. */
export const THUMBS_SEGMENT = 'thumbs';

export interface AssetReply {
  status: number;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array> | null;
}

/** What a host needs of the responder (so host tests can pass a fake). */
export type AssetResponderLike = Pick<AssetResponder, 'respond'>;

const profileIdPattern = /^[A-Za-z0-9._-]{1,200}$/;

/** Both hosts check the ids they parse from a path with this before anything else happens. */
export function isAssetPath(profileId: string, assetId: string): boolean {
  return profileIdPattern.test(profileId) && assetIdArgSchema.safeParse(assetId).success;
}

export class AssetResponder {
  constructor(
    private readonly bytes: AssetBytes,
    private readonly logError: (message: string, error: unknown) => void,
    private readonly routerMedia: RouterMediaSource | null = null,
    private readonly library: LibraryRouteSource | null = null,
  ) {}

  async respond(request: AssetRequest): Promise<AssetReply> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(405, 'Only GET and HEAD are served here.', { allow: 'GET, HEAD' });
    }
    if (request.kind === 'router-media') return this.respondRouterMedia(request);
    if (!isAssetPath(request.profileId, request.assetId)) return plain(404, 'Not found.');
    if (request.kind === 'thumb') return this.respondThumb(request);
    try {
      // A kept copy first: it outlives the service's retention and needs no network.
      const kept = await this.library?.openKept(request.profileId, request.assetId);
      if (kept !== undefined && kept !== null) {
        const fromLibrary = await replyFromFile(kept, {
          range: parseRangeHeader(request.range),
          headOnly: request.method === 'HEAD',
        });
        return { status: fromLibrary.status, headers: replyHeaders(fromLibrary), body: fromLibrary.body };
      }
      const reply = await this.bytes.read({
        profileId: request.profileId,
        assetId: request.assetId,
        range: parseRangeHeader(request.range),
        headOnly: request.method === 'HEAD',
        ...(request.signal === undefined ? {} : { signal: request.signal }),
      });
      return { status: reply.status, headers: replyHeaders(reply), body: reply.body };
    } catch (error) {
      return this.failure(error);
    }
  }

  /** A library thumbnail: a small WebP made locally, or the reason there is none. */
  private async respondThumb(request: Extract<AssetRequest, { kind: 'thumb' }>): Promise<AssetReply> {
    if (this.library === null) return plain(404, 'Not found.');
    try {
      const answer = await this.library.thumb(request.profileId, request.assetId, request.signal);
      switch (answer.kind) {
        case 'missing':
          return plain(404, 'This output is not in the library.');
        case 'failed':
          return plain(422, answer.message);
        case 'unsupported':
          return plain(415, answer.message);
        case 'unavailable':
          return plain(503, answer.message);
        case 'file': {
          const reply = await replyFromFile(answer.file, {
            range: parseRangeHeader(request.range),
            headOnly: request.method === 'HEAD',
          });
          const headers = replyHeaders(reply);
          if (reply.status === 200) headers['cache-control'] = THUMB_CACHE_CONTROL;
          return { status: reply.status, headers, body: reply.body };
        }
      }
    } catch (error) {
      return this.failure(error);
    }
  }

  /** A Router run's saved media: local files only, so the only answers are the bytes or "not found". */
  private async respondRouterMedia(
    request: Extract<AssetRequest, { kind: 'router-media' }>,
  ): Promise<AssetReply> {
    if (this.routerMedia === null || !profileIdPattern.test(request.profileId))
      return plain(404, 'Not found.');
    try {
      const file = await this.routerMedia.open(request.profileId, request.runId, request.index);
      if (file === null) return plain(404, 'Not found.');
      const reply = await replyFromFile(file, {
        range: parseRangeHeader(request.range),
        headOnly: request.method === 'HEAD',
      });
      return { status: reply.status, headers: replyHeaders(reply), body: reply.body };
    } catch (error) {
      this.logError('The Router media route failed', error);
      return plain(500, 'Loupe could not serve this file.');
    }
  }

  private failure(error: unknown): AssetReply {
    if (error instanceof ProfileError) {
      return error.code === 'demo_not_running'
        ? plain(503, 'The Demo server is not running.')
        : plain(404, 'There is no such profile.');
    }
    if (isApiError(error)) {
      if (error.kind === 'http' && (error.status === 404 || error.status === 410)) {
        return plain(404, 'The service has no such asset (deleted, expired, or another account’s).');
      }
      if (error.kind === 'http' && (error.status === 401 || error.status === 403)) {
        return plain(403, 'The service refused access to this asset. Check the profile’s credential.');
      }
      if (error.kind === 'timeout') return plain(504, 'The service did not answer in time.');
      if (error.kind === 'invalid-request') return plain(400, 'This asset id cannot be requested.');
      return plain(502, 'The asset could not be fetched from the service.');
    }
    if (wasAborted(error)) return plain(499, 'The request was cancelled.');
    this.logError('The asset route failed', error);
    return plain(500, 'Loupe could not serve this asset.');
  }
}

function replyHeaders(reply: AssetBytesReply): Record<string, string> {
  const headers: Record<string, string> = {
    ...assetSecurityHeaders(),
    'accept-ranges': 'bytes',
  };
  if (reply.status !== 416) headers['content-type'] = reply.contentType;
  if (reply.contentLength !== null) headers['content-length'] = String(reply.contentLength);
  if (reply.contentRange !== null) headers['content-range'] = reply.contentRange;
  // A document-like output opened from the route is downloaded rather than shown (the CSP sandbox already
  // keeps it from running script; this keeps it from rendering at all).
  if (isDocumentLike(reply.contentType)) headers['content-disposition'] = 'attachment';
  return headers;
}

function plain(status: number, message: string, extra: Record<string, string> = {}): AssetReply {
  const bytes = new TextEncoder().encode(message);
  return {
    status,
    headers: {
      ...assetSecurityHeaders(),
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(bytes.byteLength),
      ...extra,
    },
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
  };
}

function wasAborted(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
