// What a request can carry, and how each kind goes on the wire. Bodies are described, not built, so
// the retry loop can build a fresh one per attempt, and knows when it cannot (a one-shot stream).
import { randomUUID } from 'node:crypto';
import { toBytes, type OpenBytes } from './byteSource';
import { encodeMultipart, type MultipartPart } from './multipart';

export type RequestBody =
  | { kind: 'json'; value: unknown }
  | {
      kind: 'stream';
      contentType: string;
      open: OpenBytes;
      /** Sent as Content-Length when known, otherwise the body goes chunked. */
      length?: number;
      /** False for a source that can be read only once: the request is then never retried. */
      replayable: boolean;
    }
  | {
      kind: 'multipart';
      parts: readonly MultipartPart[];
      /** File bytes handed to the connection so far, and the total when every file's size is known. */
      onProgress?: (sentBytes: number, totalBytes: number | null) => void;
    };

export interface EncodedBody {
  body: AsyncIterable<Uint8Array> | string | undefined;
  headers: Record<string, string>;
  /** Streams need half-duplex in undici. */
  streaming: boolean;
}

export function isReplayable(body: RequestBody | undefined): boolean {
  if (body === undefined || body.kind === 'json') return true;
  if (body.kind === 'stream') return body.replayable;
  return body.parts.every((part) => part.kind === 'field' || part.replayable);
}

export function encodeBody(body: RequestBody | undefined): EncodedBody {
  if (body === undefined) return { body: undefined, headers: {}, streaming: false };
  switch (body.kind) {
    case 'json':
      return {
        body: JSON.stringify(body.value),
        headers: { 'content-type': 'application/json' },
        streaming: false,
      };
    case 'stream': {
      const headers: Record<string, string> = { 'content-type': body.contentType };
      if (body.length !== undefined) headers['content-length'] = String(body.length);
      return { body: toBytes(body.open()), headers, streaming: true };
    }
    case 'multipart': {
      const boundary = `----loupe-${randomUUID()}`;
      const encoded = encodeMultipart(body.parts, boundary, body.onProgress);
      const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      if (encoded.length !== null) headers['content-length'] = String(encoded.length);
      return { body: encoded.chunks, headers, streaming: true };
    }
  }
}
