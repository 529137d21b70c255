// Serving bytes with single-range support (RFC 9110 §14), shared by the self-hosted content endpoint and the
// signed storage route. Multi-range requests and malformed headers are answered with the whole body, which the
// RFC allows and which every download client handles.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type RangeRequest =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' }; // syntactically invalid: ignore the header
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

export interface ServeOptions {
  contentType: string;
  etag: string;
  cacheControl: string;
  /** Writes the 416 body in the route's own dialect (v2 envelope or storage XML). */
  refuseRange: (headers: Record<string, string>) => void;
}

export function serveBytes(
  req: IncomingMessage,
  res: ServerResponse,
  bytes: Buffer,
  options: ServeOptions,
): void {
  const range = parseRange(req.headers.range, bytes.length);
  const common = {
    'accept-ranges': 'bytes',
    etag: options.etag,
    'cache-control': options.cacheControl,
  };
  if (range.kind === 'unsatisfiable') {
    options.refuseRange({ ...common, 'content-range': `bytes */${bytes.length}` });
    return;
  }
  const head = req.method === 'HEAD';
  if (range.kind === 'full') {
    res.writeHead(200, { ...common, 'content-type': options.contentType, 'content-length': bytes.length });
    res.end(head ? undefined : bytes);
    return;
  }
  const slice = bytes.subarray(range.start, range.end + 1);
  res.writeHead(206, {
    ...common,
    'content-type': options.contentType,
    'content-length': slice.length,
    'content-range': `bytes ${range.start}-${range.end}/${bytes.length}`,
  });
  res.end(head ? undefined : slice);
}
