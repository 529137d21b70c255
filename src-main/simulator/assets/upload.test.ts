// POST /api/v2/assets through a real socket: dedup, idempotency, hash checks, retention, size limits.
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssetService } from './assetService';
import { startTestServer, type TestServer } from './testServer';
import { blake3Of, multipartBody, multipartHeaders, streamUpload, type FormPart } from './testRequests';

const KEYS = { 'demo-key': 'alice', 'other-key': 'bob' };
const START = Date.parse('2030-01-01T00:00:00.000Z');
let clock = START;
let service: AssetService;
let server: TestServer;

async function setUp(options: { maxUploadBytes?: number; hashDelayMs?: number } = {}): Promise<void> {
  clock = START;
  service = new AssetService({ surface: 'managed', urlTtlSeconds: () => 3600, now: () => clock, ...options });
  server = await startTestServer({ service, keys: KEYS });
}

beforeEach(() => setUp());
afterEach(async () => {
  await server.close();
  expect(server.errors).toEqual([]);
});

async function upload(parts: FormPart[], headers: Record<string, string> = {}, key = 'demo-key') {
  const res = await fetch(`${server.baseUrl}/api/v2/assets`, {
    method: 'POST',
    headers: multipartHeaders({ authorization: `Bearer ${key}`, ...headers }),
    body: multipartBody(parts),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

const bytes = Buffer.from('hello, loupe');
const filePart = (value: Buffer = bytes): FormPart => ({
  name: 'file',
  value,
  filename: 'hello.txt',
  contentType: 'text/plain',
});

describe('POST /api/v2/assets', () => {
  it('stores new bytes (201) and mints a new asset over known bytes (200)', async () => {
    const first = await upload([filePart(), { name: 'file_path', value: 'inputs/hello.txt' }]);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      hash: blake3Of(bytes),
      size_bytes: bytes.length,
      content_type: 'text/plain',
      file_path: 'inputs/hello.txt',
      created_new: true,
      expires_at: null,
    });
    expect(first.json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(first.json.created_at as string)).toBe(START);
    expect(first.json.url).toMatch(new RegExp(`^${server.origin}/_storage/`));
    expect(first.json.url_expires_at).toBe(new Date(START + 3_600_000).toISOString());
    expect(first.json).not.toHaveProperty('job_id');

    const second = await upload([filePart()], {}, 'other-key');
    expect(second.status).toBe(200);
    expect(second.json.created_new).toBe(false);
    expect(second.json.id).not.toBe(first.json.id);
    expect(second.json.file_path).toBe('hello.txt'); // the part's filename when no file_path field
    expect(service.stats()).toMatchObject({ assets: 2, blobs: 1, uploadBytesReceived: 2 * bytes.length });
  });

  it('accepts what a real FormData client sends', async () => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/plain' }), 'from-form.txt');
    form.append('tags', 'a');
    form.append('tags', 'b');
    form.append('expires_in', '3600');
    const res = await fetch(`${server.baseUrl}/api/v2/assets`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-key' },
      body: form,
    });
    expect(res.status).toBe(201);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json).toMatchObject({
      file_path: 'from-form.txt',
      content_type: 'text/plain',
      hash: blake3Of(bytes),
    });
    expect(json.expires_at).toBe(new Date(START + 3_600_000).toISOString());
  });

  it('treats an Idempotency-Key as single use, and frees it when nothing was minted', async () => {
    const key = { 'idempotency-key': 'upload-1' };
    const refused = await upload([filePart(), { name: 'expires_in', value: '5' }], key);
    expect(refused.status).toBe(422);
    expect(await upload([filePart()], key).then((r) => r.status)).toBe(201);
    const reused = await upload([filePart()], key);
    expect(reused.status).toBe(422);
    expect(reused.json).toEqual({
      error: { code: 'idempotency_key_reuse', message: expect.stringMatching(/./) as unknown, details: null },
    });
    // Keys belong to an account; another owner's key space is separate.
    expect(await upload([filePart()], key, 'other-key').then((r) => r.status)).toBe(200);
    clock += 24 * 3600 * 1000;
    expect(await upload([filePart()], key).then((r) => r.status)).toBe(200);
    expect((await upload([filePart()], { 'idempotency-key': 'x'.repeat(256) })).json).toMatchObject({
      error: { code: 'invalid_request' },
    });
  });

  it('lets only one of two concurrent uploads with the same key mint', async () => {
    const key = { 'idempotency-key': 'race' };
    const statuses = await Promise.all([upload([filePart()], key), upload([filePart()], key)]).then((all) =>
      all.map((r) => r.status).sort(),
    );
    expect(statuses).toEqual([201, 422]);
    expect(service.stats().assets).toBe(1);
  });

  it('survives a client that hangs up mid-upload, minting nothing and freeing the key', async () => {
    const req = request(`${server.baseUrl}/api/v2/assets`, {
      method: 'POST',
      headers: multipartHeaders({ authorization: 'Bearer demo-key', 'idempotency-key': 'dropped' }),
    });
    req.on('error', () => undefined);
    req.write(multipartBody([filePart(Buffer.alloc(10_000, 1))]).subarray(0, 5000));
    await vi.waitFor(() => expect(service.stats().uploadBytesReceived).toBeGreaterThan(0));
    req.destroy();
    await vi.waitFor(async () => {
      expect((await upload([filePart()], { 'idempotency-key': 'dropped' })).status).toBe(201);
    });
    expect(service.stats().assets).toBe(1);
  });

  it('verifies expected_hash and mints nothing on a mismatch', async () => {
    const wrong = blake3Of(Buffer.from('something else'));
    const res = await upload([{ name: 'expected_hash', value: wrong }, filePart()]);
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(res.json).toMatchObject({
      error: { code: 'hash_mismatch', details: { computed_hash: blake3Of(bytes) } },
    });
    expect(service.stats()).toMatchObject({ assets: 0, blobs: 0 });
    expect((await upload([filePart(), { name: 'expected_hash', value: blake3Of(bytes) }])).status).toBe(201);
    const malformed = await upload([filePart(), { name: 'expected_hash', value: 'sha256:abc' }]);
    expect(malformed.json).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('bounds expires_in to 60..604800 and never shortens retention on re-reference', async () => {
    for (const value of ['59', '604801', '1.5', 'soon', '-60']) {
      const res = await upload([filePart(), { name: 'expires_in', value }]);
      expect(res.status, value).toBe(422);
      expect(res.json).toMatchObject({ error: { code: 'invalid_request' } });
    }
    expect(service.stats().assets).toBe(0);
    const long = await upload([filePart(), { name: 'expires_in', value: '604800' }]);
    expect(long.json.expires_at).toBe(new Date(START + 604_800_000).toISOString());
    const short = await upload([filePart(), { name: 'expires_in', value: '60' }]);
    expect(short.status).toBe(200);
    expect(short.json.expires_at).toBe(long.json.expires_at); // a dedup hit keeps the later deadline
    const forever = await upload([filePart()]);
    expect(forever.json.expires_at).toBeNull();
    const other = await upload([filePart(Buffer.from('short-lived')), { name: 'expires_in', value: '60' }]);
    clock += 60_000;
    const gone = await fetch(`${server.baseUrl}/api/v2/assets/${String(other.json.id)}`, {
      headers: { authorization: 'Bearer demo-key' },
    });
    expect(gone.status).toBe(404);
    expect(service.stats()).toMatchObject({ assets: 3, blobs: 1 });
  });

  it('answers 422 for a missing file, a body that is not multipart, and broken multipart', async () => {
    expect((await upload([{ name: 'file_path', value: 'a.txt' }])).json).toMatchObject({
      error: { code: 'invalid_request', message: 'the file field is required' },
    });
    const json = await fetch(`${server.baseUrl}/api/v2/assets`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-key', 'content-type': 'application/json' },
      body: '{"file":"x"}',
    });
    expect(json.status).toBe(422);
    const truncated = multipartBody([filePart()]).subarray(0, 60);
    const broken = await fetch(`${server.baseUrl}/api/v2/assets`, {
      method: 'POST',
      headers: multipartHeaders({ authorization: 'Bearer demo-key' }),
      body: truncated,
    });
    expect(broken.status).toBe(422);
    expect(await broken.json()).toMatchObject({ error: { code: 'invalid_request' } });
    const twoFiles = await upload([filePart(), filePart()]);
    expect(twoFiles.status).toBe(422);
    expect(service.stats().assets).toBe(0);
  });

  it('answers 401 without credentials and 405 for other methods', async () => {
    const res = await fetch(`${server.baseUrl}/api/v2/assets`, {
      method: 'POST',
      headers: multipartHeaders(),
      body: multipartBody([filePart()]),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const put = await fetch(`${server.baseUrl}/api/v2/assets`, {
      method: 'PUT',
      headers: { authorization: 'Bearer demo-key' },
    });
    expect(put.status).toBe(405);
    expect(service.stats().uploadBytesReceived).toBe(0);
  });

  it('publishes the hash lazily but dedups at once', async () => {
    await server.close();
    await setUp({ hashDelayMs: 5000 });
    const first = await upload([filePart()]);
    expect(first.json.hash).toBeNull();
    const second = await upload([filePart()]);
    expect(second.status).toBe(200);
    expect(second.json.hash).toBeNull();
    clock += 5000;
    const later = await fetch(`${server.baseUrl}/api/v2/assets/${String(first.json.id)}`, {
      headers: { authorization: 'Bearer demo-key' },
    });
    expect(((await later.json()) as Record<string, unknown>).hash).toBe(blake3Of(bytes));
  });
});

describe('upload size limit', () => {
  beforeEach(async () => {
    await server.close();
    await setUp({ maxUploadBytes: 256 * 1024 });
  });

  it('refuses a declared oversize body before reading any of it', async () => {
    const res = await streamUpload(`${server.baseUrl}/api/v2/assets`, 8 * 1024 * 1024, {
      headers: { authorization: 'Bearer demo-key', 'idempotency-key': 'big' },
      declareLength: true,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(service.stats()).toMatchObject({ uploadBytesReceived: 0, assets: 0, blobs: 0 });
    expect(res.sentBytes).toBeLessThan(8 * 1024 * 1024);
    // The refused upload released its key.
    expect((await upload([filePart()], { 'idempotency-key': 'big' })).status).toBe(201);
  });

  it('stops a chunked upload as soon as it passes the limit', async () => {
    const res = await streamUpload(`${server.baseUrl}/api/v2/assets`, 64 * 1024 * 1024, {
      headers: { authorization: 'Bearer demo-key' },
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(res.sentBytes).toBeLessThan(16 * 1024 * 1024);
    expect(service.stats().uploadBytesReceived).toBeLessThanOrEqual(256 * 1024 + 128 * 1024);
    expect(service.stats()).toMatchObject({ assets: 0, blobs: 0 });
  });

  it('accepts a file of exactly the limit', async () => {
    const res = await streamUpload(`${server.baseUrl}/api/v2/assets`, 256 * 1024, {
      headers: { authorization: 'Bearer demo-key' },
      declareLength: true,
    });
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ size_bytes: 256 * 1024, created_new: true });
  });
});

describe('the default 100 MiB limit', () => {
  it('refuses 100 MiB + 1 byte streamed without a length, and mints nothing', async () => {
    const limit = 100 * 1024 * 1024;
    const res = await streamUpload(`${server.baseUrl}/api/v2/assets`, limit + 1, {
      headers: { authorization: 'Bearer demo-key' },
    });
    expect(res.status).toBe(413);
    expect(service.stats()).toMatchObject({ assets: 0, blobs: 0, uploadBytesReceived: limit + 1 });
    expect(res.elapsedMs).toBeLessThan(15_000);
  });
});
