import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRouterTestServer, waitFor, type RouterTestServer } from './testing/testHarness';

let clock = Date.now();
let server: RouterTestServer;
beforeAll(async () => {
  server = await startRouterTestServer({ queueStepMs: 25, now: () => clock });
});
afterAll(() => server.close());

const IMAGE = '/v2/models/acme/imagegen-2';
const keyed = (key: string) => ({ 'idempotency-key': key });

describe('record-and-replay idempotency', () => {
  it('replays the recorded answer without charging again', async () => {
    const first = await server.call('POST', IMAGE, { body: { prompt: 'cat' }, headers: keyed('replay-1') });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    const spent = first.headers.get('x-committed-spend-current');
    const firstBody = await first.text();

    const again = await server.call('POST', IMAGE, { body: { prompt: 'cat' }, headers: keyed('replay-1') });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-committed-spend-current')).toBe(spent);
    expect(again.headers.get('x-svc-request-id')).not.toBe(first.headers.get('x-svc-request-id'));
    expect(await again.text()).toBe(firstBody);

    const next = await server.call('POST', IMAGE, { body: { prompt: 'cat' } });
    expect(Number(next.headers.get('x-committed-spend-current'))).toBe(Number(spent) + 4);
  });

  it('replays audio bytes', async () => {
    const tts = '/v2/models/sonora/tts-1';
    const first = Buffer.from(
      await (await server.call('POST', tts, { body: { text: 'hi' }, headers: keyed('a-1') })).arrayBuffer(),
    );
    const again = await server.call('POST', tts, { body: { text: 'hi' }, headers: keyed('a-1') });
    expect(again.headers.get('content-type')).toBe('audio/wav');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(Buffer.from(await again.arrayBuffer()).equals(first)).toBe(true);
  });

  it('refuses a key reused for a different call with 409 invalid_input', async () => {
    await server.call('POST', IMAGE, { body: { prompt: 'dog' }, headers: keyed('diff-1') });
    const otherBody = await server.call('POST', IMAGE, { body: { prompt: 'fox' }, headers: keyed('diff-1') });
    expect(otherBody.status).toBe(409);
    expect(otherBody.headers.get('x-svc-error-type')).toBe('invalid_input');
    expect(((await otherBody.json()) as Record<string, unknown>).error_type).toBe('invalid_input');
    const queued = await server.call('POST', `${IMAGE}/requests`, {
      body: { prompt: 'dog' },
      headers: keyed('diff-1'),
    });
    expect(queued.status).toBe(409);
  });

  it('scopes keys to the workspace', async () => {
    await server.call('POST', IMAGE, { body: { prompt: 'owl' }, headers: keyed('scope-1') });
    const other = await server.call('POST', IMAGE, {
      key: 'other-key',
      body: { prompt: 'owl' },
      headers: keyed('scope-1'),
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBe('false');
  });

  it('releases the key on refusals before dispatch', async () => {
    const invalid = await server.call('POST', IMAGE, { body: { prompt: '' }, headers: keyed('release-1') });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('idempotent-replayed')).toBe('false');
    server.sim.setFaults({ rateLimited: true });
    const limited = await server.call('POST', IMAGE, { body: { prompt: 'ok' }, headers: keyed('release-1') });
    server.sim.setFaults({});
    expect(limited.status).toBe(429);
    const valid = await server.call('POST', IMAGE, { body: { prompt: 'ok' }, headers: keyed('release-1') });
    expect(valid.status).toBe(200);
    expect(valid.headers.get('idempotent-replayed')).toBe('false');
  });

  it('records answers given after dispatch, failures included', async () => {
    server.sim.setFaults({ providerError: true });
    const failed = await server.call('POST', '/v2/models/sonora/music-1', {
      body: { prompt: 'x' },
      headers: keyed('fail-1'),
    });
    server.sim.setFaults({});
    expect(failed.status).toBe(502);
    const again = await server.call('POST', '/v2/models/sonora/music-1', {
      body: { prompt: 'x' },
      headers: keyed('fail-1'),
    });
    expect(again.status).toBe(502);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const strict = `${IMAGE}?model_provider=kiln&strict_mode=true`;
    const rejected = await server.call('POST', strict, { body: [1], headers: keyed('fail-2') });
    expect(rejected.status).toBe(400);
    expect(rejected.headers.get('idempotent-replayed')).toBe('false');
    const replayed = await server.call('POST', strict, { body: [1], headers: keyed('fail-2') });
    expect(replayed.status).toBe(400);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers 409 concurrency_limit_exceeded while the keyed call still runs, then replays its result', async () => {
    // A video run outlives the synchronous deadline: 504 now, the answer is collected by repeating the key.
    // Slow steps leave a wide window (8 steps) between the 504 and the run's real end.
    const slow = await startRouterTestServer({ queueStepMs: 50 });
    try {
      const call = () =>
        slow.call('POST', '/v2/models/lumen/cinema-1', {
          body: { prompt: 'waves' },
          headers: keyed('video-1'),
        });
      const first = await call();
      expect(first.status).toBe(504);
      expect(first.headers.get('x-svc-error-type')).toBe('deadline_exceeded');
      expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const inFlight = await call();
      expect(inFlight.status).toBe(409);
      expect(inFlight.headers.get('x-svc-error-type')).toBe('concurrency_limit_exceeded');
      expect(Number(inFlight.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const done = await waitFor(async () => {
        const response = await call();
        return response.status === 200 ? response : undefined;
      });
      expect(done.headers.get('idempotent-replayed')).toBe('true');
      expect(await done.json()).toHaveProperty('video.content_type', 'video/mp4');
    } finally {
      await slow.close();
    }
  });

  it('validates the key length and forgets records after 24 hours', async () => {
    const long = await server.call('POST', IMAGE, { body: { prompt: 'x' }, headers: keyed('k'.repeat(256)) });
    expect(long.status).toBe(400);
    expect(long.headers.get('x-svc-error-type')).toBe('invalid_input');
    const empty = await server.call('POST', IMAGE, { body: { prompt: 'x' }, headers: keyed('') });
    expect(empty.status).toBe(400);
    expect(
      (await server.call('POST', IMAGE, { body: { prompt: 'x' }, headers: keyed('k'.repeat(255)) })).status,
    ).toBe(200);

    await server.call('POST', IMAGE, { body: { prompt: 'old' }, headers: keyed('ttl-1') });
    clock += 25 * 60 * 60 * 1000;
    const later = await server.call('POST', IMAGE, { body: { prompt: 'new' }, headers: keyed('ttl-1') });
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBe('false');
  });
});
