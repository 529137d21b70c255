// A minimal stand-in for the simulator kernel, for this folder's tests: a real node:http server on loopback that
// builds a RouteContext (bearer keys → owners, optional mount prefix) and hands requests to the asset service.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendV2Error } from '../http';
import type { AuthResult, RouteContext } from '../types';
import type { AssetService } from './assetService';

export interface TestServerOptions {
  service: AssetService;
  /** Bearer token → owner. */
  keys?: Record<string, string>;
  /** The owner of a request without credentials (the kernel answers 'local' on an open self-hosted proxy). */
  anonymousOwner?: string | null;
  prefix?: string;
}

export interface TestServer {
  origin: string;
  /** origin + prefix: where the API is mounted. */
  baseUrl: string;
  /** Handler exceptions, so a test can assert nothing crashed. */
  errors: unknown[];
  close(): Promise<void>;
}

function authenticate(req: IncomingMessage, options: TestServerOptions): AuthResult {
  const header = req.headers.authorization;
  if (header === undefined) return { owner: options.anonymousOwner ?? null, presented: false };
  const match = /^Bearer\s+(.+)$/i.exec(header);
  const owner = match?.[1] === undefined ? undefined : options.keys?.[match[1]];
  return { owner: owner ?? null, presented: true };
}

export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const prefix = options.prefix ?? '';
  const errors: unknown[] = [];
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', origin);
    const base = { req, res, url, origin, authenticate: () => authenticate(req, options) };
    const storageCtx: RouteContext = { ...base, path: url.pathname, prefix: '' };
    if (await options.service.handleStorage(storageCtx)) return;
    if (url.pathname.startsWith(`${prefix}/`)) {
      const ctx: RouteContext = { ...base, path: url.pathname.slice(prefix.length), prefix };
      if (await options.service.handleApi(ctx)) return;
    }
    sendV2Error(res, 404, 'not_found', 'no route');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      errors.push(error);
      if (!res.headersSent) sendV2Error(res, 500, 'upstream_error', 'internal error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    baseUrl: `${origin}${prefix}`,
    errors,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
