import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRouterTestServer, type RouterTestServer } from './testing/testHarness';

let server: RouterTestServer;
beforeAll(async () => {
  server = await startRouterTestServer({ queueStepMs: 5, maxBodyBytes: 64 * 1024 });
});
afterAll(() => server.close());

const IMAGE = '/v2/models/acme/imagegen-2';

interface Images {
  images: { url: string; content_type: string; width: number; height: number }[];
  seed: number;
}

describe('POST /v2/models/{provider}/{model}', () => {
  it('runs a JSON model and reports credits and committed spend', async () => {
    const response = await server.call('POST', IMAGE, {
      body: { prompt: 'a lighthouse', width: 512, seed: 7 },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-svc-request-id')).toBeTruthy();
    expect(response.headers.get('x-svc-credits-used')).toBe('4');
    const limit = Number(response.headers.get('x-committed-spend-limit'));
    const current = Number(response.headers.get('x-committed-spend-current'));
    expect(current).toBeGreaterThanOrEqual(4);
    expect(Number(response.headers.get('x-committed-spend-remaining'))).toBe(limit - current);
    expect(response.headers.get('x-svc-router-dropped-params')).toBeNull();
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    const output = (await response.json()) as Images;
    expect(output.seed).toBe(7);
    expect(output.images[0]).toMatchObject({ content_type: 'image/png', width: 512, height: 1024 });
    const png = Buffer.from(output.images[0]?.url.split(',')[1] ?? '', 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('answers audio bytes under the partner content type with nosniff', async () => {
    const response = await server.call('POST', '/v2/models/sonora/tts-1', { body: { text: 'hello there' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
  });

  it('meters an image-conditioned operation at its own rate', async () => {
    // Its own server: runs that earlier tests left going past their deadline must not hold a slot here.
    const own = await startRouterTestServer({ queueStepMs: 5 });
    try {
      const edit = '/v2/models/acme/imagegen-2-edit';
      const textOnly = await own.call('POST', edit, { body: { prompt: 'x' } });
      expect(textOnly.status).toBe(200);
      expect(textOnly.headers.get('x-svc-credits-used')).toBe('4');
      const withImage = await own.call('POST', edit, {
        body: { prompt: 'x', image_url: 'https://example.com/a.png' },
      });
      expect(withImage.status).toBe(200);
      expect(withImage.headers.get('x-svc-credits-used')).toBe('6');
    } finally {
      await own.close();
    }
  });

  it('refuses a body the schema rejects with 422 and one detail per field', async () => {
    const response = await server.call('POST', IMAGE, {
      body: { prompt: '', width: 5000, num_images: 1.5, extra: true, output_format: 'gif' },
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('x-svc-error-type')).toBe('invalid_input');
    const body = (await response.json()) as { detail: Record<string, unknown>[] };
    expect(body).not.toHaveProperty('error_type');
    expect(body.detail).toEqual(
      expect.arrayContaining([
        {
          loc: ['body', 'prompt'],
          msg: 'String should have at least 1 character',
          type: 'string_too_short',
          ctx: { min_length: 1 },
          input: '',
        },
        {
          loc: ['body', 'width'],
          msg: 'Input should be less than or equal to 2048',
          type: 'less_than_equal',
          ctx: { le: 2048 },
          input: 5000,
        },
        { loc: ['body', 'num_images'], msg: 'Input should be a valid integer', type: 'int_type', input: 1.5 },
        {
          loc: ['body', 'extra'],
          msg: 'Extra inputs are not permitted',
          type: 'extra_forbidden',
          input: true,
        },
        expect.objectContaining({ loc: ['body', 'output_format'], type: 'literal_error' }),
      ]),
    );
    expect(body.detail).toHaveLength(5);

    const missing = (await (await server.call('POST', IMAGE, { body: {} })).json()) as { detail: object[] };
    expect(missing.detail).toEqual([{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' }]);
    const chat = (await (
      await server.call('POST', '/v2/models/lexa/chat-3.5', {
        body: { messages: [{ role: 'robot', content: 'hi' }] },
      })
    ).json()) as { detail: { loc: unknown[] }[] };
    expect(chat.detail[0]?.loc).toEqual(['body', 'messages', 0, 'role']);
  });

  it('refuses malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await server.call('POST', IMAGE, { rawBody: '{"prompt":' });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('x-svc-error-type')).toBe('invalid_input');
    const huge = await server.call('POST', IMAGE, { body: { prompt: 'x'.repeat(100 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('x-svc-error-type')).toBeTruthy();
  });
});

describe('provider selection', () => {
  const run = (query: string, body: unknown): Promise<Response> =>
    server.call('POST', `${IMAGE}?${query}`, { body });

  it('dispatches natively for default and for the vendor name', async () => {
    for (const query of ['model_provider=default', 'model_provider=acme', 'strict_mode=true']) {
      const response = await run(query, { prompt: 'x', negative_prompt: 'y' });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-svc-router-dropped-params')).toBeNull();
      expect(await response.json()).toHaveProperty('images');
    }
  });

  it('translates for an alternate provider and discloses dropped params', async () => {
    const response = await run('model_provider=kiln', {
      prompt: 'x',
      negative_prompt: 'y',
      guidance_scale: 3,
      seed: 1,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-svc-router-dropped-params')).toBe('negative_prompt,guidance_scale');
    expect(((await response.json()) as Images).seed).toBe(1);
  });

  it('forwards strict-mode bodies unvalidated and returns the provider answer unchanged', async () => {
    const response = await run('model_provider=kiln&strict_mode=true', { prompt: 'x', kiln_style: 'raw' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-svc-router-dropped-params')).toBeNull();
    expect(await response.json()).toMatchObject({ provider: 'kiln', status: 'succeeded' });
    const rejected = await run('model_provider=kiln&strict_mode=true', ['not', 'an', 'object']);
    expect(rejected.status).toBe(400);
    expect(rejected.headers.get('x-svc-upstream-status')).toBe('400');
    const body = (await rejected.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ error_type: 'invalid_input' });
    expect(body.upstream_detail).toBe(rejected.headers.get('x-svc-upstream-detail'));
  });

  it('returns the raw provider answer when translating it back fails', async () => {
    const response = await server.call('POST', '/v2/models/lexa/chat-3.5?model_provider=nimbus', {
      body: { messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(await response.json()).toMatchObject({ provider: 'nimbus', output: { finish_reason: 'stop' } });
  });

  it('refuses unknown providers with 400 and real non-serving ones with 404', async () => {
    const unknown = await run('model_provider=bogus', { prompt: 'x' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Record<string, unknown>).error_type).toBe('invalid_input');
    for (const provider of ['harbor', 'sonora']) {
      const response = await run(`model_provider=${provider}`, { prompt: 'x' });
      expect(response.status).toBe(404);
      expect(response.headers.get('x-svc-error-type')).toBe('model_not_found');
    }
    expect((await run('strict_mode=maybe', { prompt: 'x' })).status).toBe(400);
  });
});

describe('faults and limits', () => {
  it('answers 429 rate_limited with Retry-After and spend headers', async () => {
    server.sim.setFaults({ rateLimited: true });
    try {
      const response = await server.call('POST', IMAGE, { body: { prompt: 'x' } });
      expect(response.status).toBe(429);
      expect(response.headers.get('x-svc-error-type')).toBe('rate_limited');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(response.headers.get('x-committed-spend-limit')).toBeTruthy();
    } finally {
      server.sim.setFaults({});
    }
  });

  it('answers 502 provider_error, unless a fallback provider rescues the call', async () => {
    server.sim.setFaults({ providerError: true });
    try {
      const music = await server.call('POST', '/v2/models/sonora/music-1', { body: { prompt: 'x' } });
      expect(music.status).toBe(502);
      expect(music.headers.get('x-svc-error-type')).toBe('provider_error');
      expect(music.headers.get('x-svc-upstream-status')).toBe('500');

      const rescued = await server.call('POST', IMAGE, { body: { prompt: 'x', seed: 3 } });
      expect(rescued.status).toBe(200);
      expect(rescued.headers.get('x-svc-router-fallback-provider')).toBe('kiln');
      const named = await server.call('POST', `${IMAGE}?fallback_provider=fastlane`, {
        body: { prompt: 'x', seed: 3 },
      });
      expect(named.headers.get('x-svc-router-fallback-provider')).toBe('fastlane');
      expect(named.headers.get('x-svc-router-dropped-params')).toBe('seed');
      const disabled = await server.call('POST', `${IMAGE}?fallback_provider=false`, {
        body: { prompt: 'x' },
      });
      expect(disabled.status).toBe(502);
    } finally {
      server.sim.setFaults({});
    }
  });

  it('answers 402 insufficient_credits once committed spend would pass its limit', async () => {
    const capped = await startRouterTestServer({ queueStepMs: 5, committedSpendLimitCents: 5 });
    try {
      const first = await capped.call('POST', IMAGE, { body: { prompt: 'x' } });
      expect(first.headers.get('x-committed-spend-remaining')).toBe('1');
      const second = await capped.call('POST', IMAGE, { body: { prompt: 'x' } });
      expect(second.status).toBe(402);
      expect(second.headers.get('x-svc-error-type')).toBe('insufficient_credits');
    } finally {
      await capped.close();
    }
  });

  it('limits in-flight calls per owner with 429 and X-Concurrency-* headers', async () => {
    const pool = await startRouterTestServer({ queueStepMs: 40, concurrencyLimit: 4 });
    try {
      // lumen/cinema-1 costs $6, so it gets a quarter of the pool: one slot. Its run outlives the 504 deadline.
      const cinema = '/v2/models/lumen/cinema-1';
      const first = await pool.call('POST', cinema, { body: { prompt: 'x' } });
      expect(first.status).toBe(504);
      expect(first.headers.get('x-svc-error-type')).toBe('deadline_exceeded');
      expect(first.headers.get('retry-after')).toBeNull();
      const second = await pool.call('POST', cinema, { body: { prompt: 'y' } });
      expect(second.status).toBe(429);
      expect(second.headers.get('x-svc-error-type')).toBe('concurrency_limit_exceeded');
      expect(second.headers.get('x-concurrency-limit')).toBe('1');
      expect(second.headers.get('x-concurrency-current')).toBe('1');
      expect(second.headers.get('x-concurrency-remaining')).toBe('0');
      expect(second.headers.get('x-committed-spend-current')).toBeTruthy();
      // Cheaper models still have room in the pool, and other owners have their own pool.
      expect((await pool.call('POST', IMAGE, { body: { prompt: 'x' } })).status).toBe(200);
      expect((await pool.call('POST', cinema, { key: 'other-key', body: { prompt: 'x' } })).status).toBe(504);
    } finally {
      await pool.close();
    }
  });
});
