// The simulator's HTTP kernel: binds loopback, resolves each request once (URL, origin, mount prefix,
// credentials), applies transport-level faults, and dispatches: /_sim → introspection, /_storage →
// signed storage, then below the mount: jobs, assets, v1 (managed only), Router; otherwise 404.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createAuthenticator, sentCredentials } from './auth';
import { SimulatorClock } from './clock';
import type { SimulatorControl, SimulatorStats } from './control';
import { Faults } from './faults';
import { sendV2Error } from './http';
import { handleIntrospection } from './introspection';
import { StreamLimiter } from './jobs/eventStream';
import { defaultLabelPolicy, JobEngine } from './jobs/jobEngine';
import type { JobStatus } from './jobs/jobModel';
import { createJobRoutes } from './jobs/jobRoutes';
import { resolveOptions, type SimulatorOptions, type SimulatorTiming } from './options';
import type { SimulatorServices } from './ports';
import { RequestLog } from './requestLog';
import { seedDemoJobs } from './seed';
import type { RouteContext, RouteHandler, Surface } from './types';
import { createV1Surface } from './v1';

/** The request log's status for a request whose client left before it was answered. */
const CLIENT_CLOSED = 499;

export interface RunningSimulator {
  /** origin + mount prefix: the base URL a client is configured with. */
  url: string;
  origin: string;
  port: number;
  close(): Promise<void>;
  control: SimulatorControl;
}

/** What the asset service and the Router need from the kernel to be built. */
export interface ServiceContext {
  surface: Surface;
  now: () => number;
  urlTtlSeconds: () => number;
  timing: SimulatorTiming;
  maxUploadBytes: number | undefined;
  /** Read per request: the outputUnavailable fault (true only on self-hosted). */
  outputUnavailable: () => boolean;
  /** Owners on the Router's queued-surface rollout; null for everyone. */
  routerEnabledOwners: readonly string[] | null;
}

export type ServiceFactory = (context: ServiceContext) => SimulatorServices;

const genericFailure = 'The service had an unexpected problem. Please try again later.';
const saneHost = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function startKernel(
  options: SimulatorOptions,
  makeServices: ServiceFactory,
): Promise<RunningSimulator> {
  const resolved = resolveOptions(options);
  const { surface, prefix, timing } = resolved;
  const clock = new SimulatorClock();
  const now = (): number => clock.now();
  const faults = new Faults(now);
  faults.apply(resolved.faults);
  const services = makeServices({
    surface,
    now,
    urlTtlSeconds: () => faults.urlTtlSeconds(resolved.urlTtlSeconds),
    timing,
    maxUploadBytes: resolved.maxUploadBytes,
    outputUnavailable: () => faults.outputUnavailable(surface),
    routerEnabledOwners: resolved.routerEnabledKeys,
  });
  // The Router keeps its own switches; the kernel mirrors /_sim/faults into them.
  const applyFaults = (change: (f: Faults) => void): void => {
    change(faults);
    services.router.setFaults?.(faults.routerFaults());
  };
  applyFaults(() => undefined);
  const auth = createAuthenticator(surface, resolved.apiKeys, resolved.forbiddenKeys);
  const requestLog = new RequestLog();
  const limiter = new StreamLimiter(resolved.maxStreams);
  const engine = new JobEngine({
    surface,
    assets: services.assets,
    media: services.media,
    now,
    timing,
    workers: resolved.workers,
    labelPolicy: resolved.labelPolicy ?? defaultLabelPolicy(surface),
    ownerForKey: (key) => auth.ownerForKey(key),
  });
  const jobRoutes = createJobRoutes({
    engine,
    assets: services.assets,
    faults,
    limiter,
    streamTiming: timing,
    legacySelfHosted: resolved.legacySelfHosted,
  });
  // The deprecated v1 surface exists on the managed service only.
  const v1 =
    surface === 'managed'
      ? createV1Surface({
          engine,
          faults,
          prefix,
          ownerForToken: (token) => auth.ownerForKey(token),
          record: (req, url, status) =>
            requestLog.record({
              method: req.method ?? 'GET',
              path: url.pathname,
              query: url.search.replace(/^\?/, ''),
              credentials: sentCredentials(req, url),
              status,
              time: new Date(now()).toISOString(),
              durationMs: 0,
            }),
        })
      : null;
  const mounted: RouteHandler[] = [jobRoutes, services.assets.handleApi];
  if (v1) mounted.push(v1.handle);
  mounted.push(services.router.handle);

  const seed = (): void => {
    if (resolved.seed) seedDemoJobs(engine, services, auth.primaryOwner);
  };

  const server: Server = createServer();
  let port = resolved.port;
  const originOf = (req: IncomingMessage): string => {
    const host = req.headers.host;
    return host !== undefined && saneHost.test(host) ? `http://${host}` : `http://127.0.0.1:${port}`;
  };
  const contextFor = (req: IncomingMessage, res: ServerResponse, url: URL, path: string): RouteContext => ({
    req,
    res,
    url,
    path,
    origin: url.origin,
    prefix,
    authenticate: (scheme) => auth.authenticate(req, scheme),
  });

  const dispatch = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const method = req.method ?? 'GET';
    const delay = faults.delayMs();
    if (delay > 0) await sleep(delay);
    const pathname = url.pathname;
    if (pathname.startsWith('/_storage/')) {
      const storageFailure = faults.takeUpstreamError(method, pathname);
      if (storageFailure !== null) return sendV2Error(res, storageFailure, 'upstream_error', genericFailure);
      const storage = contextFor(req, res, url, pathname);
      if (services.router.handleStorage?.(storage) === true) return;
      if (!(await services.assets.handleStorage(storage))) {
        sendV2Error(res, 404, 'not_found', 'No such object.');
      }
      return;
    }
    let path = pathname;
    if (prefix !== '') {
      if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) {
        return sendV2Error(res, 404, 'not_found', `Nothing is served outside ${prefix}.`);
      }
      path = pathname.slice(prefix.length) || '/';
    }
    const failure = faults.takeUpstreamError(method, path);
    if (failure !== null) return sendV2Error(res, failure, 'upstream_error', genericFailure);
    const ctx = contextFor(req, res, url, path);
    for (const handle of mounted) {
      if (await handle(ctx)) return;
    }
    sendV2Error(res, 404, 'not_found', 'No such resource.');
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const arrived = Date.now();
    const rawUrl = req.url ?? '/';
    let url: URL;
    try {
      url = new URL(`${originOf(req)}${rawUrl.startsWith('/') ? rawUrl : `/${rawUrl}`}`);
    } catch {
      return sendV2Error(res, 400, 'invalid_request', 'The request URL is malformed.');
    }
    const isIntrospection = url.pathname === '/_sim' || url.pathname.startsWith('/_sim/');
    if (!isIntrospection) {
      res.on('close', () => {
        requestLog.record({
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.search.replace(/^\?/, ''),
          credentials: sentCredentials(req, url),
          // A client that went away before any answer gets none: logged as 499 (nginx's "client closed
          // request"), never as the 200 the response object still holds by default.
          status: res.headersSent ? res.statusCode : CLIENT_CLOSED,
          time: new Date(arrived + clock.offset()).toISOString(),
          durationMs: Date.now() - arrived,
        });
      });
    }
    const work = isIntrospection ? handleIntrospection(req, res, url, control) : dispatch(req, res, url);
    work.catch(() => {
      // Never leak detail and never leave a request hanging.
      if (!res.headersSent) sendV2Error(res, 500, 'upstream_error', genericFailure);
      else res.destroy();
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  v1?.attach(server);

  const control: SimulatorControl = {
    surface,
    prefix,
    apiKeys: resolved.apiKeys,
    now,
    advanceClock: (ms) => clock.advance(ms),
    setFaults: (input) => applyFaults((f) => f.apply(input)),
    clearFaults: () => applyFaults((f) => f.clear()),
    faults: () => faults.snapshot(),
    requests: () => requestLog.list(),
    clearRequests: () => requestLog.clear(),
    idempotency: () => engine.idempotency.snapshot(),
    jobs: () =>
      engine.store
        .all()
        .sort((a, b) => b.seq - a.seq)
        .map((job) => ({
          id: job.id,
          owner: job.owner,
          status: job.status,
          created_at: new Date(job.createdAt).toISOString(),
          outputs: job.outputs.length,
        })),
    stats: (): SimulatorStats => {
      const byStatus: Partial<Record<JobStatus, number>> = {};
      const all = engine.store.all();
      for (const job of all) byStatus[job.status] = (byStatus[job.status] ?? 0) + 1;
      return {
        requests: requestLog.counts(),
        ...services.assets.stats(),
        jobs: { total: all.length, byStatus },
        activeStreams: limiter.active,
        idempotencyKeys: engine.idempotency.snapshot().length,
      };
    },
    reset: () => {
      limiter.closeAll();
      engine.reset();
      v1?.reset();
      services.assets.reset();
      services.router.reset();
      clock.reset();
      applyFaults((f) => {
        f.clear();
        f.apply(resolved.faults);
      });
      requestLog.clear();
      seed();
    },
  };

  seed();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(resolved.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the simulator is not bound to a TCP port');
  port = address.port;
  const origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      limiter.closeAll();
      engine.runner.reset();
      v1?.close();
      services.router.reset();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };

  return { url: `${origin}${prefix}`, origin, port, close, control };
}
