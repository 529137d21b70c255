// A `fetch` for bulk byte downloads, over node:http and node:https. Node's built-in fetch hands every 64 KiB
// chunk through web streams (a copy and several promises per chunk), which halves the rate a large output
// can be kept at; here the body stays a Node stream, and HttpResponse.nodeStream() takes it as it is. It
// answers with a real Response (status, headers, and a web body made only when someone reads it), so
// HttpClient's rules (credentials, redirects by hand, deadlines, retries, error envelopes) apply unchanged.
// Requests with a body, or to any other scheme, go to the built-in fetch.
import http from 'node:http';
import https from 'node:https';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';

const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

/** A body nobody has read through the web stream yet, by its Response. */
const untouched = new WeakMap<Response, { body: Readable; started: () => boolean }>();

/** Statuses whose Response may not carry a body. */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

export async function nodeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  if (input instanceof Request || (init?.body !== undefined && init.body !== null)) return fetch(input, init);
  const url = new URL(input);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(input, init);
  const signal = init?.signal ?? null;
  signal?.throwIfAborted();
  const method = init?.method ?? 'GET';
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  // As the built-in fetch does: ask for compression unless the caller said otherwise, and undo it below.
  headers['accept-encoding'] ??= 'gzip, deflate, br';
  const secure = url.protocol === 'https:';
  return new Promise<Response>((resolve, reject) => {
    let answer: http.IncomingMessage | null = null;
    const onAbort = (): void => {
      const reason: unknown = signal?.reason;
      const error =
        reason instanceof Error ? reason : new DOMException('The request was aborted.', 'AbortError');
      // Before the answer this fails the request; after it, the body the caller is reading.
      if (answer === null) request.destroy(error);
      else answer.destroy(error);
    };
    const request = (secure ? https : http).request(
      url,
      { method, headers, agent: secure ? agents.https : agents.http },
      (res) => {
        answer = res;
        res.once('close', () => signal?.removeEventListener('abort', onAbort));
        try {
          resolve(toResponse(res, method === 'HEAD'));
        } catch (error) {
          res.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    request.end();
  });
}

/**
 * The body as the Node stream the transport read it into, when this Response came from nodeFetch and nobody
 * has read its web body; null otherwise. Taking it means the web body is never used.
 */
export function takeNodeBody(response: Response): Readable | null {
  const entry = untouched.get(response);
  if (entry === undefined || entry.started() || response.bodyUsed) return null;
  untouched.delete(response);
  return entry.body;
}

function toResponse(res: http.IncomingMessage, head: boolean): Response {
  const status = res.statusCode ?? 0;
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? '');
    } catch {
      // A header the Fetch standard forbids is dropped, as the built-in fetch drops it.
    }
  }
  if (head || nullBodyStatuses.has(status)) {
    res.resume();
    return new Response(null, { status, statusText: res.statusMessage ?? '', headers });
  }
  const body = decoded(res, headers.get('content-encoding'));
  let started = false;
  let chunks: AsyncIterator<Buffer> | null = null;
  // Pulled only when read (high-water mark 0), so a caller that takes the Node stream gets every byte.
  const web = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        started = true;
        chunks ??= (body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
        const next = await chunks.next();
        if (next.done === true) controller.close();
        else controller.enqueue(next.value);
      },
      cancel() {
        started = true;
        body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(web, { status, statusText: res.statusMessage ?? '', headers });
  untouched.set(response, { body, started: () => started });
  return response;
}

/** The body with its content coding undone (gzip, deflate, br), as the built-in fetch hands it. */
function decoded(res: http.IncomingMessage, encoding: string | null): Readable {
  const coding = encoding?.trim().toLowerCase() ?? '';
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? zlib.createGunzip()
      : coding === 'deflate'
        ? zlib.createInflate()
        : coding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (decoder === null) return res;
  return pipeline(res, decoder, () => undefined);
}
