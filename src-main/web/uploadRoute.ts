// The browser shell's upload route: PUT /upload-bytes/<capability>/<batchId>/<fileId>, the bytes of a file the
// page hashed and main planned to send (uploads.prepareBytes). The route checks the path and headers, then
// hands the request body to core (BytesUploads.receive), which streams it to the service with the page's hash
// as expected_hash. Guarded like the asset route by the per-launch capability (a wrong one is a plain 404),
// and by the page's own origin: a browser names it on every PUT, and another site's page cannot forge it.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { UploadOutcome } from '../../src-preload/contract';
import { BYTES_UPLOAD_ROUTE_PREFIX, UploadError, type BytesDelivery } from '../core/uploads';

export interface UploadRouteOptions {
  capability: string;
  /** core's BytesUploads (a fake in tests). */
  receiver: { receive(delivery: BytesDelivery): Promise<UploadOutcome> };
  logError?: (message: string) => void;
}

/** True when the path belongs to the upload route (answered here, whatever the outcome). */
export function isUploadRoutePath(pathname: string): boolean {
  return pathname.startsWith(BYTES_UPLOAD_ROUTE_PREFIX);
}

const idSegment = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
const pathSchema = z.tuple([z.string().min(1).max(200), idSegment, idSegment]);

const headersSchema = z.looseObject({
  // Required: the route refuses by size before it reads a byte, so a chunked body of unknown length is out.
  'content-length': z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
  origin: z.string().optional(),
});

/** What each refusal from core means in HTTP. */
const statusOf: Readonly<Record<string, number>> = {
  not_found: 404,
  not_awaiting_bytes: 409,
  too_large: 413,
  size_mismatch: 400,
  no_active_profile: 409,
};

export async function serveUploadRoute(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: UploadRouteOptions,
  hostOrigin: string,
): Promise<void> {
  try {
    await answer(req, res, pathname, options, hostOrigin);
  } catch (error) {
    if (error instanceof UploadError) {
      reply(res, statusOf[error.code] ?? 400, { error: { code: error.code, message: error.message } });
      return;
    }
    // Logged without the path: it carries the capability.
    (options.logError ?? console.error)(`browser shell: the upload route failed: ${String(error)}`);
    if (!res.headersSent) reply(res, 500, { error: { code: 'internal', message: 'Loupe hit an error.' } });
    else res.destroy();
  }
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: UploadRouteOptions,
  hostOrigin: string,
): Promise<void> {
  const segments = pathSchema.safeParse(pathname.slice(BYTES_UPLOAD_ROUTE_PREFIX.length).split('/'));
  if (!segments.success || !sameSecret(options.capability, segments.data[0])) {
    reply(res, 404, { error: { code: 'not_found', message: 'Not found.' } });
    return;
  }
  const [, batchId, fileId] = segments.data;
  if (req.method !== 'PUT') {
    reply(res, 405, { error: { code: 'method_not_allowed', message: 'Only PUT is accepted here.' } }, 'PUT');
    return;
  }
  const headers = headersSchema.safeParse(req.headers);
  if (!headers.success) {
    reply(res, 411, { error: { code: 'length_required', message: 'Send the body with a Content-Length.' } });
    return;
  }
  const { origin } = headers.data;
  if (origin !== undefined && origin !== hostOrigin) {
    reply(res, 403, { error: { code: 'forbidden_origin', message: 'Only Loupe’s own page may upload.' } });
    return;
  }
  // The page going away mid-body (cancel, a closed tab) stops the upstream request too.
  const page = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) page.abort();
  });
  const outcome = await options.receiver.receive({
    batchId,
    fileId,
    length: headers.data['content-length'],
    body: req,
    signal: page.signal,
  });
  reply(res, 200, { outcome });
}

/**
 * A short JSON answer. It may come before the body was read (a refusal, a service that answered early):
 * closing the connection then keeps the server from reading, and throwing away, what the page still sends.
 */
function reply(res: ServerResponse, status: number, body: unknown, allow?: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(res.req.complete ? {} : { connection: 'close' }),
    ...(allow === undefined ? {} : { allow }),
  });
  res.end(JSON.stringify(body));
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
