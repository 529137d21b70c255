// The loupe-app:// handler with a typed fake of protocol.handle: the renderer's files on GET, and the upload
// route a pathless dropped file's bytes are PUT to, against a real UploadService and the real simulator. The
// fake hands the handler what Electron 45's protocol.handle builds: a web Request with the page's headers and a
// streamed body, and no Content-Length (Chromium adds that after the handler's copy of the request is made).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { BytesFile, UploadBatch } from '../../src-shared/contract';
import { clearSimRequests, simRequests, startFast } from '../core/api/testing/conformance/simulatorHarness';
import { hashChunksWithWasm, type UploadService } from '../core/uploads';
import { uploadFixture, type UploadFixture } from '../core/uploads/testing/uploadFixture';
import type { RunningSimulator } from '../simulator/server';
import { handleAppProtocol } from './appProtocol';
import { FakeProtocol } from './fakes.test-support';

const CAPABILITY = 'cap-0123456789abcdefghijklmnop';
const APP = 'loupe-app://app';

let sim: RunningSimulator;
let f: UploadFixture;
let uploads: UploadService;
let rendererRoot: string;
const protocol = new FakeProtocol();

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
  f = await uploadFixture({ surface: 'serverless', baseUrl: sim.url, key: 'demo-key' });
  uploads = f.service({ bytesRouteBase: `/upload-bytes/${CAPABILITY}/` });
  rendererRoot = mkdtempSync(join(tmpdir(), 'loupe-renderer-'));
  writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><title>Loupe</title>');
  handleAppProtocol(protocol, rendererRoot, { capability: CAPABILITY, receiver: uploads.bytes });
});
afterAll(async () => {
  rmSync(rendererRoot, { recursive: true, force: true });
  await f.dispose();
  await sim.close();
});
beforeEach(() => sim.control.reset());

async function declare(bytes: Uint8Array, name: string): Promise<BytesFile> {
  const hash = await hashChunksWithWasm([bytes]);
  return { name, size: bytes.length, hash, contentType: 'application/octet-stream', relativePath: name };
}

/** Plans one file as uploads.prepareBytes would, and returns where the page would PUT it. */
async function planned(bytes: Uint8Array, name: string): Promise<{ batchId: string; url: string }> {
  const plan = await uploads.bytes.prepare(f.profileId, [await declare(bytes, name)], {});
  const file = plan.files[0];
  expect(file?.action).toBe('send');
  // The page resolves the relative sendUrl against its own origin.
  return { batchId: plan.batchId, url: `${APP}${file?.sendUrl ?? ''}` };
}

/** The page's XHR: its File as the body, its length in x-loupe-length, its origin named. */
function put(url: string, body: RequestInit['body'], length: number, extra: PutInit = {}): Request {
  const headers = { 'x-loupe-length': String(length), origin: APP, ...extra.headers };
  return new Request(url, { method: 'PUT', body, duplex: 'half', ...extra, headers });
}

interface PutInit {
  method?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const answerSchema = z.object({
  outcome: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

async function answered(response: Response) {
  return { status: response.status, body: answerSchema.parse(await response.json()) };
}

function fileOf(batchId: string): UploadBatch['files'][number] | undefined {
  return uploads.batch(batchId).files[0];
}

/** A body that sends `first` bytes and then waits, as a page still sending a large file does. */
function stalledBody(first: number): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return new Promise<void>(() => undefined);
      sent = true;
      controller.enqueue(new Uint8Array(randomBytes(first)));
      return undefined;
    },
  });
}

describe('loupe-app:// in Electron', () => {
  it('serves the renderer’s files on GET, and nothing else outside the upload route', async () => {
    const page = await protocol.fetch(new Request(`${APP}/index.html`));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await page.text()).toContain('<title>Loupe</title>');
    expect((await protocol.fetch(new Request(`${APP}/missing.js`))).status).toBe(404);
    expect((await protocol.fetch(new Request(`${APP}/index.html`, { method: 'POST' }))).status).toBe(404);
    expect((await protocol.fetch(new Request('loupe-app://other/index.html'))).status).toBe(404);

    // Without core's receiver (no uploads wired) the route does not exist: a plain 404.
    const filesOnly = new FakeProtocol();
    handleAppProtocol(filesOnly, rendererRoot);
    const url = `${APP}/upload-bytes/${CAPABILITY}/b1/f1`;
    expect((await filesOnly.fetch(put(url, new Uint8Array(1), 1))).status).toBe(404);
  });

  it('takes a dropped file’s bytes on the page’s origin and sends them to the service', async () => {
    const bytes = randomBytes(300_000);
    const { batchId, url } = await planned(bytes, 'from-a-web-page.png');
    // The body as Electron hands over a Blob: the whole file, behind a stream.
    const sent = await answered(await protocol.fetch(put(url, new Blob([bytes]), bytes.length)));
    expect(sent.status).toBe(200);
    expect(sent.body.outcome).toMatchObject({ kind: 'uploaded', createdNew: true });
    expect(sim.control.stats()).toMatchObject({ uploadBytesReceived: 300_000, assets: 1, blobs: 1 });
    const done = await uploads.whenFinished(batchId);
    expect(done.files[0]).toMatchObject({ state: 'done', bytesSent: 300_000 });
    expect(done.summary.text).toBe('1 file, 1 uploaded');

    // The address is spent: the same PUT again is refused, and the service hears nothing more.
    const again = await answered(await protocol.fetch(put(url, new Blob([bytes]), bytes.length)));
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'not_awaiting_bytes' } } });
    expect(sim.control.stats().uploadBytesReceived).toBe(300_000);
  });

  it('refuses a wrong capability, another method, no length and a foreign origin before reading', async () => {
    const bytes = randomBytes(1000);
    const { batchId, url } = await planned(bytes, 'guarded.bin');
    await clearSimRequests(sim);
    const wrong = url.replace(CAPABILITY, 'x'.repeat(CAPABILITY.length));
    const notFound = await answered(await protocol.fetch(put(wrong, bytes, bytes.length)));
    expect(notFound).toEqual({ status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } });
    expect((await protocol.fetch(put(url.replace(CAPABILITY, 'short'), bytes, bytes.length))).status).toBe(
      404,
    );

    const get = await protocol.fetch(new Request(url));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('PUT');
    const post = await protocol.fetch(put(url, bytes, bytes.length, { method: 'POST' }));
    expect(post.status).toBe(405);

    const unsized = new Request(url, { method: 'PUT', body: bytes, headers: { origin: APP } });
    expect(await answered(await protocol.fetch(unsized))).toMatchObject({
      status: 411,
      body: { error: { code: 'length_required' } },
    });

    const foreign = put(url, bytes, bytes.length, { headers: { origin: 'https://evil.example' } });
    expect((await protocol.fetch(foreign)).status).toBe(403);
    // Electron's own account of who asked (request.initiatorOrigin) is checked too.
    const initiated = Object.assign(put(url, bytes, bytes.length), {
      initiatorOrigin: 'https://evil.example',
    });
    expect((await protocol.fetch(initiated)).status).toBe(403);

    expect(await simRequests(sim)).toEqual([]);
    expect(fileOf(batchId)?.state).toBe('queued');
    // The right PUT still goes through: none of the refusals spent the address.
    const sent = await answered(await protocol.fetch(put(url, bytes, bytes.length)));
    expect(sent.body.outcome).toMatchObject({ kind: 'uploaded' });
  });

  it('refuses a declared length other than the hashed size, and a body longer than it declared', async () => {
    const bytes = randomBytes(4000);
    const short = await planned(bytes, 'short.bin');
    await clearSimRequests(sim);
    const refused = await answered(await protocol.fetch(put(short.url, bytes.subarray(0, 3000), 3000)));
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 'size_mismatch' } } });
    expect(await simRequests(sim)).toEqual([]);
    expect(fileOf(short.batchId)?.outcome).toMatchObject({ kind: 'failed', code: 'size_mismatch' });

    // The page claims the right length and sends more: cut off while streaming, nothing created.
    const other = randomBytes(4000);
    const long = await planned(other, 'long.bin');
    const longer = Buffer.concat([other, randomBytes(10)]);
    const cut = await answered(await protocol.fetch(put(long.url, new Blob([longer]), other.length)));
    expect(cut).toMatchObject({ status: 200, body: { outcome: { kind: 'failed', code: 'file_changed' } } });

    // …and fewer bytes than it declared: the same.
    const third = randomBytes(4000);
    const few = await planned(third, 'few.bin');
    const fewer = await answered(await protocol.fetch(put(few.url, third.subarray(0, 100), third.length)));
    expect(fewer).toMatchObject({ status: 200, body: { outcome: { kind: 'failed', code: 'file_changed' } } });

    // Content-Length and the page's header disagreeing is refused without spending the address.
    const both = await planned(randomBytes(50), 'both.bin');
    const twoLengths = put(both.url, randomBytes(50), 50, { headers: { 'content-length': '49' } });
    expect((await answered(await protocol.fetch(twoLengths))).body.error?.code).toBe('length_mismatch');
    expect(fileOf(both.batchId)?.state).toBe('queued');
    expect(sim.control.stats()).toMatchObject({ assets: 0, blobs: 0 });
  });

  it('stops the upstream request when the request’s signal aborts mid-body, leaving no asset', async () => {
    const size = 8 * 1024 * 1024;
    const { batchId, url } = await planned(randomBytes(size), 'aborted.bin');
    const page = new AbortController();
    // Electron builds its Request without a signal; a host that passes one is honoured all the same.
    const response = await protocol.fetch(put(url, stalledBody(1024 * 1024), size, { signal: page.signal }));
    expect(response.status).toBe(200);
    await expect.poll(() => fileOf(batchId)?.state).toBe('sending');
    page.abort();
    const done = await uploads.whenFinished(batchId);
    expect(done.files[0]?.outcome).toMatchObject({ kind: 'canceled' });
    expect(sim.control.stats()).toMatchObject({ assets: 0, blobs: 0 });
  });

  it('stops the upstream request when Electron drops the answer (the page went away), leaving no asset', async () => {
    const size = 8 * 1024 * 1024;
    const { batchId, url } = await planned(randomBytes(size), 'left.bin');
    const response = await protocol.fetch(put(url, stalledBody(1024 * 1024), size));
    // 200 as soon as core reads the body: refusals all come before that, and the outcome follows in the body.
    expect(response.status).toBe(200);
    await expect.poll(() => fileOf(batchId)?.state).toBe('sending');
    // What Electron does with the answer's body when the page cancels its PUT or closes.
    await response.body?.cancel();
    const done = await uploads.whenFinished(batchId);
    expect(done.files[0]?.outcome).toMatchObject({ kind: 'canceled' });
    expect(sim.control.stats()).toMatchObject({ assets: 0, blobs: 0 });
  });
});
