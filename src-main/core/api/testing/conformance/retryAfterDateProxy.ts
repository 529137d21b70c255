// Test support: a tiny reverse proxy in front of the simulator that rewrites `Retry-After: <seconds>` into
// the equivalent HTTP date (RFC 9110 §10.2.3 allows both), because the simulator only ever sends seconds.
// Everything else passes through untouched, so the client cannot tell it is there.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DateProxy {
  /** The proxy's origin; append the simulator's mount prefix, if any. */
  origin: string;
  /** Every Retry-After value the proxy sent on, as rewritten. */
  rewritten: string[];
  close(): Promise<void>;
}

export async function startRetryAfterDateProxy(targetOrigin: string): Promise<DateProxy> {
  const target = new URL(targetOrigin);
  const rewritten: string[] = [];
  const server = createServer((incoming, outgoing) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, withDate(answer.headers, rewritten));
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    rewritten,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function withDate(headers: IncomingHttpHeaders, rewritten: string[]): IncomingHttpHeaders {
  const value = headers['retry-after'];
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return headers;
  // The simulator's clock may be ahead of the wall clock, but the client compares the date with its own.
  const date = new Date(Date.now() + Number(value) * 1000).toUTCString();
  rewritten.push(date);
  return { ...headers, 'retry-after': date };
}
