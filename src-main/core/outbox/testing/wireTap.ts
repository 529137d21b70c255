// Test support: a listener on the wire in front of a real service (the simulator). Every request that passes
// is recorded whole (method, path and query, every header, the body) before it is handed on, and the answer
// streams back untouched (SSE included). The Host header is passed as the client sent it, so the links the
// service builds point back through the tap: nothing reaches the service around it. Each tap is an origin of
// its own, so two taps in front of one simulator tell which origin a byte went to.
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TappedRequest {
  /** The tap's own origin: where the client sent this request. */
  origin: string;
  method: string;
  /** Path and query exactly as sent. */
  url: string;
  /** Every header as sent, in order, names lower-cased. */
  headers: Array<[string, string]>;
  body: Buffer;
}

export interface WireTap {
  origin: string;
  requests: TappedRequest[];
  close(): Promise<void>;
}

/** Where a string was seen: the request it was in, and whether in its URL, a header (by name) or its body. */
export interface Sighting {
  origin: string;
  method: string;
  path: string;
  where: 'url' | 'body' | `header:${string}`;
}

function headerPairs(raw: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([(raw[i] ?? '').toLowerCase(), raw[i + 1] ?? '']);
  return pairs;
}

export async function startWireTap(target: string): Promise<WireTap> {
  const requests: TappedRequest[] = [];
  let origin = '';
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({
        origin,
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: headerPairs(req.rawHeaders),
        body,
      });
      const upstream = forward(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      // A client that goes away (an event stream closed) takes the upstream request with it.
      res.on('close', () => upstream.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Every place `needle` appears in these requests (a URL is also looked at decoded). */
export function sightings(requests: readonly TappedRequest[], needle: string): Sighting[] {
  const found: Sighting[] = [];
  for (const request of requests) {
    const at = (where: Sighting['where']): void => {
      found.push({ origin: request.origin, method: request.method, path: request.url, where });
    };
    let decoded = request.url;
    try {
      decoded = decodeURIComponent(request.url);
    } catch {
      // A URL that does not decode is looked at as sent.
    }
    if (request.url.includes(needle) || decoded.includes(needle)) at('url');
    for (const [name, value] of request.headers) if (value.includes(needle)) at(`header:${name}`);
    if (request.body.toString('latin1').includes(needle)) at('body');
  }
  return found;
}

/** How many times `needle` occurs in `text`. */
export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
