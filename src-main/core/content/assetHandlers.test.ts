// The contract's assets.* calls against the real simulator: the list from the store (uploads and outputs of
// known jobs), look-up by id and by hash, delete (204, 409 asset_in_use, the second delete's 404), a fresh link
// to copy, and the core/ASSET reference. Every result is checked against the contract's own schema.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assetsContract } from '../../../src-shared/contracts/assets';
import { textAndLatentWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { startSimulator, type RunningSimulator } from '../../simulator/server';
import { client, waitForStatus } from '../../simulator/testing/testKit';
import { fastTiming } from '../api/testing/conformance/simulatorHarness';
import { DomainError } from '../errors';
import { uploadBytes } from './testing/bytes';
import { contentFixture, type ContentFixture } from './testing/contentFixture';

const KEY = 'demo-key';
const outputSchema = z.looseObject({
  id: z.string(),
  node_id: z.string(),
  name: z.string(),
  type: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  hash: z.string().nullable(),
});

let sim: RunningSimulator;
let f: ContentFixture;
let profileId: string;
let outputs: z.infer<typeof outputSchema>[];
let jobId: string;

beforeAll(async () => {
  sim = await startSimulator({ surface: 'serverless', timing: fastTiming });
  const api = client(sim.url, KEY);
  const submitted = await api.post('/api/v2/jobs', { workflow: textAndLatentWorkflow() });
  jobId = z.object({ id: z.string() }).parse(submitted.body).id;
  const job = await waitForStatus(api, jobId, ['succeeded']);
  outputs = z.array(outputSchema).parse(job.outputs);
});
afterAll(() => sim.close());

beforeEach(async () => {
  f = contentFixture();
  profileId = await f.addProfile('serverless', sim.url, KEY);
  // What the jobs watcher records when it sees the job (core/jobs does this in the app).
  f.store.jobs.upsertSnapshot(profileId, { id: jobId, status: 'succeeded' });
  f.store.outputs.upsertForJob(
    profileId,
    jobId,
    outputs.map((o) => ({
      assetId: o.id,
      nodeId: o.node_id,
      name: o.name,
      type: o.type,
      contentType: o.content_type,
      size: o.size_bytes,
      hash: o.hash,
    })),
  );
});
afterEach(async () => {
  expect(f.errors).toEqual([]);
  await f.dispose();
});

const call = {
  base: async () =>
    assetsContract['assets.base'].result.parse(await f.content.handlers['assets.base']({ profileId })),
  list: async (args: { search?: string; cursor?: string | null; limit?: number } = {}) =>
    assetsContract['assets.list'].result.parse(
      await f.content.handlers['assets.list']({ ...args, profileId }),
    ),
  lookup: async (query: string) =>
    assetsContract['assets.lookup'].result.parse(
      await f.content.handlers['assets.lookup']({ query, profileId }),
    ),
  delete: async (assetId: string) => f.content.handlers['assets.delete']({ assetId, profileId }),
  copyLink: async (assetId: string) =>
    assetsContract['assets.copyLink'].result.parse(
      await f.content.handlers['assets.copyLink']({ assetId, profileId }),
    ),
  reference: (assetId: string) => f.content.handlers['assets.reference']({ assetId, profileId }),
};

/** An upload as core/uploads records it, finished. */
async function recordedUpload(name: string): Promise<{ id: string; hash: string | null; bytes: Buffer }> {
  const bytes = randomBytes(2000);
  const asset = await uploadBytes(sim.url, KEY, bytes, name);
  const intent = f.store.uploads.recordIntent({
    id: `u-${asset.id}`,
    profileId,
    filePath: `/home/me/pictures/${name}`,
    size: bytes.length,
    hash: asset.hash,
    idempotencyKey: `key-${asset.id}`,
  });
  f.store.uploads.markSent(intent.id);
  f.store.uploads.markResult(intent.id, { outcome: 'created', assetId: asset.id, hash: asset.hash });
  return { ...asset, bytes };
}

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('assets.*', () => {
  it('gives the asset URL prefix of the host', async () => {
    expect((await call.base()).base).toMatch(/^\/asset-bytes\/[A-Za-z0-9_-]{20,}\/$/);
    const electron = contentFixture({ shell: 'electron' });
    expect(await electron.content.handlers['assets.base']({ profileId })).toEqual({ base: 'loupe-asset://' });
    await electron.dispose();
  });

  it('lists uploads and outputs of known jobs from the store, with search and paging', async () => {
    const upload = await recordedUpload('holiday.png');
    const page = await call.list();
    expect(page.total).toBe(outputs.length + 1);
    expect(page.assets.find((a) => a.assetId === upload.id)).toMatchObject({
      name: 'holiday.png',
      hash: upload.hash,
      origins: ['upload'],
    });
    const text = outputs.find((o) => o.type === 'text');
    expect(page.assets.find((a) => a.assetId === text?.id)).toMatchObject({ jobId, origins: ['output'] });

    expect((await call.list({ search: 'HOLIDAY' })).assets.map((a) => a.assetId)).toEqual([upload.id]);
    expect((await call.list({ search: upload.id.slice(0, 8) })).total).toBe(1);
    const hex = (upload.hash ?? '').slice('blake3:'.length, 'blake3:'.length + 12);
    expect((await call.list({ search: hex })).assets.map((a) => a.assetId)).toEqual([upload.id]);

    const first = await call.list({ limit: 1 });
    expect(first.assets).toHaveLength(1);
    const second = await call.list({ limit: 1, cursor: first.nextCursor });
    expect(second.assets[0]?.assetId).not.toBe(first.assets[0]?.assetId);
  });

  it('looks an asset up by id and remembers it in the store', async () => {
    const stranger = await uploadBytes(sim.url, KEY, randomBytes(300), 'found.bin');
    const found = await call.lookup(stranger.id);
    expect(found).toMatchObject({
      state: 'found',
      asset: {
        assetId: stranger.id,
        hash: stranger.hash,
        sizeBytes: 300,
        origins: ['lookup'],
        source: 'service',
      },
    });
    expect((await call.list({ search: 'found.bin' })).assets.map((a) => a.assetId)).toEqual([stranger.id]);

    const missing = await failure(call.lookup('00000000-0000-4000-8000-000000000000'));
    expect(missing.code).toBe('asset_not_found');
    expect((await failure(call.lookup('not an id!'))).code).toBe('invalid_query');
  });

  it('looks an asset up by hash: a known output, a blob the service holds, an unknown hash', async () => {
    const text = outputs.find((o) => o.hash !== null);
    if (text?.hash == null) throw new Error('no output with a hash');
    const byHash = await call.lookup(text.hash.toUpperCase().replace('BLAKE3:', 'blake3:'));
    expect(byHash).toMatchObject({ state: 'found', asset: { assetId: text.id, jobId } });

    const unknownToLoupe = await uploadBytes(sim.url, KEY, randomBytes(100), 'elsewhere.bin');
    const blobOnly = await call.lookup(unknownToLoupe.hash ?? '');
    expect(blobOnly).toMatchObject({ state: 'blob-only', hash: unknownToLoupe.hash });

    const nowhere = await failure(call.lookup(`blake3:${'0'.repeat(64)}`));
    expect(nowhere.code).toBe('asset_not_found');
  });

  it('deletes an upload (204), explains a second delete (404) and an output in use (409)', async () => {
    const upload = await recordedUpload('delete-me.png');
    expect(await call.delete(upload.id)).toEqual({ deleted: true });
    expect((await call.list()).assets.map((a) => a.assetId)).not.toContain(upload.id);

    const again = await failure(call.delete(upload.id));
    expect(again.code).toBe('asset_not_found');
    expect(again.status).toBe(404);
    expect(again.message).toMatch(/deleted before .*second time/);

    const output = outputs[0];
    if (output === undefined) throw new Error('no output');
    const inUse = await failure(call.delete(output.id));
    expect(inUse.code).toBe('asset_in_use');
    expect(inUse.status).toBe(409);
    expect(inUse.message).toMatch(/still needs/);
    expect((await call.list()).assets.map((a) => a.assetId)).toContain(output.id);
  });

  it('copies a fresh signed link that opens without credentials, and says until when', async () => {
    const upload = await recordedUpload('share.png');
    const link = await call.copyLink(upload.id);
    if (link.kind !== 'signed') throw new Error('expected a signed link');
    expect(Date.parse(link.expiresAt ?? '')).toBeGreaterThan(Date.now());
    const opened = await fetch(link.url);
    expect(Buffer.from(await opened.arrayBuffer()).equals(upload.bytes)).toBe(true);

    const selfHosted = await startSimulator({ surface: 'self-hosted' });
    try {
      const local = await uploadBytes(selfHosted.url, null, randomBytes(10), 'local.bin');
      const selfHostedProfile = await f.addProfile('self-hosted', selfHosted.url);
      expect(
        await f.content.handlers['assets.copyLink']({ assetId: local.id, profileId: selfHostedProfile }),
      ).toMatchObject({ kind: 'none' });
    } finally {
      await selfHosted.close();
    }
  });

  it('builds the core/ASSET reference with the hints Loupe knows', async () => {
    const upload = await recordedUpload('input.png');
    const { text } = await call.reference(upload.id);
    expect(JSON.parse(text)).toEqual({
      __type: 'core/ASSET',
      info: { id: upload.id, hash: upload.hash, file_path: 'input.png' },
    });
    const stranger = await uploadBytes(sim.url, KEY, randomBytes(10), 'inputs/other.png');
    expect(JSON.parse((await call.reference(stranger.id)).text)).toMatchObject({
      info: { id: stranger.id, file_path: 'inputs/other.png' },
    });
  });

  it('answers for the profile a call names, whatever profile is shown (none here)', async () => {
    await recordedUpload('shown-or-not.png');
    f.store.settings.setActiveProfileId(null);
    expect((await call.list()).assets.map((asset) => asset.name)).toContain('shown-or-not.png');
  });
});
