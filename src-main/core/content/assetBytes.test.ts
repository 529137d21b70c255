// Asset bytes through the responder both hosts use, against the real simulator over real sockets: Range
// (206, 416) on self-hosted and through signed storage, a signed URL that expires mid-session, no credential
// ever reaching storage, cache hits that make no request, and eviction by size.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator/server';
import { clearSimRequests, simRequests, type SimRequest } from '../api/testing/conformance/simulatorHarness';
import type { AssetReply } from './assetResponder';
import { readAll, uploadBytes } from './testing/bytes';
import { contentFixture, type ContentFixture } from './testing/contentFixture';

const KEY = 'demo-key';

async function get(f: ContentFixture, profileId: string, assetId: string, range: string | null = null) {
  const reply: AssetReply = await f.content.responder.respond({ method: 'GET', profileId, assetId, range });
  return { ...reply, bytes: await readAll(reply.body) };
}

const storageHits = (log: SimRequest[]) => log.filter((r) => r.path.startsWith('/_storage/'));
const contentHits = (log: SimRequest[]) => log.filter((r) => r.path.endsWith('/content'));

describe('asset bytes on a self-hosted proxy (content endpoint, 200/206/416)', () => {
  let sim: RunningSimulator;
  let f: ContentFixture;
  let profileId: string;
  const bytes = randomBytes(50_000);
  let assetId: string;

  beforeAll(async () => {
    sim = await startSimulator({ surface: 'self-hosted' });
    assetId = (await uploadBytes(sim.url, null, bytes, 'clip.bin', 'video/mp4')).id;
  });
  afterAll(() => sim.close());
  afterEach(async () => {
    expect(f.errors).toEqual([]);
    await f.dispose();
  });

  it('passes a Range through and maps an unsatisfiable one to 416', async () => {
    f = contentFixture();
    profileId = await f.addProfile('self-hosted', sim.url);
    await clearSimRequests(sim);

    const part = await get(f, profileId, assetId, 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers).toMatchObject({
      'content-range': `bytes 100-199/${bytes.length}`,
      'content-length': '100',
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);

    const suffix = await get(f, profileId, assetId, 'bytes=-10');
    expect(suffix.status).toBe(206);
    expect(suffix.bytes.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const beyond = await get(f, profileId, assetId, `bytes=${bytes.length}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(beyond.bytes.length).toBe(0);

    const log = contentHits(await simRequests(sim));
    expect(log.map((r) => r.status)).toEqual([206, 206, 416]);
  });

  it('fills the cache from a whole-file view and then serves views and ranges without the network', async () => {
    f = contentFixture();
    profileId = await f.addProfile('self-hosted', sim.url);
    const first = await get(f, profileId, assetId);
    expect(first.status).toBe(200);
    expect(first.bytes.equals(bytes)).toBe(true);

    await clearSimRequests(sim);
    const again = await get(f, profileId, assetId);
    const range = await get(f, profileId, assetId, 'bytes=10-19');
    const beyond = await get(f, profileId, assetId, 'bytes=999999-');
    expect(again.bytes.equals(bytes)).toBe(true);
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(range.bytes.equals(bytes.subarray(10, 20))).toBe(true);
    expect(beyond.status).toBe(416);
    expect(await simRequests(sim)).toEqual([]);
  });
});

describe('asset bytes on a serverless deployment (signed storage URLs)', () => {
  let sim: RunningSimulator;
  let f: ContentFixture;
  let profileId: string;

  beforeAll(async () => {
    sim = await startSimulator({ surface: 'serverless', urlTtlSeconds: 600 });
  });
  afterAll(() => sim.close());
  afterEach(async () => {
    expect(f.errors).toEqual([]);
    await f.dispose();
  });

  async function freshAsset(size = 40_000): Promise<{ id: string; bytes: Buffer }> {
    const bytes = randomBytes(size);
    const { id } = await uploadBytes(sim.url, KEY, bytes, `${size}.png`, 'image/png');
    return { id, bytes };
  }

  it('serves ranges (206, 416) through storage, which never receives a credential', async () => {
    f = contentFixture();
    profileId = await f.addProfile('serverless', sim.url, KEY);
    const asset = await freshAsset();
    await clearSimRequests(sim);

    const part = await get(f, profileId, asset.id, 'bytes=0-99');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${asset.bytes.length}`);
    expect(part.bytes.equals(asset.bytes.subarray(0, 100))).toBe(true);
    const beyond = await get(f, profileId, asset.id, `bytes=${asset.bytes.length + 5}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${asset.bytes.length}`);
    const whole = await get(f, profileId, asset.id);
    expect(whole.bytes.equals(asset.bytes)).toBe(true);

    const log = await simRequests(sim);
    const storage = storageHits(log);
    expect(storage.map((r) => r.status)).toEqual([206, 416, 200]);
    expect(storage.every((r) => !r.credentials)).toBe(true);
    // One resolution (GET asset, with the key) served all three: the URL is cached until near its expiry.
    const resolutions = log.filter((r) => r.path === `/api/v2/assets/${asset.id}`);
    expect(resolutions).toHaveLength(1);
    expect(resolutions[0]?.credentials).toBe(true);
  });

  it('re-resolves a signed URL that storage refuses because it expired mid-session', async () => {
    f = contentFixture();
    profileId = await f.addProfile('serverless', sim.url, KEY);
    const asset = await freshAsset();
    expect((await get(f, profileId, asset.id, 'bytes=0-9')).status).toBe(206);

    // The service's clock moves past the URL's expiry; Loupe's does not, so it still trusts its URL.
    sim.control.advanceClock(11 * 60_000);
    await clearSimRequests(sim);
    const part = await get(f, profileId, asset.id, 'bytes=10-19');
    expect(part.status).toBe(206);
    expect(part.bytes.equals(asset.bytes.subarray(10, 20))).toBe(true);

    const log = await simRequests(sim);
    expect(log.map((r) => [r.path.startsWith('/_storage/') ? 'storage' : r.path, r.status])).toEqual([
      ['storage', 403],
      [`/api/v2/assets/${asset.id}`, 200],
      ['storage', 206],
    ]);
    expect(storageHits(log).every((r) => !r.credentials)).toBe(true);
  });

  it('refreshes a signed URL before it expires, without a refusal', async () => {
    f = contentFixture();
    profileId = await f.addProfile('serverless', sim.url, KEY);
    // Agree with the simulator's clock (an earlier test moved it) so expiry is judged the same on both sides.
    f.advance(sim.control.now() - Date.now());
    const asset = await freshAsset();
    expect((await get(f, profileId, asset.id, 'bytes=0-9')).status).toBe(206);

    // 9 min 10 s into a 10-minute URL: still valid, but inside the safety margin.
    f.advance(550_000);
    sim.control.advanceClock(550_000);
    await clearSimRequests(sim);
    expect((await get(f, profileId, asset.id, 'bytes=0-9')).status).toBe(206);
    const log = await simRequests(sim);
    expect(log.map((r) => r.status)).toEqual([200, 206]);
    expect(log[0]?.path).toBe(`/api/v2/assets/${asset.id}`);
  });

  it('serves repeat views from the disk cache with no request, also after a restart', async () => {
    f = contentFixture();
    profileId = await f.addProfile('serverless', sim.url, KEY);
    const asset = await freshAsset();
    expect((await get(f, profileId, asset.id)).bytes.equals(asset.bytes)).toBe(true);

    await clearSimRequests(sim);
    for (let i = 0; i < 3; i++)
      expect((await get(f, profileId, asset.id)).bytes.equals(asset.bytes)).toBe(true);
    const range = await get(f, profileId, asset.id, 'bytes=5-9');
    expect(range.bytes.equals(asset.bytes.subarray(5, 10))).toBe(true);
    expect(await simRequests(sim)).toEqual([]);

    // A second Loupe on the same data directory (a restart) reads the persisted index.
    await f.content.close();
    const reopened = contentFixture({ dir: f.dir });
    try {
      expect((await get(reopened, profileId, asset.id)).bytes.equals(asset.bytes)).toBe(true);
      expect(await simRequests(sim)).toEqual([]);
    } finally {
      await reopened.dispose();
    }
  });

  it('re-resolves an expired link for a whole view (a list thumbnail), then keeps the picture on disk', async () => {
    f = contentFixture();
    profileId = await f.addProfile('serverless', sim.url, KEY);
    const asset = await freshAsset();
    // A range read resolved the link but cached no bytes; the link then expires on the service's clock.
    expect((await get(f, profileId, asset.id, 'bytes=0-9')).status).toBe(206);
    sim.control.advanceClock(11 * 60_000);
    await clearSimRequests(sim);

    const whole = await get(f, profileId, asset.id);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(asset.bytes)).toBe(true);
    const log = await simRequests(sim);
    expect(log.map((r) => [r.path.startsWith('/_storage/') ? 'storage' : r.path, r.status])).toEqual([
      ['storage', 403],
      [`/api/v2/assets/${asset.id}`, 200],
      ['storage', 200],
    ]);

    // The list drawn again (a scroll back, another screen) asks the route again: the disk answers.
    await clearSimRequests(sim);
    expect((await get(f, profileId, asset.id)).bytes.equals(asset.bytes)).toBe(true);
    expect(await simRequests(sim)).toEqual([]);
  });

  it('evicts the least recently used entries to stay under its size cap', async () => {
    f = contentFixture({ cacheMaxBytes: 250_000 });
    profileId = await f.addProfile('serverless', sim.url, KEY);
    const a = await freshAsset(100_000);
    const b = await freshAsset(100_000);
    const c = await freshAsset(100_000);
    await get(f, profileId, a.id);
    await get(f, profileId, b.id);
    await get(f, profileId, a.id); // a is now more recently used than b
    await get(f, profileId, c.id); // 300 kB > 250 kB: b goes
    expect(await f.content.cache.usage()).toEqual({ bytes: 200_000, entries: 2 });

    await clearSimRequests(sim);
    await get(f, profileId, a.id);
    await get(f, profileId, c.id);
    expect(await simRequests(sim)).toEqual([]);
    const again = await get(f, profileId, b.id);
    expect(again.bytes.equals(b.bytes)).toBe(true);
    expect(storageHits(await simRequests(sim))).toHaveLength(1);
  });

  it('answers 404 for an unknown asset and for an unknown profile, in words', async () => {
    f = contentFixture();
    profileId = await f.addProfile('serverless', sim.url, KEY);
    const missing = await get(f, profileId, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.bytes.toString()).toMatch(/no such asset/);
    const noProfile = await get(f, 'nobody', 'x');
    expect(noProfile.status).toBe(404);
    const badId = await get(f, profileId, '../etc/passwd');
    expect(badId.status).toBe(404);
  });
});
