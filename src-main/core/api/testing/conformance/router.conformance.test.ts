// Every RouterClient call against the simulator's Router, under a mount prefix and through real sockets:
// catalog pages with cursors, model detail, openapi.json with its ETag cache, synchronous runs (JSON and
// bytes, provider translation, record-and-replay), queued runs followed only through the returned URLs,
// and the Router's error buckets (model-router-api.md, NOTES part B).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../http';
import { RetryPolicy } from '../../retry';
import { RouterClient } from '../../routerClient';
import { simulatorFixture } from './simulatorFixture';
import { apiErrorOf, clientsFor, connectionTo, eventually, setFaults, simRequests } from './simulatorHarness';

const env = simulatorFixture({ surface: 'serverless', prefix: '/mount' });
const chat = { messages: [{ role: 'user', content: 'hello there' }] };

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('catalog', () => {
  it('pages with next_cursor while has_more, each model once; a short page is not the end', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await env.api.router.listModels({ limit: 7, ...(cursor === null ? {} : { cursor }) });
      pages += 1;
      expect(page.limit).toBe(7);
      seen.push(...page.models.map((model) => model.id));
      cursor = page.hasMore ? page.nextCursor : null;
    } while (cursor !== null);
    expect(pages).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain('lexa/chat-3.5');
  });

  it('a malformed cursor is 400 invalid_input; an ill-formed model id is refused before sending', async () => {
    expect(await apiErrorOf(() => env.api.router.listModels({ cursor: 'bogus' }))).toMatchObject({
      status: 400,
      code: 'invalid_input',
    });
    expect(await apiErrorOf(() => env.api.router.getModel('Not A Model'))).toMatchObject({
      kind: 'invalid-request',
      code: 'invalid_model_id',
    });
  });

  it('detail of a model, and 404 model_not_found for one that does not exist', async () => {
    const detail = await env.api.router.getModel('lexa/chat-3.5');
    expect(detail).toMatchObject({ id: 'lexa/chat-3.5', provider: 'lexa', model: 'chat-3.5' });
    expect(detail.input_schema_url).toMatch(/^https:\/\//);
    expect(await apiErrorOf(() => env.api.router.getModel('acme/no-such-model'))).toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
  });

  it('openapi.json is stored with its ETag and revalidated with If-None-Match (304)', async () => {
    const first = await env.api.router.openApi('lexa/chat-3.5');
    expect(first.fromCache).toBe(false);
    expect(first.etag).not.toBeNull();
    const second = await env.api.router.openApi('lexa/chat-3.5');
    expect(second).toMatchObject({ fromCache: true, etag: first.etag });
    expect(second.document).toEqual(first.document);
    const statuses = (await simRequests(env.sim)).filter((r) => r.path.endsWith('/openapi.json'));
    expect(statuses.map((r) => r.status)).toEqual([200, 304]);
  });
});

describe('synchronous runs', () => {
  it('JSON output with metering headers, sent with X-API-Key', async () => {
    const result = await env.api.router.run('lexa/chat-3.5', chat);
    if (result.kind !== 'json') throw new Error('expected JSON');
    expect(result.data).toMatchObject({ finish_reason: 'stop' });
    expect(result.meta.requestId).not.toBeNull();
    expect(result.meta.creditsUsed).toBeGreaterThan(0);
    expect(result.meta.committedSpend.limit).not.toBeNull();
    expect(result.meta.replayed).toBe(false);
  });

  it('bytes under the partner’s own Content-Type', async () => {
    const result = await env.api.router.run('sonora/tts-1', { text: 'hello' });
    if (result.kind !== 'bytes') throw new Error('expected bytes');
    expect(result.contentType).toBe('audio/wav');
    expect((await readAll(result.body)).subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('an alternate provider discloses the fields it dropped', async () => {
    const result = await env.api.router.run(
      'acme/imagegen-2',
      { prompt: 'a lighthouse', negative_prompt: 'fog' },
      { modelProvider: 'kiln' },
    );
    expect(result.meta.droppedParams).toContain('negative_prompt');
  });

  it('the same key is answered from the record (Idempotent-Replayed)', async () => {
    const idempotencyKey = randomUUID();
    await env.api.router.run('lexa/chat-3.5', chat, { idempotencyKey });
    const again = await env.api.router.run('lexa/chat-3.5', chat, { idempotencyKey });
    expect(again.meta.replayed).toBe(true);
  });

  it('a deadline (504) is handed back with Retry-After; a repeat while running (409) is waited out, then replayed', async () => {
    const waits: number[] = [];
    const realTime = new RouterClient(
      new HttpClient({
        connection: connectionTo(env.sim),
        retryPolicy: new RetryPolicy({
          random: () => 0,
          sleep: (ms) => {
            waits.push(ms);
            return new Promise((resolve) => setTimeout(resolve, ms));
          },
        }),
      }),
    );
    const idempotencyKey = randomUUID();
    const deadline = await apiErrorOf(() =>
      realTime.run('lumen/video-1', { prompt: 'waves' }, { idempotencyKey }),
    );
    expect(deadline).toMatchObject({ status: 504, code: 'deadline_exceeded' });
    expect(deadline.retryAfterMs).toBeGreaterThanOrEqual(1000);
    const collected = await realTime.run('lumen/video-1', { prompt: 'waves' }, { idempotencyKey });
    expect(collected.kind).toBe('json');
    expect(collected.meta.replayed).toBe(true);
    const runs = (await simRequests(env.sim)).filter((r) => r.method === 'POST');
    expect(runs.map((r) => r.status)).toEqual(waits.length === 0 ? [504, 200] : [504, 409, 200]);
  });

  it('422 lists every validation failure; the bucket comes from X-Svc-Error-Type', async () => {
    const error = await apiErrorOf(() => env.api.router.run('lexa/chat-3.5', { messages: 'nope', extra: 1 }));
    expect(error).toMatchObject({ status: 422, code: 'invalid_input' });
    expect(Array.isArray(error.details)).toBe(true);
    expect((error.details as unknown[]).length).toBeGreaterThan(1);
  });

  it('401 unauthorized for an unknown key', async () => {
    const stranger = clientsFor(connectionTo(env.sim, { key: 'nope' }));
    expect(await apiErrorOf(() => stranger.router.listModels())).toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
  });

  it('429 rate_limited: a keyed run waits Retry-After between attempts, then hands the 429 back', async () => {
    await setFaults(env.sim, { router: { rateLimited: true } });
    const error = await apiErrorOf(() => env.api.router.run('lexa/chat-3.5', chat));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 2000 });
    expect(env.api.waits).toEqual([2000, 2000, 2000]);
  });

  it('502 provider_error is not retried; with fallback on, the other provider rescues the call', async () => {
    await setFaults(env.sim, { router: { providerError: true } });
    const error = await apiErrorOf(() => env.api.router.run('lexa/chat-4', chat));
    expect(error).toMatchObject({ status: 502, code: 'provider_error' });
    expect(env.api.waits).toEqual([]);
    const rescued = await env.api.router.run('lexa/chat-3.5', chat);
    expect(rescued.meta.fallbackProvider).not.toBeNull();
  });

  it('503 service_unavailable: reads retried at Retry-After, then handed back', async () => {
    await setFaults(env.sim, { router: { unavailable: true } });
    const error = await apiErrorOf(() => env.api.router.listModels());
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(env.api.waits).toEqual([1000, 1000, 1000]);
  });
});

describe('queued runs, followed through the returned URLs', () => {
  it('submit → status → result: 202 while unfinished, the output once COMPLETED', async () => {
    const handle = await env.api.router.submit('lexa/chat-3.5', chat);
    expect(handle.status_url).toBe(
      `${env.sim.url}/v2/models/lexa/chat-3.5/requests/${handle.request_id}/status`,
    );
    const status = await env.api.router.status(handle);
    expect(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']).toContain(status.status.status);
    const early = await env.api.router.result(handle);
    expect(['pending', 'json']).toContain(early.kind);
    const done = await eventually(async () => {
      const result = await env.api.router.result(handle);
      return result.kind === 'pending' ? null : result;
    });
    expect(done.kind).toBe('json');
    const finished = await env.api.router.status(handle);
    expect(finished.status).toMatchObject({ status: 'COMPLETED', error_type: null });
    expect(await env.api.router.cancel(handle)).toMatchObject({ status: 'ALREADY_COMPLETED' });
  });

  it('cancel is a request: CANCELLATION_REQUESTED, then COMPLETED with error_type cancelled, result 409', async () => {
    const handle = await env.api.router.submit('lumen/cinema-1', { prompt: 'a long take' });
    expect(await env.api.router.cancel(handle)).toMatchObject({ status: 'CANCELLATION_REQUESTED' });
    const completed = await eventually(async () => {
      const read = await env.api.router.status(handle);
      return read.status.status === 'COMPLETED' ? read.status : null;
    });
    expect(completed.error_type).toBe('cancelled');
    expect(await apiErrorOf(() => env.api.router.result(handle))).toMatchObject({
      status: 409,
      code: 'cancelled',
    });
  });

  it('a finished request ages out after 24 hours: 410 on status and result', async () => {
    const handle = await env.api.router.submit('lexa/chat-3.5', chat);
    await eventually(async () => ((await env.api.router.result(handle)).kind === 'pending' ? null : true));
    env.sim.control.advanceClock(25 * 60 * 60 * 1000);
    expect((await apiErrorOf(() => env.api.router.status(handle))).status).toBe(410);
    expect((await apiErrorOf(() => env.api.router.result(handle))).status).toBe(410);
  });

  it('429 queue_backlog_full once too many of the caller’s requests are waiting', async () => {
    const accepted: string[] = [];
    let refusal: unknown = null;
    // The waits of the refused call alone: an accepted one may have waited out a passing 429 first.
    let waitsBefore = 0;
    for (let i = 0; i < 30 && refusal === null; i++) {
      waitsBefore = env.api.waits.length;
      try {
        accepted.push((await env.api.router.submit('lumen/cinema-1', { prompt: `take ${i}` })).request_id);
      } catch (error) {
        refusal = error;
      }
    }
    expect(refusal).toMatchObject({ status: 429, code: 'queue_backlog_full' });
    expect(accepted.length).toBeGreaterThanOrEqual(20);
    // Refused before admission, at its Retry-After, each time the client tried again.
    expect(env.api.waits.length - waitsBefore).toBe(3);
  });

  it('a request id the Router does not know is 404 request_not_found', async () => {
    const base = `${env.sim.url}/v2/models/lexa/chat-3.5/requests/${randomUUID()}`;
    expect(await apiErrorOf(() => env.api.router.status({ status_url: `${base}/status` }))).toMatchObject({
      status: 404,
      code: 'request_not_found',
    });
  });
});
