// Reading a Router run answer: the model's native output, JSON or bytes under the partner's own
// Content-Type (NOTES "Result read"), plus the metering headers that come with it.
import type { HttpResponse } from './httpResponse';

export interface RunMeta {
  requestId: string | null;
  creditsUsed: number | null;
  /** Native fields the alternate provider could not express (never dropped silently). */
  droppedParams: string[];
  fallbackProvider: string | null;
  /** True when the answer came from the idempotency record rather than a new run. */
  replayed: boolean | null;
  /** US cents. */
  committedSpend: { limit: number | null; current: number | null; remaining: number | null };
}

export type RunResult =
  | { kind: 'json'; data: unknown; meta: RunMeta }
  | { kind: 'bytes'; contentType: string; body: ReadableStream<Uint8Array>; meta: RunMeta };

export function isJsonContentType(contentType: string): boolean {
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/**
 * Branches on Content-Type: JSON is parsed (a body over `maxJsonBytes` is a 'response_too_large' error, never
 * read whole), anything else is handed over as a stream.
 */
export async function readRunResult(response: HttpResponse, maxJsonBytes: number): Promise<RunResult> {
  const meta = readRunMeta(response.headers, response.requestId);
  if (isJsonContentType(response.contentType)) {
    return { kind: 'json', data: await response.json(maxJsonBytes), meta };
  }
  return {
    kind: 'bytes',
    contentType: response.contentType || 'application/octet-stream',
    body: response.stream(),
    meta,
  };
}

export function readRunMeta(headers: Headers, requestId: string | null): RunMeta {
  const replayed = headers.get('idempotent-replayed');
  return {
    requestId,
    creditsUsed: numberHeader(headers, 'x-svc-credits-used'),
    droppedParams: (headers.get('x-svc-router-dropped-params') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    fallbackProvider: headers.get('x-svc-router-fallback-provider'),
    replayed: replayed === null ? null : replayed.trim().toLowerCase() === 'true',
    committedSpend: {
      limit: numberHeader(headers, 'x-committed-spend-limit'),
      current: numberHeader(headers, 'x-committed-spend-current'),
      remaining: numberHeader(headers, 'x-committed-spend-remaining'),
    },
  };
}

function numberHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
