// A listener for leaks: a real HTTP server on loopback that answers like a service refusing everything, and
// counts every request that carried any of the canaries it watches for, anywhere (headers, URL, body).
import { startTestServer, type TestServer } from '../../src-main/core/api/testing/testServer';

export interface Collector {
  origin: string;
  /** Requests that carried a canary, so far. */
  leaks(): number;
  /** Requests of any kind, so far. */
  requests(): number;
  close(): Promise<void>;
}

export async function startCollector(canaries: readonly string[]): Promise<Collector> {
  const server: TestServer = await startTestServer((_request, response) => {
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'unauthorized', message: 'no', details: null } }));
  });
  const carries = (index: number): boolean => {
    const request = server.requests[index];
    if (request === undefined) return false;
    const seen = [
      JSON.stringify(request.headers),
      decodeURIComponent(request.url),
      request.body.toString('latin1'),
    ];
    return canaries.some((canary) => seen.some((text) => text.includes(canary)));
  };
  return {
    origin: server.origin,
    leaks: () => server.requests.filter((_request, index) => carries(index)).length,
    requests: () => server.requests.length,
    close: () => server.close(),
  };
}
