// Serves asset bytes to the renderer on loupe-asset://<profileId>/<assetId> (the scheme is registered
// privileged and streaming in appProtocol.ts). All the work is core's AssetResponder; this only turns
// Electron's Request into an AssetRequest and the reply into a web Response, so a video element can seek
// (Range in, 206 out) and the renderer never sees where the bytes came from.
import type { AssetRequest, AssetResponderLike } from '../core/content';
import { ASSET_SCHEME, THUMBS_SEGMENT, routerMediaTargetOf } from '../core/content';
import { APP_SCHEME, APP_HOST } from './appOrigin';
import type { ProtocolHandlerHost } from './appProtocol';

/** The app's own origin may read asset bytes with fetch() (text previews); nothing else is named. */
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export async function serveAssetRequest(request: Request, responder: AssetResponderLike): Promise<Response> {
  const target = parseAssetUrl(request.url);
  if (target === null) {
    return new Response('Not found.', { status: 404, headers: { 'content-type': 'text/plain' } });
  }
  const reply = await responder.respond({
    ...target,
    method: request.method,
    range: request.headers.get('range'),
    signal: request.signal,
  });
  const headers = new Headers(reply.headers);
  headers.set('access-control-allow-origin', APP_ORIGIN);
  headers.set('access-control-expose-headers', 'content-length, content-range, accept-ranges');
  const body = request.method === 'HEAD' ? null : reply.body;
  if (body === null) await reply.body?.cancel();
  return new Response(body, { status: reply.status, headers });
}

export function handleAssetProtocol(protocol: ProtocolHandlerHost, responder: AssetResponderLike): void {
  protocol.handle(ASSET_SCHEME, (request) => serveAssetRequest(request, responder));
}

type UrlTarget =
  | Pick<Extract<AssetRequest, { kind?: 'asset' }>, 'profileId' | 'assetId'>
  | Pick<Extract<AssetRequest, { kind: 'thumb' }>, 'kind' | 'profileId' | 'assetId'>
  | Pick<Extract<AssetRequest, { kind: 'router-media' }>, 'kind' | 'profileId' | 'runId' | 'index'>;

/**
 * `loupe-asset://<profileId>/<assetId>`: the profile is the host, the asset the one path segment. A Router run's
 * saved media: `loupe-asset://<profileId>/router-media/<runId>/<index>`; a library thumbnail:
 * `loupe-asset://<profileId>/thumbs/<assetId>`.
 */
function parseAssetUrl(raw: string): UrlTarget | null {
  const url = URL.parse(raw);
  if (url === null || url.protocol !== `${ASSET_SCHEME}:` || url.search !== '' || url.username !== '') {
    return null;
  }
  const segments = url.pathname.split('/');
  if (segments[0] !== '' || url.hostname === '') return null;
  try {
    const profileId = decodeURIComponent(url.hostname);
    if (segments.length === 2 && segments[1] !== '') {
      return { profileId, assetId: decodeURIComponent(segments[1] ?? '') };
    }
    if (segments.length === 3 && segments[1] === THUMBS_SEGMENT && segments[2] !== '') {
      return { kind: 'thumb', profileId, assetId: decodeURIComponent(segments[2] ?? '') };
    }
    const media = routerMediaTargetOf(segments.slice(1).map((part) => decodeURIComponent(part)));
    return media === null ? null : { kind: 'router-media', profileId, ...media };
  } catch {
    return null;
  }
}
