// Asset bytes: the authenticated content endpoint, and the signed storage route it redirects to on managed and
// serverless. The storage route imitates an object store: it reads only its token, never credentials, and
// refuses in the store's own plain XML, not the API's error envelope.
import type { ServerResponse } from 'node:http';
import { sendV2Error } from '../http';
import type { RouteContext, Surface } from '../types';
import type { AssetPresenter } from './assetPresenter';
import type { AssetRecord, AssetStore, StoredBlob } from './assetStore';
import { serveBytes } from './byteRange';
import { STORAGE_PATH_PREFIX, type StorageSigner } from './signedUrls';

export interface ContentDeps {
  surface: Surface;
  store: AssetStore;
  presenter: AssetPresenter;
  signer: StorageSigner;
  now: () => number;
}

/** GET/HEAD /api/v2/assets/{id}/content for an authorised caller's live asset. */
export function serveAssetContent(
  ctx: RouteContext,
  deps: ContentDeps,
  record: AssetRecord,
  blob: StoredBlob,
): void {
  if (deps.surface === 'self-hosted') {
    serveBytes(ctx.req, ctx.res, blob.bytes, {
      contentType: record.contentType,
      etag: `"${blob.hex}"`,
      cacheControl: 'private, no-cache',
      refuseRange: (headers) =>
        sendV2Error(
          ctx.res,
          416,
          'range_not_satisfiable',
          'the requested range is outside the content',
          {
            size_bytes: blob.bytes.length,
          },
          headers,
        ),
    });
    return;
  }
  // A fresh URL on every call (spec: "302 to a fresh signed URL"); the redirect itself must not be cached.
  const { url } = deps.presenter.signedUrl(record, blob, ctx);
  ctx.res.writeHead(302, { location: url, 'cache-control': 'no-store', 'content-length': 0 });
  ctx.res.end();
}

function sendStorageError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers = {},
): void {
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`;
  res.writeHead(status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/** GET/HEAD /_storage/<token>. Returns false for paths outside the storage namespace. */
export function handleStorageRequest(ctx: RouteContext, deps: ContentDeps): boolean {
  if (!ctx.path.startsWith(STORAGE_PATH_PREFIX)) return false;
  const method = ctx.req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    sendStorageError(ctx.res, 405, 'MethodNotAllowed', 'The specified method is not allowed.', {
      allow: 'GET, HEAD',
    });
    return true;
  }
  const token = ctx.path.slice(STORAGE_PATH_PREFIX.length);
  const check = deps.signer.verify(token, deps.now());
  if (!check.ok) {
    const message =
      check.reason === 'expired'
        ? 'Request has expired.'
        : 'The request signature we calculated does not match the signature you provided.';
    sendStorageError(
      ctx.res,
      403,
      check.reason === 'expired' ? 'AccessDenied' : 'SignatureDoesNotMatch',
      message,
    );
    return true;
  }
  const { grant } = check;
  // A signed URL names the blob: it keeps working while those bytes exist, like an object-store key.
  const blob = deps.store.blobByHex(grant.blobHex);
  if (!blob) {
    sendStorageError(ctx.res, 404, 'NoSuchKey', 'The specified key does not exist.');
    return true;
  }
  serveBytes(ctx.req, ctx.res, blob.bytes, {
    contentType: grant.contentType,
    etag: `"${blob.hex}"`,
    cacheControl: `private, max-age=${Math.max(0, Math.floor((grant.expiresAtMs - deps.now()) / 1000))}`,
    refuseRange: (headers) =>
      sendStorageError(ctx.res, 416, 'InvalidRange', 'The requested range is not satisfiable.', headers),
  });
  return true;
}
