// Small HTTP helpers shared by every simulator route module.
import type { IncomingMessage, ServerResponse } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`request body exceeds ${limitBytes} bytes`);
  }
}

/** Read a whole request body, refusing (and draining no further) past `limitBytes`. */
export async function readBody(req: IncomingMessage, limitBytes = 10 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limitBytes) {
      req.resume();
      throw new BodyTooLargeError(limitBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; reason: string };

export function parseJson(body: Buffer): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) as unknown };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'malformed JSON' };
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end();
}

/** The v2 error envelope: `{ error: { code, message, details } }` (job-and-asset-api.md, "Error envelope"). */
export function sendV2Error(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> | null = null,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error: { code, message, details } }, headers);
}

/** The v1 error body: `{ code, message }`. */
export function sendV1Error(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { code, message });
}

/** Match `/a/:b/c` style patterns; returns the named segments (URL-decoded) or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const expected = patternParts[i] ?? '';
    const actual = pathParts[i] ?? '';
    if (expected.startsWith(':')) {
      if (actual === '') return null;
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}
