// The upload route's rules, the same for both hosts that serve it: the browser shell's Node http route
// (web/uploadRoute.ts) and Electron's loupe-app:// route (bytesFetchRoute.ts). A page PUTs the bytes of a file
// it hashed and main planned to send (uploads.prepareBytes) to `/upload-bytes/<capability>/<batchId>/<fileId>`.
// Checked here, before a byte is read: the path and its per-launch capability (a wrong one is a plain 404),
// the method, the declared length and the page's origin. Answered here: what each refusal from core means in
// HTTP, and the JSON bodies both hosts send.
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { UploadOutcome } from '../../../src-shared/contract';
import type { BytesDelivery } from './bytesBatches';
import { BYTES_UPLOAD_ROUTE_PREFIX } from './bytesUpload';
import { UploadError } from './uploadErrors';

/**
 * The page's own statement of the body's length, sent beside Content-Length. Electron's protocol handler
 * never sees a Content-Length (the network stack adds that header after the handler's copy of the request is
 * made), so without this the route could not refuse by size before it reads.
 */
export const BYTES_LENGTH_HEADER = 'x-loupe-length';

/** core's BytesUploads (a fake in tests). */
export interface BytesReceiver {
  receive(delivery: BytesDelivery): Promise<UploadOutcome>;
}

export interface BytesRouteOptions {
  capability: string;
  receiver: BytesReceiver;
  logError?: (message: string) => void;
}

export type BytesRouteBody = { outcome: UploadOutcome } | { error: { code: string; message: string } };

/** One answer of the route: its status, its JSON body, and for a 405 the method it takes. */
export interface BytesRouteAnswer {
  status: number;
  body: BytesRouteBody;
  allow?: string;
}

/** What the checks need of a request, whichever host received it. */
export interface BytesRouteRequest {
  pathname: string;
  method: string;
  /** A header's value (names lower case); undefined when absent. */
  header(name: string): string | undefined;
  /** Whatever names the page's origin (the Origin header; in Electron, the initiator Chromium reports). */
  origins: readonly (string | undefined)[];
}

export type BytesRouteCheck =
  | { kind: 'refuse'; answer: BytesRouteAnswer }
  | { kind: 'accept'; batchId: string; fileId: string; length: number };

/** Headers of every answer: JSON, never cached, never sniffed, never embedded by another origin. */
export const BYTES_ROUTE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

/** True when the path belongs to the upload route (answered by it, whatever the outcome). */
export function isBytesRoutePath(pathname: string): boolean {
  return pathname.startsWith(BYTES_UPLOAD_ROUTE_PREFIX);
}

const idSegment = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
const pathSchema = z.tuple([z.string().min(1).max(200), idSegment, idSegment]);
const lengthSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

const refusal = (status: number, code: string, message: string): BytesRouteAnswer => ({
  status,
  body: { error: { code, message } },
});

export const NOT_FOUND_ANSWER = refusal(404, 'not_found', 'Not found.');
export const INTERNAL_ANSWER = refusal(500, 'internal', 'Loupe hit an error.');

/** Everything decided before the body is read, in the order the browser shell always answered it. */
export function checkBytesRequest(
  request: BytesRouteRequest,
  capability: string,
  pageOrigin: string,
): BytesRouteCheck {
  const segments = pathSchema.safeParse(request.pathname.slice(BYTES_UPLOAD_ROUTE_PREFIX.length).split('/'));
  if (!isBytesRoutePath(request.pathname) || !segments.success || !sameSecret(capability, segments.data[0])) {
    return { kind: 'refuse', answer: NOT_FOUND_ANSWER };
  }
  const [, batchId, fileId] = segments.data;
  if (request.method !== 'PUT') {
    const answer = refusal(405, 'method_not_allowed', 'Only PUT is accepted here.');
    return { kind: 'refuse', answer: { ...answer, allow: 'PUT' } };
  }
  const length = declaredLength(request);
  if (length === 'missing') {
    const message = `Send the body with its length (Content-Length or ${BYTES_LENGTH_HEADER}).`;
    return { kind: 'refuse', answer: refusal(411, 'length_required', message) };
  }
  if (length === 'conflicting') {
    const message = `Content-Length and ${BYTES_LENGTH_HEADER} name different lengths.`;
    return { kind: 'refuse', answer: refusal(400, 'length_mismatch', message) };
  }
  // The page's own origin must be named, and nothing else may be: a request with no Origin at all (a script
  // outside any browser, or a tool that found the address) is refused like a foreign one.
  const named = request.origins.filter((origin) => origin !== undefined);
  if (named.length === 0 || named.some((origin) => origin !== pageOrigin)) {
    const answer = refusal(403, 'forbidden_origin', 'Only Loupe’s own page may upload.');
    return { kind: 'refuse', answer };
  }
  return { kind: 'accept', batchId, fileId, length };
}

/** Content-Length, or the page's own header where the host cannot see one; both, when given, must agree. */
function declaredLength(request: BytesRouteRequest): number | 'missing' | 'conflicting' {
  const given = [request.header('content-length'), request.header(BYTES_LENGTH_HEADER)].filter(
    (value) => value !== undefined,
  );
  const lengths = new Set<number>();
  for (const value of given) {
    const parsed = lengthSchema.safeParse(value);
    if (!parsed.success) return 'missing';
    lengths.add(parsed.data);
  }
  const [length] = lengths;
  if (length === undefined) return 'missing';
  return lengths.size === 1 ? length : 'conflicting';
}

/** What each refusal from core means in HTTP. */
const statusOf: Readonly<Record<string, number>> = {
  not_found: 404,
  not_awaiting_bytes: 409,
  too_large: 413,
  size_mismatch: 400,
  no_active_profile: 409,
};

/** The file's outcome, whatever it is: the bytes were taken, and what became of them is in the body. */
export function answerForOutcome(outcome: UploadOutcome): BytesRouteAnswer {
  return { status: 200, body: { outcome } };
}

/** A refusal from core as an answer; null for anything else (a bug: the host logs it and answers 500). */
export function answerForError(error: unknown): BytesRouteAnswer | null {
  if (!(error instanceof UploadError)) return null;
  return refusal(statusOf[error.code] ?? 400, error.code, error.message);
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
