// Synchronous runs through models.run / models.retryRun against the simulator's Router over real sockets: the
// run and its key are on disk before the request leaves; a run whose answer was lost is sent again under the
// same key and the Router replays it (charged once, by the simulator's own committed-spend figures); byte answers
// and the media a JSON output links to are saved and served by the asset route's responder; the spend meter and
// the models.updates stream follow.
import { profileCapability } from '../content';
import { afterEach, describe, expect, it } from 'vitest';
import {
  routerRunDetailSchema,
  routerSpendSchema,
  type RouterRunDetail,
} from '../../../src-shared/contracts/models';
import type { StreamMessage } from '../../../src-shared/protocol';
import { callOk } from '../app/testing/testCore';
import { addRouterProfile, routerRequests, startRouterEnv, type RouterEnv } from './testing/routerEnv';

const chat = { messages: [{ role: 'user', content: 'hello' }] };
/** lexa/chat-4: 3 cents a run, no fallback provider. */
const CHAT = 'lexa/chat-4';

let env: RouterEnv | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

const detailOf = (value: unknown): RouterRunDetail => routerRunDetailSchema.parse(value);

async function bodyBytes(body: ReadableStream<Uint8Array> | null): Promise<Buffer> {
  return Buffer.from(await new Response(body).arrayBuffer());
}

describe('a synchronous run', () => {
  it('is on disk, marked sent, with the key it carries, before the request leaves', async () => {
    const seen: { key: string | null; state: string | undefined }[] = [];
    let current: RouterEnv | null = null;
    const watching: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      const key = headers.get('idempotency-key');
      if (init?.method === 'POST' && key !== null && current !== null) {
        seen.push({ key, state: current.core.store.routerRuns.findByKey(key)?.state });
      }
      return fetch(input, init);
    };
    env = current = await startRouterEnv({ core: { fetch: watching } });
    const run = detailOf(
      await callOk(env.core, 'models.run', {
        profileId: env.profileId,
        modelId: CHAT,
        input: chat,
        mode: 'sync',
      }),
    );
    expect(seen).toEqual([{ key: expect.stringMatching(/^[0-9a-f-]{36}$/) as string, state: 'sent' }]);
    expect(env.core.store.routerRuns.get(run.runId)?.idempotencyKey).toBe(seen[0]?.key);
    expect(run).toMatchObject({
      modelId: CHAT,
      mode: 'sync',
      state: 'completed',
      creditsUsed: 3,
      replayed: false,
      attempts: 1,
      output: { finish_reason: 'stop' },
      committedSpend: { limit: 50_000, current: 3, remaining: 49_997 },
      error: null,
    });
    expect(run.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('whose answer was lost is sent again under the same key: the Router replays, and charges once', async () => {
    const keys: string[] = [];
    let lose = 1;
    const losing: typeof fetch = async (input, init) => {
      const key = new Headers(init?.headers).get('idempotency-key');
      if (key !== null) keys.push(key);
      const response = await fetch(input, init);
      if (key !== null && lose > 0) {
        lose -= 1;
        // The run happened and was answered; the answer never reaches Loupe.
        await response.arrayBuffer();
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
        });
      }
      return response;
    };
    env = await startRouterEnv({ core: { fetch: losing, router: { maxAttempts: 1 } } });
    const lost = detailOf(
      await callOk(env.core, 'models.run', {
        profileId: env.profileId,
        modelId: CHAT,
        input: chat,
        mode: 'sync',
      }),
    );
    expect(lost).toMatchObject({ state: 'sent', output: null, error: { retryable: true, status: null } });
    // Another run meanwhile: the meter now shows both charges.
    const meanwhile = detailOf(
      await callOk(env.core, 'models.run', {
        profileId: env.profileId,
        modelId: CHAT,
        input: chat,
        mode: 'sync',
      }),
    );
    expect(meanwhile.committedSpend.current).toBe(6);

    const replayed = detailOf(
      await callOk(env.core, 'models.retryRun', { profileId: env.profileId, runId: lost.runId }),
    );
    expect(keys).toHaveLength(3);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[1]).not.toBe(keys[0]);
    expect(replayed).toMatchObject({
      runId: lost.runId,
      state: 'completed',
      replayed: true,
      attempts: 2,
      creditsUsed: 3,
    });
    // The replay carries the figures of its first answer; the meter keeps the newer ones.
    expect(replayed.committedSpend.current).toBe(3);
    expect(env.core.router.spend(env.profileId).committedSpend?.current).toBe(6);

    // One charge for the first run, one for the second, one for this: not four.
    const next = detailOf(
      await callOk(env.core, 'models.run', {
        profileId: env.profileId,
        modelId: CHAT,
        input: chat,
        mode: 'sync',
      }),
    );
    expect(next).toMatchObject({ replayed: false, committedSpend: { current: 9 } });
    expect(routerRequests(env.sim, `/v2/models/${CHAT}`, 'POST')).toHaveLength(4);
    // A completed run is not sent again.
    expect(
      await env.core.dispatcher.call('models.retryRun', { profileId: env.profileId, runId: lost.runId }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_retryable' },
    });
  });

  it('that answers with bytes keeps them on disk, served by the asset route’s responder', async () => {
    env = await startRouterEnv();
    const run = detailOf(
      await callOk(env.core, 'models.run', {
        profileId: env.profileId,
        modelId: 'sonora/tts-1',
        input: { text: 'hello there' },
        mode: 'sync',
      }),
    );
    expect(run).toMatchObject({ state: 'completed', output: null, creditsUsed: 2 });
    expect(run.media).toHaveLength(1);
    const medium = run.media[0]!;
    expect(medium).toMatchObject({ index: 0, kind: 'audio', contentType: 'audio/wav' });
    expect(medium.name).toMatch(/^tts-1-[0-9a-f]{8}-1\.wav$/);
    expect(medium.url).toBe(
      `/asset-bytes/${profileCapability(env.core.content.capability, env.profileId)}/${env.profileId}/router-media/${run.runId}/0`,
    );
    const reply = await env.core.content.responder.respond({
      kind: 'router-media',
      method: 'GET',
      profileId: env.profileId,
      runId: run.runId,
      index: 0,
      range: null,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('audio/wav');
    const bytes = await bodyBytes(reply.body);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.length).toBe(medium.sizeBytes);
    const ranged = await env.core.content.responder.respond({
      kind: 'router-media',
      method: 'GET',
      profileId: env.profileId,
      runId: run.runId,
      index: 0,
      range: 'bytes=8-11',
    });
    expect(ranged.status).toBe(206);
    expect((await bodyBytes(ranged.body)).toString('latin1')).toBe('WAVE');
  });

  it('keeps the pictures its JSON output links to (data: URLs), in the output’s order', async () => {
    env = await startRouterEnv();
    const run = detailOf(
      await callOk(env.core, 'models.run', {
        profileId: env.profileId,
        modelId: 'acme/imagegen-2',
        input: { prompt: 'a lighthouse', num_images: 2 },
        mode: 'sync',
      }),
    );
    expect(run.media.map((medium) => [medium.index, medium.kind, medium.contentType])).toEqual([
      [0, 'image', 'image/png'],
      [1, 'image', 'image/png'],
    ]);
    for (const medium of run.media) {
      const reply = await env.core.content.responder.respond({
        kind: 'router-media',
        method: 'GET',
        profileId: env.profileId,
        runId: run.runId,
        index: medium.index,
        range: null,
      });
      const bytes = await bodyBytes(reply.body);
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    // The native output is kept as it came, its links included.
    expect(JSON.stringify(run.output)).toContain('data:image/png;base64,');
  });

  it('moves the spend meter, from runs and from a 429 alike, and says so on models.updates', async () => {
    env = await startRouterEnv({ core: { router: { maxAttempts: 1 } } });
    const messages: StreamMessage[] = [];
    const owner = {};
    expect(
      env.core.dispatcher.subscribe(owner, 'models.updates', 'updates-1', { profileId: env.profileId }, (m) =>
        messages.push(m),
      ),
    ).toEqual({
      ok: true,
      value: null,
    });
    expect(
      routerSpendSchema.parse(await callOk(env.core, 'models.spend', { profileId: env.profileId })),
    ).toEqual({
      committedSpend: null,
      lastCreditsUsed: null,
      totalCreditsUsed: 0,
      updatedAt: null,
      low: false,
    });
    await callOk(env.core, 'models.run', {
      profileId: env.profileId,
      modelId: CHAT,
      input: chat,
      mode: 'sync',
    });
    await callOk(env.core, 'models.run', {
      profileId: env.profileId,
      modelId: 'lexa/chat-3.5',
      input: chat,
      mode: 'sync',
    });
    expect(
      routerSpendSchema.parse(await callOk(env.core, 'models.spend', { profileId: env.profileId })),
    ).toMatchObject({
      committedSpend: { limit: 50_000, current: 4, remaining: 49_996 },
      lastCreditsUsed: 1,
      totalCreditsUsed: 4,
      low: false,
    });
    const events = messages.flatMap((m) =>
      m.type === 'event' ? [m.event as { runs: { state: string }[] }] : [],
    );
    expect(events.map((event) => event.runs[0]?.state)).toEqual([
      'pending',
      'sent',
      'completed',
      'pending',
      'sent',
      'completed',
    ]);
    expect(events.at(-1)).toMatchObject({ spend: { committedSpend: { current: 4 }, totalCreditsUsed: 4 } });

    // Another account's first word from the Router is a 429: its figures are recorded from that refusal.
    const other = await addRouterProfile(env.core, env.sim, 'other-key', 'other');
    env.sim.control.setFaults({ router: { rateLimited: true } });
    const refused = await env.core.router.run(other, { modelId: CHAT, input: chat, mode: 'sync' });
    expect(refused).toMatchObject({
      state: 'failed',
      error: { status: 429, bucket: 'rate_limited', retryable: true },
    });
    expect(env.core.router.spend(other)).toMatchObject({
      committedSpend: { limit: 50_000, current: 0, remaining: 50_000 },
      totalCreditsUsed: 0,
    });
    env.core.dispatcher.disposeOwner(owner);
  });
});
