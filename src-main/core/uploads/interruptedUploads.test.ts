// Uploads interrupted by a crash come back at the next start, and Retry resumes them without uploading
// anything twice. A "crash" here is a service closed with rows left unfinished in a real store file; the
// next launch is a new UploadService over the same store. The simulator's byte counter and asset count are
// the evidence of what reached the service.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AssetsClient, HttpClient } from '../api';
import { connectionForProfile } from '../profiles';
import type { UploadBatch, UploadFile } from '../../../src-shared/contract';
import { uploadTestbed } from './testing/uploadTestbed';
import type { UploadService } from './uploadService';

const bed = uploadTestbed('serverless');

async function assetsClient(fetchImpl?: typeof fetch): Promise<AssetsClient> {
  const connection = await connectionForProfile(bed.fx.profiles, bed.fx.profileId);
  return new AssetsClient(
    new HttpClient({ connection, ...(fetchImpl === undefined ? {} : { fetch: fetchImpl }) }),
  );
}

/** A fetch whose upload POST reaches the service and is answered, but the answer never arrives. */
const answerLost: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (init?.method === 'POST') {
    await response.arrayBuffer();
    throw new TypeError('fetch failed: the connection dropped before the answer');
  }
  return response;
};

async function restartedService(): Promise<{ service: UploadService; batches: UploadBatch[] }> {
  const service = bed.fx.service();
  await service.restoreInterrupted();
  return { service, batches: service.list() };
}

function onlyFile(batches: UploadBatch[]): { batch: UploadBatch; file: UploadFile } {
  expect(batches).toHaveLength(1);
  const batch = batches[0]!;
  expect(batch.files).toHaveLength(1);
  return { batch, file: batch.files[0]! };
}

describe('uploads interrupted by a crash', () => {
  it('come back after a lost answer, and Retry mints from the hash: no byte is sent twice', async () => {
    const first = bed.fx.service({ connect: () => assetsClient(answerLost) });
    const path = bed.fx.file('shots/frame.png', randomBytes(5000));
    const started = await first.start(bed.fx.profileId, [path], {
      filePath: 'inputs',
      tags: ['frames'],
      expiresIn: 3600,
    });
    await first.whenFinished(started.batchId);
    expect(bed.sim.control.stats()).toMatchObject({ uploadBytesReceived: 5000, assets: 1 });
    await first.close();

    const { service, batches } = await restartedService();
    const { batch, file } = onlyFile(batches);
    expect(batch.options).toEqual({ filePath: 'inputs', tags: ['frames'], expiresIn: 3600 });
    expect(file).toMatchObject({ path, relativePath: 'frame.png', state: 'done', bytesHashed: 5000 });
    expect(file.outcome).toMatchObject({ kind: 'failed', code: 'interrupted', outcomeUnknown: true });

    service.retry(batch.batchId, file.fileId);
    const resumed = (await service.whenFinished(batch.batchId)).files[0]!;
    expect(resumed.outcome).toMatchObject({ kind: 'deduplicated', bytesNotSent: 5000 });
    // The bytes went once; the resumed upload is placed and tagged as the first one asked.
    expect(bed.sim.control.stats().uploadBytesReceived).toBe(5000);
    const assetId = resumed.outcome?.kind === 'deduplicated' ? resumed.outcome.assetId : '';
    expect(await (await assetsClient()).get(assetId)).toMatchObject({
      file_path: 'inputs/frame.png',
      // expires_in went again (the service does not echo tags; the options above carry them).
      expires_at: expect.any(String) as unknown,
    });
    expect(bed.fx.store.uploads.list(bed.fx.profileId).rows).toEqual([
      expect.objectContaining({ state: 'created', assetId }),
    ]);
    // Settled: the next start has nothing to bring back.
    expect((await restartedService()).batches).toEqual([]);
  });

  it('a request that never left is sent on its own recorded row', async () => {
    const path = bed.fx.file('never-sent.txt', 'hello after a crash');
    const row = bed.fx.store.uploads.recordIntent({
      id: 'row-1',
      profileId: bed.fx.profileId,
      filePath: path,
      size: 19,
      hash: null,
      idempotencyKey: 'key-1',
      placement: { relativePath: 'never-sent.txt' },
    });

    const { service, batches } = await restartedService();
    const { batch, file } = onlyFile(batches);
    expect(file.outcome).toMatchObject({ kind: 'failed', code: 'interrupted', outcomeUnknown: false });
    expect(file.outcome?.kind === 'failed' && file.outcome.message).toContain('before this upload was sent');

    service.retry(batch.batchId, file.fileId);
    expect((await service.whenFinished(batch.batchId)).files[0]?.outcome).toMatchObject({ kind: 'uploaded' });
    expect(bed.sim.control.stats()).toMatchObject({ uploadBytesReceived: 19, assets: 1 });
    expect(bed.fx.store.uploads.get(row.id)).toMatchObject({ state: 'created', idempotencyKey: 'key-1' });
  });

  it('a file changed since the crash goes as a new upload, and the old row is settled', async () => {
    const path = bed.fx.file('changing.txt', 'first bytes');
    bed.fx.store.uploads.recordIntent({
      id: 'old-row',
      profileId: bed.fx.profileId,
      filePath: path,
      size: 11,
      hash: 'blake3:' + '0'.repeat(64),
      idempotencyKey: 'old-key',
    });
    bed.fx.store.uploads.markSent('old-row');
    writeFileSync(path, 'other bytes, longer now');

    const { service, batches } = await restartedService();
    const { batch, file } = onlyFile(batches);
    // A row from before placements were kept: the file's name stands in, no options.
    expect(batch.options).toEqual({});
    expect(file.relativePath).toBe('changing.txt');
    service.retry(batch.batchId, file.fileId);
    expect((await service.whenFinished(batch.batchId)).files[0]?.outcome).toMatchObject({ kind: 'uploaded' });
    expect(bed.fx.store.uploads.get('old-row')).toMatchObject({
      state: 'failed',
      lastError: expect.stringContaining('replaced') as unknown,
    });
    expect((await restartedService()).batches).toEqual([]);
  });

  it('a page-dropped file cannot be read again: it is listed with that advice and a plain retry is refused', async () => {
    bed.fx.store.uploads.recordIntent({
      id: 'page-row',
      profileId: bed.fx.profileId,
      filePath: 'album/dropped.png',
      size: 10,
      hash: 'blake3:' + 'a'.repeat(64),
      idempotencyKey: 'page-key',
      placement: { relativePath: 'album/dropped.png' },
    });
    bed.fx.store.uploads.markSent('page-row');

    const { service, batches } = await restartedService();
    const { batch, file } = onlyFile(batches);
    expect(file.outcome).toMatchObject({
      kind: 'failed',
      code: 'interrupted_page_file',
      outcomeUnknown: true,
    });
    expect(file.outcome?.kind === 'failed' && file.outcome.message).toContain('Drop the file again');
    expect(() => service.retry(batch.batchId, file.fileId)).toThrow(
      expect.objectContaining({ code: 'not_retryable' }),
    );
    expect(bed.sim.control.stats().requests.total).toBe(0);
  });

  it('dismissing settles the rows, so they are not offered again', async () => {
    for (const name of ['a.txt', 'b.txt']) {
      const row = bed.fx.store.uploads.recordIntent({
        id: `row-${name}`,
        profileId: bed.fx.profileId,
        filePath: bed.fx.file(name, name),
        size: 5,
        hash: null,
        idempotencyKey: `key-${name}`,
        placement: { relativePath: name, tags: ['kept'] },
      });
      if (name === 'b.txt') bed.fx.store.uploads.markSent(row.id);
    }
    const { service, batches } = await restartedService();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.files.map((f) => f.relativePath)).toEqual(['a.txt', 'b.txt']);

    expect(service.forgetInterrupted(batches[0]!.batchId)).toEqual({ forgotten: 2 });
    expect(service.batch(batches[0]!.batchId).files.map((f) => f.outcome?.kind)).toEqual([
      'canceled',
      'canceled',
    ]);
    expect(bed.fx.store.uploads.list(bed.fx.profileId).rows.map((r) => r.state)).toEqual([
      'failed',
      'failed',
    ]);
    expect(service.forgetInterrupted(batches[0]!.batchId)).toEqual({ forgotten: 0 });
    expect((await restartedService()).batches).toEqual([]);
  });

  it('groups interrupted files by the options they were uploaded with', async () => {
    const rows = [
      { name: 'one.txt', placement: { relativePath: 'one.txt', filePath: 'x' } },
      { name: 'two.txt', placement: { relativePath: 'two.txt', filePath: 'y' } },
      { name: 'three.txt', placement: { relativePath: 'three.txt', filePath: 'x' } },
    ];
    for (const { name, placement } of rows) {
      bed.fx.store.uploads.recordIntent({
        id: name,
        profileId: bed.fx.profileId,
        filePath: bed.fx.file(name, name),
        size: name.length,
        hash: null,
        idempotencyKey: `key-${name}`,
        placement,
      });
    }
    const { batches } = await restartedService();
    const byFolder = new Map(batches.map((b) => [b.options.filePath, b.files.map((f) => f.relativePath)]));
    expect(byFolder).toEqual(
      new Map([
        ['x', ['one.txt', 'three.txt']],
        ['y', ['two.txt']],
      ]),
    );
  });
});
