// The stream side of the watcher against a server that refuses streams: a 429's Retry-After closes the door to
// new streams for a while, held between the cooldown and the longest cooldown, on a clock the test moves.
import { afterEach, expect, it } from 'vitest';
import { RetryPolicy } from '../api';
import { json, startTestServer, testConnection, type TestServer } from '../api/testing/testServer';
import { until } from '../jobs/testing/conformance/jobsHarness';
import { defaultWatchConfig } from './config';
import { LiveStreams } from './liveStreams';
import { ObservedHttpClient } from './observedHttp';
import { ManualTimers } from './testing/manualTimers';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const MINUTE = 60_000;

/** Streams for job j1 on a server whose every stream request is refused with this Retry-After. */
async function refusedStreams(retryAfter: string) {
  server = await startTestServer((_request, response) =>
    json(
      response,
      429,
      { error: { code: 'too_many_streams', message: 'Too many open event streams.' } },
      { 'retry-after': retryAfter },
    ),
  );
  const origin = server.origin;
  const timers = new ManualTimers();
  const interrupted: string[] = [];
  const streams = new LiveStreams({
    httpFor: (onFailure) =>
      new ObservedHttpClient(
        { connection: testConnection(origin), retryPolicy: new RetryPolicy({ maxAttempts: 1 }) },
        onFailure,
      ),
    timers,
    config: { ...defaultWatchConfig, sseCooldownMs: 30_000, sseMaxCooldownMs: 5 * MINUTE },
    host: {
      eventsUrl: () => `${origin}/api/v2/jobs/j1/events`,
      onEvent: () => undefined,
      onConnected: () => undefined,
      onInterrupted: (_jobId, reason) => interrupted.push(reason),
      pollAfterDrop: () => Promise.resolve(false),
      onJobEnded: () => undefined,
    },
    logError: () => undefined,
  });
  streams.sync(['j1']);
  await until(() => streams.unavailableReason('j1'));
  return { streams, timers };
}

it('a day’s Retry-After on a refused stream closes the door for the longest cooldown, not the day', async () => {
  const { streams, timers } = await refusedStreams('86400');
  expect(streams.unavailableReason('j1')).toMatch(/no live stream to spare/);
  timers.advance(5 * MINUTE - 1);
  expect(streams.unavailableReason('j1')).toMatch(/no live stream to spare/);
  timers.advance(1);
  expect(streams.unavailableReason('j1')).toBeNull();
  streams.stopAll();
});

it('a Retry-After shorter than the cooldown still waits the cooldown', async () => {
  const { streams, timers } = await refusedStreams('1');
  timers.advance(29_999);
  expect(streams.unavailableReason('j1')).toMatch(/no live stream to spare/);
  timers.advance(1);
  expect(streams.unavailableReason('j1')).toBeNull();
  streams.stopAll();
});
