// The zero-byte dedup paths, through a real socket: from-hash and by-hash, with owner scoping.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AssetService } from './assetService';
import { startTestServer, type TestServer } from './testServer';
import { blake3Of, multipartBody, multipartHeaders } from './testRequests';

const KEYS = { 'demo-key': 'alice', 'other-key': 'bob' };
const START = Date.parse('2030-01-01T00:00:00.000Z');
let clock = START;
let service: AssetService;
let server: TestServer;

beforeEach(async () => {
  clock = START;
  service = new AssetService({ surface: 'serverless', urlTtlSeconds: () => 600, now: () => clock });
  server = await startTestServer({ service, keys: KEYS });
});
afterEach(async () => {
  await server.close();
  expect(server.errors).toEqual([]);
});

const bytes = Buffer.from('a picture, honestly');
const hash = blake3Of(bytes);

async function uploadAs(
  key: string,
  extra: { name: string; value: string }[] = [],
): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.baseUrl}/api/v2/assets`, {
    method: 'POST',
    headers: multipartHeaders({ authorization: `Bearer ${key}` }),
    body: multipartBody([
      { name: 'file', value: bytes, filename: 'p.png', contentType: 'image/png' },
      ...extra,
    ]),
  });
  return (await res.json()) as Record<string, unknown>;
}

async function fromHash(body: unknown, key = 'demo-key') {
  const res = await fetch(`${server.baseUrl}/api/v2/assets/from-hash`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function byHash(value: string, key: string | null = 'demo-key'): Promise<number> {
  const res = await fetch(`${server.baseUrl}/api/v2/assets/by-hash/${encodeURIComponent(value)}`, {
    method: 'HEAD',
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
  });
  return res.status;
}

describe('POST /api/v2/assets/from-hash', () => {
  it('mints over a blob the caller uploaded (201), then returns the identical reference (200)', async () => {
    await uploadAs('demo-key');
    const before = service.stats().uploadBytesReceived;
    const created = await fromHash({ hash, file_path: 'inputs/p.png', tags: ['x'] });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      hash,
      size_bytes: bytes.length,
      content_type: 'image/png',
      file_path: 'inputs/p.png',
      created_new: false,
      expires_at: null,
    });
    const again = await fromHash({ hash, file_path: 'inputs/p.png' });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(created.json.id);
    const elsewhere = await fromHash({ hash, file_path: 'other/p.png' });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.json.id).not.toBe(created.json.id);
    expect(service.stats().uploadBytesReceived).toBe(before); // zero bytes sent
  });

  it('extends the retention of a re-referenced asset and never shortens it', async () => {
    await uploadAs('demo-key', [{ name: 'expires_in', value: '3600' }]);
    const first = await fromHash({ hash, file_path: 'a', expires_in: 600 });
    expect(first.json.expires_at).toBe(new Date(START + 3_600_000).toISOString());
    const longer = await fromHash({ hash, file_path: 'a', expires_in: 7200 });
    expect(longer.status).toBe(200);
    expect(longer.json.expires_at).toBe(new Date(START + 7_200_000).toISOString());
    const shorter = await fromHash({ hash, file_path: 'a', expires_in: 60 });
    expect(shorter.json.expires_at).toBe(new Date(START + 7_200_000).toISOString());
  });

  it("answers 404 blob_not_found for a miss and for someone else's blob alike", async () => {
    await uploadAs('other-key');
    const foreign = await fromHash({ hash });
    const miss = await fromHash({ hash: blake3Of(Buffer.from('never uploaded')) });
    for (const res of [foreign, miss]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({
        error: { code: 'blob_not_found', message: expect.stringMatching(/./) as unknown, details: null },
      });
    }
    // Once alice has the bytes herself, she may mint from them.
    await uploadAs('demo-key');
    expect((await fromHash({ hash })).status).toBe(201);
  });

  it('stops resolving a blob once every reference to it has expired', async () => {
    await uploadAs('demo-key', [{ name: 'expires_in', value: '60' }]);
    clock += 60_000;
    expect((await fromHash({ hash })).status).toBe(404);
    expect(service.stats()).toMatchObject({ assets: 0, blobs: 0 });
  });

  it('answers 422 for malformed hashes and bodies', async () => {
    await uploadAs('demo-key');
    const bad: unknown[] = [
      {},
      { hash: 'blake3:xyz' },
      { hash: hash.replace('blake3:', 'sha256:') },
      { hash: 42 },
      { hash, expires_in: 59 },
      { hash, expires_in: 604_801 },
      { hash, expires_in: 120.5 },
      { hash, expires_in: '120' },
      { hash, tags: 'a' },
      { hash, file_path: '' },
      [hash],
      '{"hash":',
    ];
    for (const body of bad) {
      const res = await fromHash(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json).toMatchObject({ error: { code: 'invalid_request' } });
    }
  });

  it('answers 401 without credentials', async () => {
    const res = await fetch(`${server.baseUrl}/api/v2/assets/from-hash`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
  });
});

describe('HEAD /api/v2/assets/by-hash/{hash}', () => {
  it('is 200 only for a blob the caller may mint from', async () => {
    expect(await byHash(hash)).toBe(404);
    await uploadAs('demo-key');
    expect(await byHash(hash)).toBe(200);
    expect(await byHash(hash.toUpperCase().replace('BLAKE3:', 'blake3:'))).toBe(200);
    expect(await byHash(hash, 'other-key')).toBe(404);
    expect(await byHash('blake3:nothex')).toBe(404);
    expect(await byHash(hash, null)).toBe(401);
  });
});
