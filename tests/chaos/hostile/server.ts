// The hostile service: a real HTTP server on loopback that speaks enough of the v2 API faithfully (jobs,
// assets, keys, cursors; a serverless surface with a Bearer key) and commits the trial's drawn faults on the
// wire. It imports nothing from core: it is a second reading of the spec, and the judge of what was made.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerFault } from '../faults';
import { assetByHash, assetFromHash, blake3Of, readAsset, uploadAsset } from './assetRoutes';
import type { Exchange, ServerEvent, ServiceContext } from './context';
import { FaultBook } from './faultBook';
import { cancelJob, listJobs, readJob, readLogs, readWorkflow, streamEvents, submitJob } from './jobRoutes';
import { ServiceLedger, type JobClockOptions } from './ledger';
import { sendError } from './wire';

export const CHAOS_API_KEY = 'chaos-key';

export interface HostileServerOptions {
  seed: number;
  faults: readonly ServerFault[];
  clock: JobClockOptions;
  clientTimeoutMs: number;
  /** Bytes the service holds before the trial (another client uploaded them): from-hash works for them. */
  seededBlobs: readonly Buffer[];
  onEvent?: (event: ServerEvent) => Promise<void> | void;
}

export interface HostileServer {
  url: string;
  ledger: ServiceLedger;
  faults: FaultBook;
  /** Requests that arrived, by route name, for the report. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

type Handler = (context: ServiceContext, exchange: Exchange, ...ids: string[]) => Promise<void> | void;

const routes: ReadonlyArray<readonly [string, RegExp, string, Handler]> = [
  ['POST', /^\/api\/v2\/jobs$/, 'submit', submitJob],
  ['GET', /^\/api\/v2\/jobs$/, 'list-jobs', listJobs],
  ['GET', /^\/api\/v2\/jobs\/([^/]+)$/, 'read-job', readJob],
  ['GET', /^\/api\/v2\/jobs\/([^/]+)\/workflow$/, 'workflow', readWorkflow],
  ['GET', /^\/api\/v2\/jobs\/([^/]+)\/logs$/, 'logs', readLogs],
  ['GET', /^\/api\/v2\/jobs\/([^/]+)\/events$/, 'events', streamEvents],
  ['POST', /^\/api\/v2\/jobs\/([^/]+)\/cancel$/, 'cancel', cancelJob],
  ['POST', /^\/api\/v2\/assets$/, 'upload', uploadAsset],
  ['POST', /^\/api\/v2\/assets\/from-hash$/, 'from-hash', assetFromHash],
  ['HEAD', /^\/api\/v2\/assets\/by-hash\/([^/]+)$/, 'by-hash', assetByHash],
  ['GET', /^\/api\/v2\/assets\/([^/]+)$/, 'read-asset', readAsset],
];

export async function startHostileServer(options: HostileServerOptions): Promise<HostileServer> {
  const ledger = new ServiceLedger(options.seed, options.clock);
  for (const bytes of options.seededBlobs) {
    const hash = blake3Of(bytes);
    ledger.addBlob(hash, bytes.length, 'image/png');
    ledger.createAsset({
      hash,
      size: bytes.length,
      contentType: 'image/png',
      filePath: 'someone-else.png',
      route: 'seeded',
      key: null,
      createdNew: true,
    });
  }
  const faults = new FaultBook(options.faults);
  const requests = new Map<string, number>();
  const context: ServiceContext = {
    ledger,
    faults,
    wire: { clientTimeoutMs: options.clientTimeoutMs },
    notify: async (event) => {
      await options.onEvent?.(event);
    },
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // A client that hung up mid-answer is the point of the exercise, not an error.
    res.on('error', () => undefined);
    req.on('error', () => undefined);
    if (req.headers.authorization !== `Bearer ${CHAOS_API_KEY}`) {
      sendError(res, 401, 'unauthorized', 'Missing or invalid credentials.');
      return;
    }
    for (const [method, pattern, name, handler] of routes) {
      const match = req.method === method ? pattern.exec(url.pathname) : null;
      if (match === null) continue;
      requests.set(name, (requests.get(name) ?? 0) + 1);
      const ids = match.slice(1).map((part) => decodeURIComponent(part));
      Promise.resolve(handler(context, { req, res, url }, ...ids)).catch(() => res.socket?.destroy());
      return;
    }
    sendError(res, 404, 'not_found', 'No such route.');
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ledger,
    faults,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
