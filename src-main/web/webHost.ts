// The browser shell's host: loopback only, serves the built renderer and carries the contract over one
// WebSocket guarded by a random per-launch token (ARCHITECTURE.md, "Running without Electron").
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { MAX_CALL_MESSAGE_BYTES } from '../../src-shared/limits';
import { WS_PATH, WS_PROTOCOL } from '../../src-shared/protocol';
import type { ContractDispatcher } from '../core/rpc/dispatcher';
import { rendererSecurityHeaders, resolveRendererFile } from '../core/static/rendererFiles';
import { isAssetRoutePath, serveAssetRoute, type AssetRouteOptions } from './assetRoute';
import { checkUpgrade, isExpectedHost } from './upgradeGuard';
import { isUploadRoutePath, serveUploadRoute, type UploadRouteOptions } from './uploadRoute';
import { bridgeConnection } from './wsBridge';

export interface WebHostOptions {
  rendererRoot: string;
  dispatcher: ContractDispatcher;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Fixed only in tests; a fresh random token otherwise. */
  token?: string;
  /** The asset route (/asset-bytes/<capability>/…); absent, those paths are not served. */
  assets?: AssetRouteOptions;
  /** The upload route (PUT /upload-bytes/<capability>/…); absent, those paths are not served. */
  uploads?: UploadRouteOptions;
  logError?: (message: string) => void;
}

export interface WebHost {
  origin: string;
  /** The URL to open: the token travels in the fragment, which browsers never send to the server. */
  url: string;
  token: string;
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
const STATUS_TEXT = { 401: 'Unauthorized', 403: 'Forbidden', 421: 'Misdirected Request' } as const;

function refuse(socket: Socket, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  origin: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const path = new URL(req.url ?? '/', origin).pathname;
  const file = resolveRendererFile(root, path);
  const info = file ? await stat(file.filePath).catch(() => null) : null;
  if (!file || !info?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const wsOrigin = origin.replace(/^http/, 'ws');
  res.writeHead(200, {
    'content-type': file.contentType,
    'content-length': info.size,
    'cache-control': 'no-cache',
    ...rendererSecurityHeaders([wsOrigin]),
  });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file.filePath).pipe(res);
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const logError = options.logError ?? ((message: string) => console.error(message));
  const server = createServer();
  const wss = new WebSocketServer({
    noServer: true,
    // The largest real call fits (src-shared/limits.ts); a longer message is refused by the socket as soon as
    // its frame header says so (close 1009), never buffered.
    maxPayload: MAX_CALL_MESSAGE_BYTES,
    // No compression: a small deflated frame could inflate far past what arrived on the wire (and inflating
    // costs main's time before any bound is checked). A client offering permessage-deflate gets none.
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, LOOPBACK, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${LOOPBACK}:${port}`;
  const hosts = [`${LOOPBACK}:${port}`];

  server.on('request', (req, res) => {
    if (!isExpectedHost(req, hosts)) {
      res.writeHead(421).end();
      return;
    }
    const pathname = new URL(req.url ?? '/', origin).pathname;
    const serving =
      options.assets !== undefined && isAssetRoutePath(pathname)
        ? serveAssetRoute(req, res, pathname, options.assets)
        : options.uploads !== undefined && isUploadRoutePath(pathname)
          ? serveUploadRoute(req, res, pathname, options.uploads, origin)
          : serveStatic(req, res, options.rendererRoot, origin);
    serving.catch((error: unknown) => {
      logError(`browser shell: failed to serve ${req.url ?? ''}: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    if (new URL(req.url ?? '/', origin).pathname !== WS_PATH) return refuse(socket, 404, 'Not Found');
    const verdict = checkUpgrade(req, { origins: [origin], hosts, token });
    if (!verdict.ok) return refuse(socket, verdict.status, STATUS_TEXT[verdict.status]);
    wss.handleUpgrade(req, socket, head, (ws) => bridgeConnection(ws, socket, options.dispatcher, logError));
  });

  return {
    origin,
    url: `${origin}/#token=${token}`,
    token,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
