// Media a partner model hands out as signed links, like a CDN's pre-signed GET:
// `<origin>/_storage/<key>?ct=image%2Fpng&exp=<ms>&sig=<mac>`. The key has no extension and the output carries no
// content_type beside the link: only the query hints the type, and only storage's own Content-Type says it. The
// signature covers the method (GET), the key, the type and the expiry, so a HEAD is refused as an object store
// refuses a HEAD on a GET-signed URL, and the link dies quickly (a minute by default): a client that wants what it
// paid for must save it at once. Storage reads only the link, never a credential.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { serveBytes } from '../assets/byteRange';
import type { RouteContext } from '../types';

export const SIGNED_MEDIA_PREFIX = '/_storage/';

/** Bytes a run made, to be linked from its output at `path` (object keys and array indexes, outermost first). */
export interface PendingMedium {
  path: readonly (string | number)[];
  bytes: Buffer;
  contentType: string;
}

/** Older blobs are forgotten past this many; their links then answer NoSuchKey, as a purged CDN object would. */
const MAX_BLOBS = 2000;
const KEY = /^[0-9a-f]{32}$/;

function storageError(res: ServerResponse, status: number, code: string, message: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export class SignedMediaStore {
  private readonly secret = randomBytes(32);
  private readonly blobs = new Map<string, Buffer>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  /** A fresh signed link to `medium`'s bytes, valid for the store's lifetime of a link from now. */
  mint(origin: string, medium: PendingMedium): string {
    const key = createHash('sha256').update(medium.bytes).digest('hex').slice(0, 32);
    this.blobs.delete(key);
    this.blobs.set(key, medium.bytes);
    for (const oldest of this.blobs.keys()) {
      if (this.blobs.size <= MAX_BLOBS) break;
      this.blobs.delete(oldest);
    }
    const expires = String(this.now() + this.ttlMs);
    const query = new URLSearchParams({ ct: medium.contentType, exp: expires });
    query.set('sig', this.mac('GET', key, medium.contentType, expires));
    return `${origin}${SIGNED_MEDIA_PREFIX}${key}?${query.toString()}`;
  }

  /** GET /_storage/<key>?ct&exp&sig. False when the request is not one of these links (the asset storage's then). */
  handle(ctx: RouteContext): boolean {
    const key = ctx.path.slice(SIGNED_MEDIA_PREFIX.length);
    const query = ctx.url.searchParams;
    const sig = query.get('sig');
    if (!ctx.path.startsWith(SIGNED_MEDIA_PREFIX) || !KEY.test(key) || sig === null) return false;
    const contentType = query.get('ct') ?? '';
    const expires = query.get('exp') ?? '';
    const method = ctx.req.method ?? 'GET';
    const expected = Buffer.from(this.mac(method, key, contentType, expires));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      storageError(
        ctx.res,
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
      return true;
    }
    if (!/^\d{1,15}$/.test(expires) || this.now() >= Number(expires)) {
      storageError(ctx.res, 403, 'AccessDenied', 'Request has expired.');
      return true;
    }
    const bytes = this.blobs.get(key);
    if (bytes === undefined) {
      storageError(ctx.res, 404, 'NoSuchKey', 'The specified key does not exist.');
      return true;
    }
    serveBytes(ctx.req, ctx.res, bytes, {
      contentType,
      etag: `"${key}"`,
      cacheControl: `private, max-age=${Math.max(0, Math.floor((Number(expires) - this.now()) / 1000))}`,
      refuseRange: () =>
        storageError(ctx.res, 416, 'InvalidRange', 'The requested range is not satisfiable.'),
    });
    return true;
  }

  private mac(method: string, key: string, contentType: string, expires: string): string {
    return createHmac('sha256', this.secret)
      .update(`${method}\n${key}\n${contentType}\n${expires}`)
      .digest('base64url');
  }
}

/** `value` with a fresh signed link written at each medium's path (the value itself is left as it was). */
export function withSignedLinks(
  value: unknown,
  media: readonly PendingMedium[],
  link: (medium: PendingMedium) => string,
): unknown {
  const copy: unknown = structuredClone(value);
  for (const medium of media) {
    let holder: unknown = copy;
    for (const step of medium.path.slice(0, -1)) {
      holder =
        typeof holder === 'object' && holder !== null ? (holder as Record<string, unknown>)[step] : null;
    }
    const last = medium.path.at(-1);
    if (typeof holder === 'object' && holder !== null && last !== undefined) {
      (holder as Record<string | number, unknown>)[last] = link(medium);
    }
  }
  return copy;
}
