// acme/imagegen-2-signed answers with pictures as a partner CDN hands them out: signed links under /_storage/ with
// no extension and no content_type beside them, only `?ct=` and a signature. The link serves the PNG under its
// Content-Type (a ranged GET too), refuses HEAD (the signature is for GET, as an object store's is), refuses a
// tampered link, and dies after its lifetime; a replay of the key hands out the recorded links, while each read
// of a queued result presigns fresh ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../server';
import { startFast } from '../testing/testKit';

const TTL_MS = 400;
const MODEL = '/v2/models/acme/imagegen-2-signed';
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless', timing: { routerMediaUrlTtlMs: TTL_MS } });
});
afterAll(() => sim.close());

interface SignedImages {
  images: { url: string; width: number; height: number; content_type?: string }[];
}

function call(path: string, init: { method?: string; body?: unknown; key?: string } = {}): Promise<Response> {
  return fetch(`${sim.url}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      'x-api-key': 'demo-key',
      'content-type': 'application/json',
      ...(init.key === undefined ? {} : { 'idempotency-key': init.key }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function signedRun(key: string): Promise<SignedImages> {
  const response = await call(MODEL, { body: { prompt: 'a harbour', num_images: 2, seed: 3 }, key });
  expect(response.status).toBe(200);
  return (await response.json()) as SignedImages;
}

describe('a model whose pictures are signed links', () => {
  it('links them by signed URLs that say nothing of the type but the query, served without a credential', async () => {
    const output = await signedRun('signed-1');
    expect(output.images).toHaveLength(2);
    for (const image of output.images) {
      expect(image.content_type).toBeUndefined();
      const link = new URL(image.url);
      expect(link.origin).toBe(new URL(sim.url).origin);
      expect(link.pathname).toMatch(/^\/_storage\/[0-9a-f]{32}$/);
      expect([...link.searchParams.keys()].sort()).toEqual(['ct', 'exp', 'sig']);
      expect(link.searchParams.get('ct')).toBe('image/png');
      const bytes = await fetch(image.url);
      expect(bytes.status).toBe(200);
      expect(bytes.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await bytes.arrayBuffer());
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      const first = await fetch(image.url, { headers: { range: 'bytes=0-0' } });
      expect(first.status).toBe(206);
      expect(first.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await first.arrayBuffer())).toEqual(png.subarray(0, 1));
    }
    expect(output.images[0]?.url).not.toBe(output.images[1]?.url);
    const storage = sim.control.requests().filter((request) => request.path.startsWith('/_storage/'));
    expect(storage.length).toBeGreaterThan(0);
    expect(storage.every((request) => !request.credentials)).toBe(true);
  });

  it('refuses a HEAD, a tampered link and, after its lifetime, the link itself', async () => {
    const { images } = await signedRun('signed-2');
    const url = images[0]?.url ?? '';
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(403);
    const tampered = url.replace('ct=image%2Fpng', 'ct=text%2Fhtml');
    expect(tampered).not.toBe(url);
    expect((await fetch(tampered)).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 50));
    const late = await fetch(url);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Request has expired.');
  });

  it('replays the recorded links for the same key; a queued result read presigns fresh ones', async () => {
    const first = await signedRun('signed-3');
    const replay = await call(MODEL, {
      body: { prompt: 'a harbour', num_images: 2, seed: 3 },
      key: 'signed-3',
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as SignedImages).images[0]?.url).toBe(first.images[0]?.url);

    const submitted = await call(`${MODEL}/requests`, { body: { prompt: 'queued' } });
    expect(submitted.status).toBe(201);
    const handle = (await submitted.json()) as { response_url: string };
    const read = async (): Promise<SignedImages | null> => {
      const response = await fetch(handle.response_url, { headers: { 'x-api-key': 'demo-key' } });
      return response.status === 200 ? ((await response.json()) as SignedImages) : null;
    };
    let result = await read();
    for (let tries = 0; result === null && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      result = await read();
    }
    const again = await read();
    expect(result?.images[0]?.url).toMatch(/\/_storage\/[0-9a-f]{32}\?/);
    expect(again?.images[0]?.url).not.toBe(result?.images[0]?.url);
    expect((await fetch(again?.images[0]?.url ?? '')).status).toBe(200);
  });
});
