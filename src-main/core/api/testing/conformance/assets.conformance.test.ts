// Every AssetsClient call against the simulator on each surface: upload (new and dedup), from-hash,
// by-hash, get, delete, content (200 and Range on self-hosted; 302 to signed storage elsewhere) and the
// resolved content location, with the asset error codes. The simulator's request log proves that the
// credential went to the content endpoint and never to storage.
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { blake3 } from '@napi-rs/blake-hash';
import { describe, expect, it } from 'vitest';
import { textToImageWorkflow } from '../../../../simulator/jobs/sampleWorkflows';
import type { Surface } from '../../connection';
import { simulatorFixture } from './simulatorFixture';
import {
  apiErrorOf,
  clearSimRequests,
  clientsFor,
  connectionTo,
  otherKey,
  setFaults,
  simRequests,
  startFast,
  untilTerminal,
} from './simulatorHarness';

function blake3Of(bytes: Uint8Array): string {
  return `blake3:${blake3(Buffer.from(bytes)).toString('hex')}`;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Bytes unique to a test, so dedup only happens where a test asks for it. */
function uniqueBytes(size = 4096): Buffer {
  const seed = createHash('sha256').update(randomUUID()).digest();
  return Buffer.alloc(size, seed);
}

describe.each<{ surface: Surface; prefix: string }>([
  { surface: 'self-hosted', prefix: '' },
  { surface: 'managed', prefix: '/mount' },
  { surface: 'serverless', prefix: '' },
])('assets on $surface, prefix "$prefix"', ({ surface, prefix }) => {
  const env = simulatorFixture({ surface, prefix, forbiddenKeys: ['blocked-key'] });
  const signed = surface !== 'self-hosted';

  async function upload(bytes: Buffer, extra: { tags?: string[]; expectedHash?: string } = {}) {
    return env.api.assets.upload({
      source: () => Readable.from([bytes]),
      size: bytes.byteLength,
      fileName: 'input.png',
      contentType: 'image/png',
      filePath: 'inputs/input.png',
      expiresIn: 3600,
      ...extra,
    });
  }

  it('upload: 201 for new bytes, 200 and a new asset over the same blob for the same bytes', async () => {
    const bytes = uniqueBytes();
    const first = await upload(bytes, { expectedHash: blake3Of(bytes), tags: ['input', 'portrait'] });
    expect(first.created).toBe(true);
    expect(first.asset).toMatchObject({
      size_bytes: bytes.byteLength,
      content_type: 'image/png',
      created_new: true,
    });
    expect(first.asset.hash === null || first.asset.hash === blake3Of(bytes)).toBe(true);
    const second = await upload(bytes);
    expect(second.created).toBe(false);
    expect(second.asset.created_new).toBe(false);
    expect(second.asset.id).not.toBe(first.asset.id);
  });

  it('409 hash_mismatch when the declared hash is wrong; no asset is minted and it is not retried', async () => {
    const bytes = uniqueBytes();
    const error = await apiErrorOf(() => upload(bytes, { expectedHash: blake3Of(uniqueBytes()) }));
    expect(error).toMatchObject({ status: 409, code: 'hash_mismatch' });
    expect(env.api.waits).toEqual([]);
    expect(env.sim.control.stats().assets).toBe(0);
  });

  it('from-hash mints over a held blob (201), returns an identical reference as is (200), 404 on a miss', async () => {
    const bytes = uniqueBytes();
    const hash = blake3Of(bytes);
    await upload(bytes);
    const minted = await env.api.assets.fromHash({
      hash,
      file_path: 'copy.png',
      tags: ['a'],
      expires_in: 600,
    });
    expect(minted.created).toBe(true);
    const same = await env.api.assets.fromHash({ hash, file_path: 'copy.png', tags: ['a'], expires_in: 600 });
    expect(same.created).toBe(false);
    expect(same.asset.id).toBe(minted.asset.id);
    const miss = await apiErrorOf(() => env.api.assets.fromHash({ hash: blake3Of(uniqueBytes()) }));
    expect(miss).toMatchObject({ status: 404, code: 'blob_not_found' });
  });

  it('by-hash: 200 for a blob this account can mint from, 404 otherwise', async () => {
    const bytes = uniqueBytes();
    await upload(bytes);
    expect(await env.api.assets.existsByHash(blake3Of(bytes))).toBe(true);
    expect(await env.api.assets.existsByHash(blake3Of(uniqueBytes()))).toBe(false);
    if (surface === 'self-hosted') return;
    const stranger = clientsFor(connectionTo(env.sim, { key: otherKey }));
    expect(await stranger.assets.existsByHash(blake3Of(bytes))).toBe(false);
  });

  it('get, then delete (204), then a second delete is 404 not_found', async () => {
    const { asset } = await upload(uniqueBytes());
    const read = await env.api.assets.get(asset.id);
    expect(read.id).toBe(asset.id);
    expect(read.url_expires_at === null).toBe(!signed);
    await env.api.assets.delete(asset.id);
    const again = await apiErrorOf(() => env.api.assets.delete(asset.id));
    expect(again).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('409 asset_in_use when deleting an output the platform still needs', async () => {
    const job = await env.api.jobs.submit({ workflow: textToImageWorkflow({ steps: 1 }) });
    const done = await untilTerminal(env.api.jobs, job.id);
    const output = done.outputs[0];
    if (output === undefined) throw new Error('no output');
    const error = await apiErrorOf(() => env.api.assets.delete(output.id));
    expect(error).toMatchObject({ status: 409, code: 'asset_in_use' });
  });

  it('content: the credential goes to the content endpoint, and a 302 to storage is followed without it', async () => {
    const bytes = uniqueBytes(10_000);
    const { asset } = await upload(bytes);
    await clearSimRequests(env.sim);
    const content = await env.api.assets.content(asset.id);
    expect(content.status).toBe(200);
    expect(content.redirected).toBe(signed);
    expect((await readAll(content.body)).equals(bytes)).toBe(true);
    const seen = await simRequests(env.sim);
    const endpoint = seen.find((r) => r.path === `${prefix}/api/v2/assets/${asset.id}/content`);
    expect(endpoint?.status).toBe(signed ? 302 : 200);
    expect(endpoint?.credentials).toBe(surface !== 'self-hosted');
    const storage = seen.filter((r) => r.path.startsWith('/_storage/'));
    expect(storage).toHaveLength(signed ? 1 : 0);
    expect(storage.every((r) => !r.credentials)).toBe(true);
  });

  it('content by the asset’s own url: a signed URL opens without the credential', async () => {
    const bytes = uniqueBytes();
    const { asset } = await upload(bytes);
    await clearSimRequests(env.sim);
    const content = await env.api.assets.content(asset);
    expect((await readAll(content.body)).equals(bytes)).toBe(true);
    const [request] = await simRequests(env.sim);
    expect(request?.path.startsWith('/_storage/')).toBe(signed);
    if (signed) expect(request?.credentials).toBe(false);
  });

  it('Range: 206 with Content-Range, and 416 for a range past the end', async () => {
    const bytes = uniqueBytes(1000);
    const { asset } = await upload(bytes);
    const part = await env.api.assets.content(asset.id, { range: { start: 10, end: 19 } });
    expect(part.status).toBe(206);
    expect(part.contentRange).toBe(`bytes 10-19/${bytes.byteLength}`);
    expect((await readAll(part.body)).equals(bytes.subarray(10, 20))).toBe(true);
    const tail = await env.api.assets.content(asset.id, { range: { start: 990 } });
    expect((await readAll(tail.body)).equals(bytes.subarray(990))).toBe(true);
    const past = await apiErrorOf(() => env.api.assets.content(asset.id, { range: { start: 5000 } }));
    expect(past.status).toBe(416);
    // Self-hosted answers in the v2 envelope; signed storage answers in its own XML.
    expect(past.code).toBe(signed ? 'http_416' : 'range_not_satisfiable');
  });

  it('resolveContentLocation: the signed URL on managed/serverless, the endpoint itself on self-hosted', async () => {
    const { asset } = await upload(uniqueBytes());
    const location = await env.api.assets.resolveContentLocation(asset.id);
    expect(location.signed).toBe(signed);
    expect(location.url.startsWith(`${env.sim.origin}/_storage/`)).toBe(signed);
    if (!signed) expect(location.url).toBe(`${env.sim.url}/api/v2/assets/${asset.id}/content`);
  });

  it('403 forbidden for a key that authenticates but is not allowed, on upload and on read', async () => {
    const { asset } = await upload(uniqueBytes());
    const blocked = clientsFor(connectionTo(env.sim, { key: 'blocked-key' }), { sim: env.sim });
    expect(await apiErrorOf(() => blocked.assets.get(asset.id))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    const bytes = uniqueBytes();
    const refused = await apiErrorOf(() =>
      blocked.assets.upload({
        source: () => Readable.from([bytes]),
        size: bytes.byteLength,
        fileName: 'a.png',
        contentType: 'image/png',
      }),
    );
    expect(refused).toMatchObject({ status: 403, code: 'forbidden' });
    expect(blocked.waits).toEqual([]);
  });

  it('401 unauthorized on the content endpoint without a credential (where one is required)', async () => {
    if (surface === 'self-hosted') return;
    const { asset } = await upload(uniqueBytes());
    const anonymous = clientsFor(connectionTo(env.sim, { key: null }));
    const error = await apiErrorOf(() => anonymous.assets.content(asset.id));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
  });
});

describe('a self-hosted proxy whose upstream loses or fails to serve an output', () => {
  const env = simulatorFixture({ surface: 'self-hosted' });

  async function finishedOutputId(): Promise<string> {
    const job = await env.api.jobs.submit({ workflow: textToImageWorkflow({ steps: 1 }) });
    const output = (await untilTerminal(env.api.jobs, job.id)).outputs[0];
    if (output === undefined) throw new Error('no output');
    return output.id;
  }

  it('404 output_unavailable when the bytes are gone upstream: final, not retried', async () => {
    const id = await finishedOutputId();
    await setFaults(env.sim, { outputUnavailable: true });
    const error = await apiErrorOf(() => env.api.assets.content(id));
    expect(error).toMatchObject({ kind: 'http', status: 404, code: 'output_unavailable' });
    expect(env.api.waits).toEqual([]);
  });

  it('502 upstream_error when upstream fails: retried like any 5xx read, then handed back', async () => {
    const id = await finishedOutputId();
    await setFaults(env.sim, { upstreamError: { routes: ['GET /api/v2/assets/*/content'], status: 502 } });
    const error = await apiErrorOf(() => env.api.assets.content(id));
    expect(error).toMatchObject({ kind: 'http', status: 502, code: 'upstream_error' });
    expect(env.api.waits).toHaveLength(3);
  });
});

describe('a self-hosted proxy with a static token, under a mount prefix', () => {
  it('an asset’s url is the content endpoint there, so following it keeps the credential', async () => {
    const sim = await startFast({ surface: 'self-hosted', prefix: '/mount', apiKeys: ['local-token'] });
    try {
      const api = clientsFor(connectionTo(sim, { key: 'local-token' }));
      const bytes = uniqueBytes();
      const { asset } = await api.assets.upload({
        source: () => Readable.from([bytes]),
        fileName: 'a.bin',
        contentType: 'application/octet-stream',
      });
      expect(asset.url).toBe(`${sim.url}/api/v2/assets/${asset.id}/content`);
      await clearSimRequests(sim);
      const content = await api.assets.content(asset);
      expect((await readAll(content.body)).equals(bytes)).toBe(true);
      expect(await simRequests(sim)).toMatchObject([{ status: 200, credentials: true }]);
    } finally {
      await sim.close();
    }
  });
});
