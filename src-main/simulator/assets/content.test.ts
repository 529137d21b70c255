// Reading, deleting and downloading assets on each surface, through a real socket.
import { afterEach, describe, expect, it } from 'vitest';
import type { Surface } from '../types';
import { AssetService } from './assetService';
import { startTestServer, type TestServer } from './testServer';
import { blake3Of, multipartBody, multipartHeaders } from './testRequests';

const KEYS = { 'demo-key': 'alice', 'other-key': 'bob' };
const START = Date.parse('2030-01-01T00:00:00.000Z');
const JOB_EXPIRES = '2030-01-31T00:00:00.000Z';
let clock = START;
let service: AssetService;
let server: TestServer | null = null;

async function setUp(surface: Surface, options: { prefix?: string; anonymousOwner?: string } = {}) {
  clock = START;
  service = new AssetService({ surface, urlTtlSeconds: () => 600, now: () => clock });
  server = await startTestServer({ service, keys: KEYS, ...options });
  return server;
}

afterEach(async () => {
  if (!server) return;
  await server.close();
  expect(server.errors).toEqual([]);
  server = null;
});

const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const auth = (key = 'demo-key') => ({ authorization: `Bearer ${key}` });

async function upload(
  base: string,
  key: string | null = 'demo-key',
  value = bytes,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/api/v2/assets`, {
    method: 'POST',
    headers: multipartHeaders(key === null ? {} : auth(key)),
    body: multipartBody([{ name: 'file', value, filename: 'data.bin', contentType: 'application/x-test' }]),
  });
  return (await res.json()) as Record<string, unknown>;
}

describe('GET and DELETE /api/v2/assets/{id}', () => {
  it('is owner scoped, deletes once, and keeps a shared blob', async () => {
    const { baseUrl } = await setUp('managed');
    const mine = await upload(baseUrl);
    const theirs = await upload(baseUrl, 'other-key');
    const url = (id: unknown) => `${baseUrl}/api/v2/assets/${String(id)}`;

    const got = await fetch(url(mine.id), { headers: auth() });
    expect(got.status).toBe(200);
    const json = (await got.json()) as Record<string, unknown>;
    expect(json).toMatchObject({ id: mine.id, hash: blake3Of(bytes), size_bytes: 1000 });
    expect(json).not.toHaveProperty('created_new');
    for (const field of ['id', 'hash', 'size_bytes', 'content_type', 'created_at', 'url', 'url_expires_at']) {
      expect(json).toHaveProperty(field);
    }
    expect((await fetch(url(mine.id), { headers: auth('other-key') })).status).toBe(404);
    expect((await fetch(url('00000000-0000-4000-8000-000000000000'), { headers: auth() })).status).toBe(404);
    expect((await fetch(url(mine.id))).status).toBe(401);

    expect((await fetch(url(mine.id), { method: 'DELETE', headers: auth('other-key') })).status).toBe(404);
    const deleted = await fetch(url(mine.id), { method: 'DELETE', headers: auth() });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    const again = await fetch(url(mine.id), { method: 'DELETE', headers: auth() });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(service.stats()).toMatchObject({ assets: 1, blobs: 1 });
    const content = await fetch(`${url(theirs.id)}/content`, {
      headers: auth('other-key'),
      redirect: 'follow',
    });
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
    await fetch(url(theirs.id), { method: 'DELETE', headers: auth('other-key') });
    expect(service.stats()).toMatchObject({ assets: 0, blobs: 0 });
  });

  it('refuses to delete an asset in use (409 asset_in_use)', async () => {
    const { baseUrl } = await setUp('managed');
    const output = service.createOutput('alice', {
      bytes,
      contentType: 'image/png',
      filePath: 'out.png',
      jobId: 'job-1',
      expiresAt: JOB_EXPIRES,
    });
    const uploaded = await upload(baseUrl);
    service.markInUse(String(uploaded.id));
    for (const id of [output.id, uploaded.id]) {
      const res = await fetch(`${baseUrl}/api/v2/assets/${String(id)}`, {
        method: 'DELETE',
        headers: auth(),
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: { code: 'asset_in_use' } });
    }
    const got = (await (
      await fetch(`${baseUrl}/api/v2/assets/${output.id}`, { headers: auth() })
    ).json()) as Record<string, unknown>;
    expect(got).toMatchObject({ job_id: 'job-1', file_path: 'out.png', expires_at: JOB_EXPIRES });
    expect(service.isOwnedBy(output.id, 'alice')).toBe(true);
    expect(service.isOwnedBy(output.id, 'bob')).toBe(false);
  });
});

describe('self-hosted content', () => {
  it('serves bytes directly with Range support, under the mount prefix', async () => {
    const { baseUrl, origin } = await setUp('self-hosted', { prefix: '/mount', anonymousOwner: 'local' });
    const asset = await upload(baseUrl, null);
    expect(asset.url).toBe(`${origin}/mount/api/v2/assets/${String(asset.id)}/content`);
    expect(asset.url_expires_at).toBeNull();
    const url = String(asset.url);

    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('content-type')).toBe('application/x-test');
    expect(Buffer.from(await full.arrayBuffer()).equals(bytes)).toBe(true);

    const cases: [string, number, number][] = [
      ['bytes=10-19', 10, 19],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=900-5000', 900, 999],
    ];
    for (const [range, start, end] of cases) {
      const part = await fetch(url, { headers: { range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    const unsatisfiable = await fetch(url, { headers: { range: 'bytes=1000-' } });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe('bytes */1000');
    expect(await unsatisfiable.json()).toMatchObject({ error: { code: 'range_not_satisfiable' } });
    expect((await fetch(url, { headers: { range: 'bytes=5-2' } })).status).toBe(200);
  });

  it('answers 401 when the proxy requires a token and none is sent', async () => {
    const { baseUrl } = await setUp('self-hosted');
    const asset = await upload(baseUrl);
    expect((await fetch(String(asset.url))).status).toBe(401);
    expect((await fetch(String(asset.url), { headers: auth() })).status).toBe(200);
    const output = service.createOutput('alice', {
      bytes,
      contentType: 'image/png',
      filePath: 'o.png',
      jobId: 'j',
      expiresAt: JOB_EXPIRES,
    });
    expect(service.outputJson(output.id, { origin: 'http://x', prefix: '/p' })).toMatchObject({
      url: `http://x/p/api/v2/assets/${output.id}/content`,
      url_expires_at: null,
    });
  });
});

describe('signed storage URLs (managed and serverless)', () => {
  it('redirects to a fresh signed URL that opens without credentials and expires', async () => {
    const { baseUrl, origin } = await setUp('serverless', { prefix: '/mount' });
    const asset = await upload(baseUrl);
    const content = `${baseUrl}/api/v2/assets/${String(asset.id)}/content`;
    expect((await fetch(content, { redirect: 'manual' })).status).toBe(401);

    const redirect = await fetch(content, { headers: auth(), redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    expect(location.startsWith(`${origin}/_storage/`)).toBe(true);

    const plain = await fetch(location);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('application/x-test');
    expect(Buffer.from(await plain.arrayBuffer()).equals(bytes)).toBe(true);
    const ranged = await fetch(location, {
      headers: { range: 'bytes=0-3', authorization: 'Bearer garbage' },
    });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(0, 4))).toBe(true);
    expect((await fetch(location, { headers: { range: 'bytes=5000-' } })).status).toBe(416);

    const tampered = location.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const forged = await fetch(tampered);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('SignatureDoesNotMatch');
    expect((await fetch(`${location}x`)).status).toBe(403);
    expect((await fetch(`${origin}/_storage/not-a-token`)).status).toBe(403);

    clock += 600_000;
    const expired = await fetch(location);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('AccessDenied');
    // The content endpoint always hands out a fresh one.
    const fresh = await fetch(content, { headers: auth(), redirect: 'manual' });
    const freshLocation = fresh.headers.get('location') ?? '';
    expect(freshLocation).not.toBe(location);
    expect((await fetch(freshLocation)).status).toBe(200);
  });

  it('puts the signed URL and its real expiry in the Asset JSON', async () => {
    const { baseUrl } = await setUp('managed');
    const asset = await upload(baseUrl);
    expect(asset.url_expires_at).toBe(new Date(START + 600_000).toISOString());
    expect((await fetch(String(asset.url))).status).toBe(200);
    clock += 600_000;
    expect((await fetch(String(asset.url))).status).toBe(403);
  });

  it("reports the job's expiry on managed outputs and the URL's on serverless", async () => {
    const link = { origin: 'http://127.0.0.1:1', prefix: '/mount' };
    const input = { bytes, contentType: 'image/png', filePath: 'o.png', jobId: 'j', expiresAt: JOB_EXPIRES };
    await setUp('managed');
    const managed = service.outputJson(service.createOutput('alice', input).id, link);
    expect(managed).toMatchObject({ url_expires_at: JOB_EXPIRES, hash: blake3Of(bytes), size_bytes: 1000 });
    expect(managed.url.startsWith('http://127.0.0.1:1/_storage/')).toBe(true);
    const serverless = new AssetService({
      surface: 'serverless',
      urlTtlSeconds: () => 600,
      now: () => clock,
    });
    const output = serverless.outputJson(serverless.createOutput('alice', input).id, link);
    expect(output.url_expires_at).toBe(new Date(START + 600_000).toISOString());
    expect(() => serverless.outputJson('missing', link)).toThrow();
  });
});
