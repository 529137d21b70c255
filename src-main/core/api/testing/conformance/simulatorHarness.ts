// Test support: the simulator started in-process with millisecond timings, and the API clients pointed at
// it through real sockets. Faults and the request log are driven over the simulator's own /_sim HTTP API,
// the way any outside tool would, so these tests also prove that API. Test-only (lint lets this folder
// import the simulator; core's source may not).
import { createServer } from 'node:net';
import { z } from 'zod';
import {
  startSimulator,
  type FaultInput,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../../../simulator/server';
import { waitFor } from '../../../../simulator/testing/testKit';
import { AssetsClient } from '../../assetsClient';
import { bindCredential, type Connection, type Sleep, type Surface } from '../../connection';
import { HttpClient } from '../../http';
import { ApiError } from '../../errors';
import { JobsClient } from '../../jobsClient';
import { ConformanceJobs } from './conformanceJobs';
import { MemoryOpenApiCache } from '../../openApiCache';
import { RetryPolicy } from '../../retry';
import { RouterClient } from '../../routerClient';
import { isTerminalJobStatus, type Job } from '../../schemas/job';
import { V1Client } from '../../v1Client';

export type { RunningSimulator };

/** Jobs run in tens of milliseconds; SSE keepalives come often enough to be seen. */
export const fastTiming: NonNullable<SimulatorOptions['timing']> = {
  dispatchMs: 5,
  nodeMs: 2,
  stepMs: 3,
  progressThrottleMs: 10,
  previewThrottleMs: 10,
  keepaliveMs: 50,
  routerQueueStepMs: 5,
};

/** The simulator's default keys on managed and serverless; each is its own owner. */
export const primaryKey = 'demo-key';
export const otherKey = 'other-key';

export function startFast(options: SimulatorOptions): Promise<RunningSimulator> {
  return startSimulator({ ...options, timing: { ...fastTiming, ...options.timing } });
}

export interface ConnectionOptions {
  /** Defaults to the primary key on managed/serverless and none on self-hosted; null sends none. */
  key?: string | null;
  baseUrl?: string;
  routerBaseUrl?: string;
  surface?: Surface;
}

export function connectionTo(sim: RunningSimulator, options: ConnectionOptions = {}): Connection {
  const surface = options.surface ?? sim.control.surface;
  const key = options.key === undefined ? (surface === 'self-hosted' ? null : primaryKey) : options.key;
  const baseUrl = options.baseUrl ?? sim.url;
  return {
    surface,
    baseUrl,
    ...(options.routerBaseUrl === undefined ? {} : { routerBaseUrl: options.routerBaseUrl }),
    credential: () => Promise.resolve(bindCredential(key, baseUrl, options.routerBaseUrl)),
  };
}

export interface Clients {
  http: HttpClient;
  jobs: ConformanceJobs;
  assets: AssetsClient;
  v1: V1Client;
  router: RouterClient;
  /** Every wait the retry policy asked for, in order. */
  waits: number[];
}

/**
 * Clients whose retry policy has no jitter (random 0) and whose sleep returns at once after moving the
 * simulator's clock forward by the wait: a Retry-After is honoured in simulated time, so a 5 s wait
 * costs nothing and the simulator still sees the client come back after it.
 */
export function clientsFor(
  connection: Connection,
  options: { sim?: RunningSimulator; maxAttempts?: number; fetch?: typeof fetch } = {},
): Clients {
  const waits: number[] = [];
  const sleep: Sleep = (ms) => {
    waits.push(ms);
    options.sim?.control.advanceClock(ms);
    return Promise.resolve();
  };
  const http = new HttpClient({
    connection,
    retryPolicy: new RetryPolicy({ sleep, random: () => 0, maxAttempts: options.maxAttempts ?? 4 }),
    defaultTimeoutMs: 10_000,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  return {
    http,
    jobs: new ConformanceJobs(http),
    assets: new AssetsClient(http),
    v1: new V1Client(http),
    router: new RouterClient(http, new MemoryOpenApiCache()),
    waits,
  };
}

const recordedRequest = z.object({
  method: z.string(),
  path: z.string(),
  query: z.string(),
  credentials: z.boolean(),
  status: z.number(),
});
export type SimRequest = z.infer<typeof recordedRequest>;

/** GET /_sim/requests: everything the simulator saw, storage fetches included. */
export async function simRequests(sim: RunningSimulator): Promise<SimRequest[]> {
  const response = await fetch(`${sim.origin}/_sim/requests`);
  return z.object({ requests: z.array(recordedRequest) }).parse(await response.json()).requests;
}

export async function clearSimRequests(sim: RunningSimulator): Promise<void> {
  const response = await fetch(`${sim.origin}/_sim/requests`, { method: 'DELETE' });
  await response.body?.cancel();
}

/** POST /_sim/faults (merged into the live switches). */
export async function setFaults(sim: RunningSimulator, faults: FaultInput): Promise<void> {
  const response = await fetch(`${sim.origin}/_sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (response.status !== 200) throw new Error(`faults refused: ${await response.text()}`);
  await response.body?.cancel();
}

/** POST /_sim/reset: no jobs, assets, keys, requests or faults beyond the start-time ones. */
export async function resetSim(sim: RunningSimulator): Promise<void> {
  const response = await fetch(`${sim.origin}/_sim/reset`, { method: 'POST' });
  await response.body?.cancel();
}

/** A loopback port that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Polls every `intervalMs` until `probe` returns a value (not null), or fails after `timeoutMs`. */
export function eventually<T>(
  probe: () => T | null | Promise<T | null>,
  timeoutMs = 5_000,
  intervalMs = 10,
): Promise<T> {
  return waitFor(() => Promise.resolve(probe()), timeoutMs, intervalMs);
}

/** Polls a job through the client until it reaches a terminal status. */
export function untilTerminal(jobs: JobsClient, id: string, timeoutMs = 5_000): Promise<Job> {
  return eventually(async () => {
    const job = await jobs.get(id);
    return isTerminalJobStatus(job.status) ? job : null;
  }, timeoutMs);
}

/** Runs `action` and returns the ApiError it must fail with. */
export async function apiErrorOf(action: () => Promise<unknown>): Promise<ApiError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError, but the call succeeded');
}
