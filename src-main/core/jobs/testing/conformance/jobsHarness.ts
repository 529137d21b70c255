// Test support: a profile's jobs runtime (service + watcher) against the real simulator through real sockets,
// with a store in a temporary directory and the watcher's intervals shrunk to milliseconds. Test-only (lint
// lets conformance folders import the simulator; core's source may not).
import { afterEach } from 'vitest';
import type { JobWatchEvent } from '../../../../../src-shared/contracts/jobs';
import type { SimulatorOptions } from '../../../../simulator/server';
import {
  connectionTo,
  eventually,
  simRequests,
  startFast,
  type RunningSimulator,
  type SimRequest,
} from '../../../api/testing/conformance/simulatorHarness';
import { RetryPolicy, type Connection } from '../../../api';
import { openStore, type LoupeStore } from '../../../store';
import { makeTempDir } from '../../../store/testing/tempDir';
import type { WatchConfig } from '../../../watch/config';
import { createProfileJobs, type ProfileJobs, type ProfileJobsOptions } from '../../profileJobs';

export { simRequests, setFaults, clearSimRequests } from '../../../api/testing/conformance/simulatorHarness';
export type { RunningSimulator, SimRequest };

/** Every interval of the watcher in tens of milliseconds, the budget generous. */
export const fastWatch: Partial<WatchConfig> = {
  tickMs: 5,
  detailRunningMs: 40,
  detailQueuedMs: 60,
  detailConfirmMs: 250,
  unknownStatusMs: 80,
  goneConfirmMs: 100,
  backgroundRunningMs: 60,
  backgroundQueuedMs: 100,
  requestsPerSecond: 200,
  burst: 40,
  sseCooldownMs: 400,
  sseMaxCooldownMs: 2_000,
  sseReconnectDelayMs: 10,
  backoffBaseMs: 100,
  backoffMaxMs: 1_000,
  retryAfterMinMs: 50,
  flushMs: 10,
};

export interface JobsFixture {
  sim: RunningSimulator;
  store: LoupeStore;
  profileId: string;
  jobs: ProfileJobs;
  /** Requests the simulator saw, optionally only those whose path matches. */
  requests(pattern?: RegExp): Promise<SimRequest[]>;
  dispose(): Promise<void>;
}

export interface FixtureOptions extends ProfileJobsOptions {
  sim: SimulatorOptions;
  /** Use this running simulator instead of starting one (it is not closed by dispose). */
  running?: RunningSimulator;
  /** Talk to the service through this address instead of the simulator's own (a front in between). */
  baseUrl?: string;
  /** Reads the simulator's key through this (a keychain that is locked for a while). */
  wrapCredential?: (read: Connection['credential']) => Connection['credential'];
}

export async function jobsFixture(options: FixtureOptions): Promise<JobsFixture> {
  const sim = options.running ?? (await startFast(options.sim));
  const dir = makeTempDir('loupe-jobs-');
  const store = openStore(dir.file('loupe.db'));
  const profileId = 'p1';
  store.profiles.insert({
    id: profileId,
    name: 'Test',
    surface: sim.control.surface,
    baseUrl: sim.url,
    routerBaseUrl: null,
    builtIn: null,
  });
  const { sim: _sim, running: _running, baseUrl, wrapCredential, ...rest } = options;
  const simConnection = connectionTo(sim, baseUrl === undefined ? {} : { baseUrl });
  const connection =
    wrapCredential === undefined
      ? simConnection
      : { ...simConnection, credential: wrapCredential(simConnection.credential) };
  const jobs = createProfileJobs(profileId, connection, store, {
    // Retries without waiting: a test that meets a failure should not sit out real backoff.
    retryPolicy: new RetryPolicy({ sleep: () => Promise.resolve(), random: () => 0 }),
    reconcileAttempts: 2,
    reconcileDelayMs: 20,
    ...rest,
    watch: { ...fastWatch, ...options.watch },
  });
  return {
    sim,
    store,
    profileId,
    jobs,
    requests: async (pattern) =>
      (await simRequests(sim)).filter((request) => pattern === undefined || pattern.test(request.path)),
    dispose: async () => {
      await jobs.dispose();
      store.close();
      dir.remove();
      if (options.running === undefined) await sim.close();
    },
  };
}

/** A jobs.watch subscriber that records what it hears. */
export interface RecordingWatch {
  events: JobWatchEvent[];
  /** When each event arrived (Date.now()). */
  times: number[];
  ended: { error: Error | undefined } | null;
  emit(event: JobWatchEvent): void;
  end(error?: Error): void;
  live: boolean;
  statuses(): string[];
  modes(): string[];
}

export function recordingWatch(live: boolean): RecordingWatch {
  const recording: RecordingWatch = {
    events: [],
    times: [],
    ended: null,
    live,
    emit: (event) => {
      recording.events.push(event);
      recording.times.push(Date.now());
    },
    end: (error) => {
      recording.ended = { error };
    },
    statuses: () =>
      recording.events.flatMap((event) => (event.type === 'snapshot' ? [event.job.status] : [])),
    modes: () => recording.events.flatMap((event) => (event.type === 'mode' ? [event.mode] : [])),
  };
  return recording;
}

/** `eventually`, polling twice as often: the watcher's intervals here are tens of milliseconds. */
export function until<T>(probe: () => T | null | Promise<T | null>, timeoutMs = 5_000): Promise<T> {
  return eventually(probe, timeoutMs, 5);
}

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What a test that quits and starts a profile's runtime again holds: the first run, and the restart. */
export interface RestartedRuns {
  fixture?: JobsFixture | undefined;
  restarted?: ProfileJobs | undefined;
}

/** Holds a test's runs and disposes of them after each test (the restart first: it uses the first's store). */
export function disposedAfterEach(): RestartedRuns {
  const runs: RestartedRuns = {};
  afterEach(async () => {
    await runs.restarted?.dispose();
    runs.restarted = undefined;
    await runs.fixture?.dispose();
    runs.fixture = undefined;
  });
  return runs;
}
