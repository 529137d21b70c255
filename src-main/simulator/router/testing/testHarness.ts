// Test support: a bare node:http server that builds a RouteContext the way the kernel does and hands it to the
// Router simulator, so tests go through real sockets without depending on the kernel.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthResult, RouteContext } from '../../types';
import { createRouterSimulator, type RouterSimulator, type RouterSimulatorOptions } from '../index';

/** Each key is its own owner, as in the kernel's defaults (plus a third for rollout-gating tests). */
const KEYS: Readonly<Record<string, string>> = {
  'demo-key': 'owner-demo',
  'other-key': 'owner-other',
  'third-key': 'owner-third',
};

function authenticateRouter(req: IncomingMessage): AuthResult {
  const apiKey = req.headers['x-api-key'];
  const authorization = req.headers.authorization;
  // X-API-Key wins when both are sent; an API key may also come as a Bearer token.
  const presented = typeof apiKey === 'string' ? apiKey : /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (presented === undefined) return { owner: null, presented: authorization !== undefined };
  return { owner: KEYS[presented] ?? null, presented: true };
}

export interface RouterTestServer {
  /** Origin plus mount prefix, e.g. http://127.0.0.1:5555/mount */
  baseUrl: string;
  origin: string;
  sim: RouterSimulator;
  /** fetch below the base URL with the demo key unless `key` says otherwise (null: no credential). */
  call(
    method: string,
    path: string,
    init?: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

export async function startRouterTestServer(
  options: RouterSimulatorOptions & { prefix?: string } = {},
): Promise<RouterTestServer> {
  const sim = createRouterSimulator(options);
  const prefix = options.prefix ?? '';
  const server = createServer((req, res) => {
    const host = req.headers.host ?? '127.0.0.1';
    const url = new URL(req.url ?? '/', `http://${host}`);
    const inMount = prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
    const ctx: RouteContext = {
      req,
      res,
      url,
      path: url.pathname.slice(prefix.length) || '/',
      origin: url.origin,
      prefix,
      authenticate: () => authenticateRouter(req),
    };
    const handled = inMount ? sim.handle(ctx) : Promise.resolve(false);
    void handled.then((done) => {
      if (!done) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const baseUrl = `${origin}${prefix}`;
  return {
    baseUrl,
    origin,
    sim,
    call(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const key = init.key === undefined ? 'demo-key' : init.key;
      if (key !== null) headers['x-api-key'] = key;
      let body: string | undefined = init.rawBody;
      if (init.body !== undefined) body = JSON.stringify(init.body);
      if (body !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${baseUrl}${path}`, { method, headers, body });
    },
    async close() {
      sim.reset();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Fetch an absolute link the service gave, with the demo key unless told otherwise. */
export function follow(url: string, method = 'GET', key = 'demo-key'): Promise<Response> {
  return fetch(url, { method, headers: { 'x-api-key': key } });
}

/** Poll `probe` until it returns a value, failing after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waitFor timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
