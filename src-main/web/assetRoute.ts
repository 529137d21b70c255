// The browser shell's asset route: GET /asset-bytes/<profile capability>/<profileId>/<assetId> (an entry's library
// thumbnail at …/<profileId>/thumbs/<assetId>, and a Router run's saved media at …/<profileId>/router-media/<runId>/<index>), the same bytes, statuses and headers as Electron's
// loupe-asset:// scheme (core's AssetResponder does the work). The capability is a
// per-launch random secret of its own, not the WebSocket token: an <img src> cannot carry a header, so the
// secret sits in the path, and if an asset URL leaks (a copied image address, a log) the contract stays shut.
// A wrong or missing capability is an ordinary 404, so the route does not even admit it exists.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AssetRequest, AssetResponderLike } from '../core/content';
import { ASSET_ROUTE_PREFIX, THUMBS_SEGMENT, profileCapability, routerMediaTargetOf } from '../core/content';

export interface AssetRouteOptions {
  capability: string;
  responder: AssetResponderLike;
  logError?: (message: string) => void;
}

/** True when the path belongs to the asset route (answered here, whatever the outcome). */
export function isAssetRoutePath(pathname: string): boolean {
  return pathname.startsWith(ASSET_ROUTE_PREFIX);
}

export async function serveAssetRoute(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: AssetRouteOptions,
): Promise<void> {
  try {
    await answer(req, res, pathname, options);
  } catch (error) {
    // Logged without the path: it carries the capability.
    (options.logError ?? console.error)(`browser shell: the asset route failed: ${String(error)}`);
    if (!res.headersSent) res.writeHead(500).end();
    else res.destroy();
  }
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: AssetRouteOptions,
): Promise<void> {
  const target = parseAssetPath(pathname, options.capability);
  if (target === null) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
    res.end('Not found');
    return;
  }
  // The viewer going away (a video seeking elsewhere, a closed tab) stops the upstream download too.
  const viewer = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) viewer.abort();
  });
  const reply = await options.responder.respond({
    ...target,
    method: req.method ?? 'GET',
    range: typeof req.headers.range === 'string' ? req.headers.range : null,
    signal: viewer.signal,
  });
  res.writeHead(reply.status, { ...reply.headers, 'cross-origin-resource-policy': 'same-origin' });
  if (req.method === 'HEAD' || reply.body === null) {
    await reply.body?.cancel();
    res.end();
    return;
  }
  await pump(reply.body, res, viewer.signal);
}

/** Writes a web stream to the response with backpressure; stops reading when the viewer is gone. */
async function pump(body: ReadableStream<Uint8Array>, res: ServerResponse, gone: AbortSignal): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      if (gone.aborted) {
        await reader.cancel();
        return;
      }
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await drained(res, gone);
    }
    res.end();
  } catch {
    // Headers are out: all that is left is to cut the connection so the viewer knows the body is short.
    await reader.cancel().catch(() => undefined);
    res.destroy();
  }
}

function drained(res: ServerResponse, gone: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      gone.removeEventListener('abort', done);
      resolve();
    };
    res.once('drain', done);
    gone.addEventListener('abort', done, { once: true });
  });
}

type RouteTarget =
  | Pick<Extract<AssetRequest, { kind?: 'asset' }>, 'profileId' | 'assetId'>
  | Pick<Extract<AssetRequest, { kind: 'thumb' }>, 'kind' | 'profileId' | 'assetId'>
  | Pick<Extract<AssetRequest, { kind: 'router-media' }>, 'kind' | 'profileId' | 'runId' | 'index'>;

function parseAssetPath(pathname: string, capability: string): RouteTarget | null {
  const segments = pathname.slice(ASSET_ROUTE_PREFIX.length).split('/');
  if (segments.length < 3 || segments.length > 5) return null;
  const [given = '', profileSegment = '', ...rest] = segments;
  try {
    const profileId = decodeURIComponent(profileSegment);
    // The secret in the path is the named profile's own: a URL of one profile's opens no other's.
    if (!sameSecret(profileCapability(capability, profileId), given)) return null;
    if (rest.length === 1) return { profileId, assetId: decodeURIComponent(rest[0] ?? '') };
    if (rest.length === 2) {
      // The asset id is checked by the responder like any other (isAssetPath): `..` and slashes never pass.
      return rest[0] === THUMBS_SEGMENT
        ? { kind: 'thumb', profileId, assetId: decodeURIComponent(rest[1] ?? '') }
        : null;
    }
    const media = routerMediaTargetOf(rest.map((part) => decodeURIComponent(part)));
    return media === null ? null : { kind: 'router-media', profileId, ...media };
  } catch {
    return null;
  }
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
