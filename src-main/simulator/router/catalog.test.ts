import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRouterTestServer, type RouterTestServer } from './testing/testHarness';

const ID_PATTERN = /^[a-z0-9]+([._-][a-z0-9]+)*\/[a-z0-9]+([._-][a-z0-9]+)*$/;

interface Page {
  data: { id: string; provider: string; model: string; billing: { charges_on_policy_rejection: string } }[];
  has_more: boolean;
  next_cursor?: string;
  limit: number;
}

let server: RouterTestServer;
beforeAll(async () => {
  server = await startRouterTestServer();
});
afterAll(() => server.close());

async function expectRouterError(response: Response, status: number, errorType: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('x-svc-error-type')).toBe(errorType);
  expect(response.headers.get('x-svc-request-id')).toBeTruthy();
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.error_type).toBe(errorType);
  expect(typeof body.detail).toBe('string');
}

describe('authentication', () => {
  it('refuses a missing or unknown credential with 401 unauthorized', async () => {
    await expectRouterError(await server.call('GET', '/v2/models', { key: null }), 401, 'unauthorized');
    await expectRouterError(await server.call('GET', '/v2/models', { key: 'nope' }), 401, 'unauthorized');
  });

  it('accepts the key as a Bearer token, and X-API-Key wins over Authorization', async () => {
    const bearer = await server.call('GET', '/v2/models', {
      key: null,
      headers: { authorization: 'Bearer demo-key' },
    });
    expect(bearer.status).toBe(200);
    const both = await server.call('GET', '/v2/models', {
      key: 'nope',
      headers: { authorization: 'Bearer demo-key' },
    });
    expect(both.status).toBe(401);
  });

  it('refuses an Idempotency-Key sent without authentication', async () => {
    const response = await server.call('POST', '/v2/models/acme/imagegen-2', {
      key: null,
      body: { prompt: 'x' },
      headers: { 'idempotency-key': 'k1' },
    });
    await expectRouterError(response, 401, 'unauthorized');
  });
});

describe('GET /v2/models', () => {
  it('pages through the catalog; a short page still has more', async () => {
    const first = await server.call('GET', '/v2/models');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-svc-request-id')).toBeTruthy();
    const page = (await first.json()) as Page;
    expect(page.limit).toBe(20);
    expect(page.has_more).toBe(true);
    expect(page.data.length).toBeLessThan(20);
    expect(page.next_cursor).toBeTruthy();

    const ids = page.data.map((entry) => entry.id);
    let cursor = page.next_cursor;
    while (cursor !== undefined) {
      const next = (await (await server.call('GET', `/v2/models?cursor=${cursor}`)).json()) as Page;
      ids.push(...next.data.map((entry) => entry.id));
      if (!next.has_more) expect(next.next_cursor).toBeUndefined();
      cursor = next.has_more ? next.next_cursor : undefined;
    }
    expect(ids.length).toBeGreaterThanOrEqual(28);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('sonora/tts-1');
    for (const entry of page.data) {
      expect(entry.id).toMatch(ID_PATTERN);
      expect(entry.id).toBe(`${entry.provider}/${entry.model}`);
      expect(Object.keys(entry).sort()).toEqual(['billing', 'id', 'model', 'provider']);
      expect(typeof entry.billing.charges_on_policy_rejection).toBe('string');
    }
  });

  it('clamps the limit: above 100 to 100, zero or below to 20', async () => {
    const big = (await (await server.call('GET', '/v2/models?limit=500')).json()) as Page;
    expect(big.limit).toBe(100);
    expect(big.has_more).toBe(false);
    expect(big.next_cursor).toBeUndefined();
    expect(((await (await server.call('GET', '/v2/models?limit=0')).json()) as Page).limit).toBe(20);
    expect(((await (await server.call('GET', '/v2/models?limit=-3')).json()) as Page).limit).toBe(20);
    const small = (await (await server.call('GET', '/v2/models?limit=5')).json()) as Page;
    expect(small.limit).toBe(5);
  });

  it('refuses malformed cursors and limits with 400 invalid_input', async () => {
    await expectRouterError(await server.call('GET', '/v2/models?cursor=not*a*cursor'), 400, 'invalid_input');
    const forged = Buffer.from('c1.9999').toString('base64url');
    await expectRouterError(await server.call('GET', `/v2/models?cursor=${forged}`), 400, 'invalid_input');
    await expectRouterError(await server.call('GET', '/v2/models?cursor='), 400, 'invalid_input');
    await expectRouterError(
      await server.call('GET', `/v2/models?cursor=${'a'.repeat(513)}`),
      400,
      'invalid_input',
    );
    await expectRouterError(await server.call('GET', '/v2/models?limit=ten'), 400, 'invalid_input');
  });
});

describe('GET /v2/models/{provider}/{model}', () => {
  it('returns the list entry plus input_schema_url when one is written', async () => {
    const response = await server.call('GET', '/v2/models/acme/imagegen-2');
    expect(response.status).toBe(200);
    const detail = (await response.json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ id: 'acme/imagegen-2', provider: 'acme', model: 'imagegen-2' });
    expect(String(detail.input_schema_url)).toMatch(/^https:\/\//);
    const bare = (await (await server.call('GET', '/v2/models/lexa/code-2')).json()) as Record<
      string,
      unknown
    >;
    expect(bare).not.toHaveProperty('input_schema_url');
  });

  it('answers 404 model_not_found for unknown, unlisted and malformed ids', async () => {
    for (const path of [
      '/v2/models/acme/nope',
      '/v2/models/acme/imagegen-1',
      '/v2/models/Acme/imagegen-2',
      `/v2/models/${'a'.repeat(65)}/x`,
      `/v2/models/acme/${'m'.repeat(129)}`,
    ]) {
      await expectRouterError(await server.call('GET', path), 404, 'model_not_found');
    }
  });
});

describe('GET …/openapi.json', () => {
  const path = '/v2/models/acme/imagegen-2/openapi.json';

  it('serves a standalone document with a strong ETag and private caching', async () => {
    const response = await server.call('GET', path);
    expect(response.status).toBe(200);
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(response.headers.get('cache-control')).toBe('private, max-age=300, must-revalidate');
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: { required: string[] } }> } } }
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const run = doc.paths['/v2/models/acme/imagegen-2']?.post;
    expect(run?.requestBody.content['application/json']?.schema.required).toEqual(['prompt']);
  });

  it('answers 304 with no body on a weak or exact match and on *', async () => {
    const etag = (await server.call('GET', path)).headers.get('etag') ?? '';
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await server.call('GET', path, { headers: { 'if-none-match': ifNoneMatch } });
      expect(response.status).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe('private, max-age=300, must-revalidate');
      expect(await response.text()).toBe('');
    }
    const miss = await server.call('GET', path, { headers: { 'if-none-match': '"stale"' } });
    expect(miss.status).toBe(200);
  });

  it('publishes audio output as bytes, and one model without the output half', async () => {
    const tts = (await (await server.call('GET', '/v2/models/sonora/tts-1/openapi.json')).json()) as {
      paths: Record<string, { post: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    expect(Object.keys(tts.paths['/v2/models/sonora/tts-1']?.post.responses['200']?.content ?? {})).toEqual([
      'audio/wav',
    ]);
    const chat = (await (
      await server.call('GET', '/v2/models/lexa/chat-4/openapi.json')
    ).json()) as typeof tts;
    expect(chat.paths['/v2/models/lexa/chat-4']?.post.responses['200']).not.toHaveProperty('content');
    await expectRouterError(
      await server.call('GET', '/v2/models/acme/nope/openapi.json'),
      404,
      'model_not_found',
    );
  });
});

describe('faults', () => {
  it('answers 503 service_unavailable while the Router is down', async () => {
    server.sim.setFaults({ unavailable: true });
    try {
      await expectRouterError(await server.call('GET', '/v2/models'), 503, 'service_unavailable');
    } finally {
      server.sim.setFaults({});
    }
    expect((await server.call('GET', '/v2/models')).status).toBe(200);
  });
});
