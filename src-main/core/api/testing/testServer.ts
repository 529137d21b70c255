// Tiny real HTTP servers for the API layer's tests: 127.0.0.1 on a free port, every request recorded
// (method, path, headers, body) so a test can assert what a server saw, e.g. that no credential
// reached a storage host. Test-only.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bindCredential, type Connection, type Surface } from '../connection';

export interface RecordedRequest {
  method: string;
  /** Path and query exactly as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type TestHandler = (
  request: RecordedRequest,
  response: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const recorded: RecordedRequest = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, response, raw)).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export function testConnection(
  baseUrl: string,
  options: { credential?: string | null; routerBaseUrl?: string; surface?: Surface } = {},
): Connection {
  const credential = options.credential === undefined ? 'secret-key' : options.credential;
  return {
    surface: options.surface ?? 'serverless',
    baseUrl,
    ...(options.routerBaseUrl === undefined ? {} : { routerBaseUrl: options.routerBaseUrl }),
    credential: () => Promise.resolve(bindCredential(credential, baseUrl, options.routerBaseUrl)),
  };
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

/** A v2 Job document as a server would send it. */
export function jobDocument(
  id: string,
  overrides: Record<string, unknown> = {},
  linkPrefix = '',
): Record<string, unknown> {
  return {
    id,
    status: 'running',
    created_at: '2025-01-01T00:00:00Z',
    started_at: '2025-01-01T00:00:01Z',
    completed_at: null,
    expires_at: '2025-01-31T00:00:00Z',
    queue_position: null,
    progress: { value: 0.5, nodes_done: 1, nodes_total: 2 },
    outputs: [],
    error: null,
    urls: {
      self: `${linkPrefix}/api/v2/jobs/${id}`,
      events: `${linkPrefix}/api/v2/jobs/${id}/events`,
      cancel: `${linkPrefix}/api/v2/jobs/${id}/cancel`,
      logs: `${linkPrefix}/api/v2/jobs/${id}/logs`,
    },
    ...overrides,
  };
}
