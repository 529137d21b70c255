// Browser-shell uploads end to end on the main side: uploads.prepareBytes through the real core's dispatcher,
// the page's PUT through the real web host's upload route over a real socket, the real simulator behind it.
// The simulator's own records (/_sim/stats, /_sim/requests) are the evidence of what reached the service.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bytesPlanSchema,
  uploadBatchSchema,
  type BytesPlan,
  type UploadBatch,
} from '../../src-shared/contract';
import { clearSimRequests, simRequests } from '../core/api/testing/conformance/simulatorHarness';
import { coreOnSimulator } from '../core/app/testing/coreOnSimulator';
import { hashChunksWithWasm, UploadService } from '../core/uploads';
import { startCoreWebHost } from './testing/coreWebHost';
import type { WebHost } from './webHost';

const env = coreOnSimulator('serverless');
let host: WebHost;

beforeAll(async () => {
  host = await startCoreWebHost(env.core, { uploads: true });
});
afterAll(() => host.close());
beforeEach(() => env.sim.control.reset());

const prepared = z.object({ batchId: z.string(), files: z.array(bytesPlanSchema) });

interface PageFile {
  bytes: Buffer;
  name: string;
  /** What the page claims; the bytes' own hash and length unless a test says otherwise. */
  hash?: string;
  size?: number;
}

async function declare(file: PageFile) {
  return {
    name: file.name,
    size: file.size ?? file.bytes.length,
    hash: file.hash ?? (await hashChunksWithWasm([file.bytes])),
    contentType: 'application/octet-stream',
    relativePath: file.name,
  };
}

async function prepare(...files: PageFile[]): Promise<{ batchId: string; files: BytesPlan[] }> {
  const result = await env.core.dispatcher.call('uploads.prepareBytes', {
    profileId: env.profileId,
    files: await Promise.all(files.map(declare)),
    options: { tags: ['from-page'] },
  });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return prepared.parse(result.value);
}

function sendUrlOf(plan: BytesPlan | undefined): string {
  expect(plan?.action).toBe('send');
  return `${host.origin}${plan?.sendUrl ?? ''}`;
}

/** As the page PUTs: with its own Origin, unless a test says otherwise (an `origin` of '' sends none). */
async function put(url: string, body: Buffer, headers: Record<string, string> = {}) {
  const sent = { origin: host.origin, ...headers };
  if (sent.origin === '') delete (sent as Partial<typeof sent>).origin;
  const response = await fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: sent });
  return { status: response.status, body: z.record(z.string(), z.unknown()).parse(await response.json()) };
}

async function batch(batchId: string): Promise<UploadBatch> {
  const listed = await env.core.dispatcher.call('uploads.list', { profileId: env.profileId });
  if (!listed.ok) throw new Error(listed.error.message);
  const batches = z.object({ batches: z.array(uploadBatchSchema) }).parse(listed.value).batches;
  const found = batches.find((b) => b.batchId === batchId);
  if (found === undefined) throw new Error(`no batch ${batchId}`);
  return found;
}

/** PUTs only the headers and waits for the answer: a refusal must come before the page sends a byte. */
function putHeadersOnly(url: string, contentLength: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'PUT', headers: { 'content-length': String(contentLength), origin: host.origin } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      },
    );
    req.once('error', reject);
    req.flushHeaders();
  });
}

describe('page-hashed uploads through the upload route', () => {
  it('sends the bytes once; the same bytes again go as zero file bytes', async () => {
    const bytes = randomBytes(200_000);
    const first = await prepare({ bytes, name: 'photo.png' });
    // As the page sends it: its own length header beside the Content-Length the browser adds.
    const sent = await put(sendUrlOf(first.files[0]), bytes, {
      origin: host.origin,
      'x-loupe-length': '200000',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.outcome).toMatchObject({ kind: 'uploaded', createdNew: true });
    expect(env.sim.control.stats().uploadBytesReceived).toBe(200_000);
    const done = await env.core.uploads.whenFinished(first.batchId);
    expect(done.files[0]).toMatchObject({ state: 'done', bytesSent: 200_000 });
    expect(done.files[0]?.hash).toMatch(/^blake3:[0-9a-f]{64}$/);
    expect(done.summary.text).toBe('1 file, 1 uploaded');

    const again = await prepare({ bytes, name: 'photo-copy.png' });
    expect(again.files).toEqual([{ fileId: 'f1', action: 'deduplicated', sendUrl: null }]);
    const second = await env.core.uploads.whenFinished(again.batchId);
    expect(second.files[0]?.outcome).toMatchObject({ kind: 'deduplicated', bytesNotSent: 200_000 });
    expect(second.summary.text).toBe('1 file, 1 already on the server, 200 kB not sent');
    // The service's own byte counter: nothing more arrived.
    const stats: unknown = await (await fetch(`${env.sim.origin}/_sim/stats`)).json();
    expect(stats).toMatchObject({ uploadBytesReceived: 200_000, assets: 2, blobs: 1 });

    // Both are assets Loupe now knows, with their hash, under the path the page gave.
    const listed = await env.core.dispatcher.call('assets.list', { profileId: env.profileId });
    expect(listed).toMatchObject({ ok: true, value: { total: 2 } });
    const uploaded = sent.body.outcome as { assetId: string };
    const asset = await env.core.dispatcher.call('assets.get', {
      profileId: env.profileId,
      assetId: uploaded.assetId,
    });
    expect(asset).toMatchObject({
      ok: true,
      value: { name: 'photo.png', hash: done.files[0]?.hash, sizeBytes: 200_000 },
    });
  });

  it('refuses a wrong capability, a foreign origin and a second PUT before the service hears of it', async () => {
    const bytes = randomBytes(1000);
    const plan = await prepare({ bytes, name: 'guarded.bin' });
    const url = sendUrlOf(plan.files[0]);
    await clearSimRequests(env.sim);
    const wrong = url.replace(env.core.content.capability, 'A'.repeat(env.core.content.capability.length));
    expect((await put(wrong, bytes)).status).toBe(404);
    expect((await put(url.replace(env.core.content.capability, host.token), bytes)).status).toBe(404);
    expect((await put(url, bytes, { origin: 'http://evil.example' })).status).toBe(403);
    // With the right capability but no Origin at all: refused too.
    expect((await put(url, bytes, { origin: '' })).status).toBe(403);
    expect((await fetch(url)).status).toBe(405);
    expect(await simRequests(env.sim)).toEqual([]);
    expect((await batch(plan.batchId)).files[0]?.state).toBe('queued');

    // The right PUT goes through once; the address is spent after that.
    expect((await put(url, bytes)).status).toBe(200);
    const spent = await put(url, bytes);
    expect(spent).toMatchObject({ status: 409, body: { error: { code: 'not_awaiting_bytes' } } });
  });

  it('refuses a body whose length differs from the size the page hashed', async () => {
    const bytes = randomBytes(4000);
    const plan = await prepare({ bytes, name: 'short.bin' });
    await clearSimRequests(env.sim);
    const refused = await put(sendUrlOf(plan.files[0]), bytes.subarray(0, 3000));
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'size_mismatch' } } });
    expect(await simRequests(env.sim)).toEqual([]);
    expect(env.sim.control.stats().uploadBytesReceived).toBe(0);
    expect((await batch(plan.batchId)).files[0]?.outcome).toMatchObject({
      kind: 'failed',
      code: 'size_mismatch',
    });
  });

  it('refuses a page length header that disagrees with Content-Length, without spending the address', async () => {
    const bytes = randomBytes(500);
    const plan = await prepare({ bytes, name: 'two-lengths.bin' });
    await clearSimRequests(env.sim);
    const refused = await put(sendUrlOf(plan.files[0]), bytes, { 'x-loupe-length': '499' });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'length_mismatch' } } });
    expect(await simRequests(env.sim)).toEqual([]);
    expect((await batch(plan.batchId)).files[0]?.state).toBe('queued');
  });

  it('refuses an oversized body by its Content-Length, before the service sees a byte', async () => {
    const plan = await prepare({ bytes: randomBytes(10), name: 'tiny.bin' });
    await clearSimRequests(env.sim);
    const refused = await putHeadersOnly(sendUrlOf(plan.files[0]), 100_000_001);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'too_large' } });
    expect(await simRequests(env.sim)).toEqual([]);
    expect(env.sim.control.stats().uploadBytesReceived).toBe(0);
  });

  it('refuses a file over the limit at planning time, after only the check by hash', async () => {
    await clearSimRequests(env.sim);
    const plan = await prepare({ bytes: randomBytes(16), name: 'huge.mov', size: 150_000_000 });
    expect(plan.files).toEqual([{ fileId: 'f1', action: 'refused-too-large', sendUrl: null }]);
    expect((await simRequests(env.sim)).map((r) => r.method)).toEqual(['HEAD']);
    const outcome = (await batch(plan.batchId)).files[0]?.outcome;
    expect(outcome).toMatchObject({ kind: 'refused-too-large', limitBytes: 100_000_000 });
  });

  it('reports bytes that do not match the page’s hash as corruption and creates nothing', async () => {
    const hashed = randomBytes(5000);
    const plan = await prepare({ bytes: hashed, name: 'changed.bin' });
    const other = randomBytes(5000);
    const sent = await put(sendUrlOf(plan.files[0]), other);
    expect(sent.status).toBe(200);
    expect(sent.body.outcome).toMatchObject({
      kind: 'failed',
      code: 'hash_mismatch',
      corruption: true,
      outcomeUnknown: false,
    });
    expect(env.sim.control.stats()).toMatchObject({ assets: 0, blobs: 0 });

    // A retry under the hash of what the file holds now plans a new send, and that one lands.
    const retried = await env.core.dispatcher.call('uploads.retryBytes', {
      profileId: env.profileId,
      batchId: plan.batchId,
      fileId: 'f1',
      size: other.length,
      hash: await hashChunksWithWasm([other]),
    });
    const again = bytesPlanSchema.parse(retried.ok ? retried.value : null);
    expect((await put(sendUrlOf(again), other)).body.outcome).toMatchObject({ kind: 'uploaded' });
    expect(env.sim.control.stats()).toMatchObject({ assets: 1, blobs: 1 });
  });

  it('cancels the upstream request when the page goes away mid-body, leaving no asset', async () => {
    const size = 8 * 1024 * 1024;
    const plan = await prepare({ bytes: randomBytes(size), name: 'long.bin' });
    const req = request(sendUrlOf(plan.files[0]), {
      method: 'PUT',
      headers: { 'content-length': String(size), origin: host.origin },
    });
    req.on('error', () => undefined);
    req.write(randomBytes(1024 * 1024));
    await expect.poll(async () => (await batch(plan.batchId)).files[0]?.state).toBe('sending');
    req.destroy();
    const done = await env.core.uploads.whenFinished(plan.batchId);
    expect(done.files[0]?.outcome).toMatchObject({ kind: 'canceled' });
    expect(env.sim.control.stats()).toMatchObject({ assets: 0, blobs: 0 });
  });

  it('without an upload route (a host serving none) still dedups known bytes and says why the rest cannot go', async () => {
    const known = randomBytes(3000);
    const first = await prepare({ bytes: known, name: 'known.bin' });
    await put(sendUrlOf(first.files[0]), known);
    const electron = new UploadService({
      store: env.core.store,
      profiles: env.core.profiles,
      bytesRouteBase: null,
    });
    try {
      const plan = await electron.bytes.prepare(
        env.profileId,
        [
          await declare({ bytes: known, name: 'known.bin' }),
          await declare({ bytes: randomBytes(10), name: 'new.bin' }),
        ],
        {},
      );
      expect(plan.files.map((f) => f.action)).toEqual(['deduplicated', 'failed']);
      const done = await electron.whenFinished(plan.batchId);
      expect(done.files.map((f) => f.outcome?.kind)).toEqual(['deduplicated', 'failed']);
      expect(done.files[1]?.outcome).toMatchObject({ code: 'bytes_route_unavailable' });
    } finally {
      await electron.close();
    }
  });
});
