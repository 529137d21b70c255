// The uploader against the real simulator, through real sockets: what the service received (its byte
// counter, request log, assets and blobs) is the evidence, not what the client believes it sent.
import { randomBytes } from 'node:crypto';
import { symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AssetsClient, HttpClient } from '../api';
import { connectionForProfile } from '../profiles';
import type { UploadBatch, UploadFile } from '../../../src-shared/contract';
import { uploadTestbed } from './testing/uploadTestbed';
import type { UploadService } from './uploadService';

const bed = uploadTestbed('serverless');

async function upload(service: UploadService, paths: string[], options = {}): Promise<UploadBatch> {
  const { batchId } = await service.start(bed.fx.profileId, paths, options);
  return service.whenFinished(batchId);
}

function only(batch: UploadBatch): UploadFile {
  expect(batch.files).toHaveLength(1);
  return batch.files[0]!;
}

/**
 * Starts one file, runs `act` (given the batch's id) the first time `when` holds for it, and waits for the
 * batch to finish.
 */
async function uploadActingOnce(
  service: UploadService,
  path: string,
  when: (file: UploadFile) => boolean,
  act: (batchId: string) => void,
): Promise<{ batchId: string; file: UploadFile }> {
  const { batchId } = await service.start(bed.fx.profileId, [path]);
  let done = false;
  service.onChange(batchId, () => {
    const file = service.batch(batchId).files[0]!;
    if (done || !when(file)) return;
    done = true;
    act(batchId);
  });
  return { batchId, file: only(await service.whenFinished(batchId)) };
}

/** Sets a fixed modification time, so a rewrite of the same size can keep the time as well. */
function pinTime(path: string): void {
  utimesSync(path, 1_700_000_000, 1_700_000_000);
}

const checking = (file: UploadFile): boolean => file.state === 'checking';

interface SeenUpload {
  path: string;
  key: string | null;
  /** The store row carrying that key at the moment the request left. */
  rowState: string | null;
}

/** An UploadService whose requests pass a spy that looks at the store as each one leaves. */
function spiedService(limits: { maxUploadBytes?: number } = {}): {
  service: UploadService;
  seen: SeenUpload[];
} {
  const seen: SeenUpload[] = [];
  const spy: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (init?.method === 'POST') {
      const key = new Headers(init.headers).get('idempotency-key');
      const rows = bed.fx.store.uploads.list(bed.fx.profileId).rows;
      const row =
        key === null ? rows.find((r) => r.state === 'sent') : rows.find((r) => r.idempotencyKey === key);
      seen.push({ path: url.pathname, key, rowState: row?.state ?? null });
    }
    return fetch(input, init);
  };
  const service = bed.fx.service({
    ...limits,
    connect: async (profileId) =>
      new AssetsClient(
        new HttpClient({ connection: await connectionForProfile(bed.fx.profiles, profileId), fetch: spy }),
      ),
  });
  return { service, seen };
}

describe('hash first, then dedup', () => {
  it('sends zero file bytes the second time the same bytes are uploaded', async () => {
    const service = bed.fx.service();
    const path = bed.fx.file('photo.png', randomBytes(300_000));
    const first = only(await upload(service, [path]));
    expect(first.outcome).toMatchObject({ kind: 'uploaded', createdNew: true });
    const received = bed.sim.control.stats().uploadBytesReceived;
    expect(received).toBe(300_000);

    const again = await upload(service, [path]);
    expect(only(again).outcome).toMatchObject({ kind: 'deduplicated', bytesNotSent: 300_000 });
    expect(only(again).bytesSent).toBe(0);
    expect(bed.sim.control.stats().uploadBytesReceived).toBe(received);
    // Same owner, bytes and placement: the service hands back the reference it already had.
    const firstAsset = first.outcome?.kind === 'uploaded' ? first.outcome.assetId : null;
    expect(only(again).outcome).toMatchObject({ assetId: firstAsset });
    expect(again.summary.text).toBe('1 file, 1 already on the server, 300 kB not sent');
  });

  it('summarises a mixed batch', async () => {
    const service = bed.fx.service();
    const known = [1, 2, 3].map((n) => bed.fx.file(`set/known-${n}.bin`, randomBytes(1_000_000)));
    await upload(service, known);
    bed.fx.file('set/new-1.bin', randomBytes(10));
    bed.fx.file('set/new-2.bin', randomBytes(10));
    const batch = await upload(service, [join(bed.fx.dir.path, 'drop/set')]);
    expect(batch.summary).toMatchObject({ files: 5, deduplicated: 3, uploaded: 2, bytesNotSent: 3_000_000 });
    expect(batch.summary.text).toBe('5 files, 3 already on the server, 2 uploaded, 3.00 MB not sent');
  });

  it('records the intent and its key before each request leaves (write before send)', async () => {
    const { service, seen } = spiedService();
    const path = bed.fx.file('intent.bin', randomBytes(5000));
    const first = only(await upload(service, [path]));
    await upload(service, [path]);
    expect(seen.map((s) => [s.path, s.rowState])).toEqual([
      ['/api/v2/assets', 'sent'],
      ['/api/v2/assets/from-hash', 'sent'],
    ]);
    // The multipart upload presents the key recorded with its intent; from-hash carries none.
    expect(seen.map((s) => s.key === null)).toEqual([false, true]);
    const rows = bed.fx.store.uploads.list(bed.fx.profileId).rows;
    expect(rows.map((r) => r.state)).toEqual(['created', 'created']);
    expect(rows.every((r) => r.filePath === path && r.hash === first.hash)).toBe(true);
  });
});

describe('refusals and corruption', () => {
  it('refuses a file over the limit before any byte is sent', async () => {
    const service = bed.fx.service({ maxUploadBytes: 1000 });
    const path = bed.fx.file('big.bin', randomBytes(5000));
    bed.sim.control.clearRequests();
    const file = only(await upload(service, [path]));
    expect(file.outcome).toMatchObject({ kind: 'refused-too-large', limitBytes: 1000 });
    expect(file.outcome?.kind === 'refused-too-large' && file.outcome.message).toContain('Nothing was sent');
    // Only the by-hash look-up reached the service: no upload request, no file byte.
    expect(bed.sim.control.requests().map((r) => r.method)).toEqual(['HEAD']);
    expect(bed.sim.control.stats().uploadBytesReceived).toBe(0);
    expect(bed.fx.store.uploads.list(bed.fx.profileId).rows).toEqual([]);
  });

  it('still deduplicates an over-limit file the service already holds', async () => {
    const path = bed.fx.file('big-known.bin', randomBytes(5000));
    await upload(bed.fx.service(), [path]);
    const received = bed.sim.control.stats().uploadBytesReceived;
    const file = only(await upload(bed.fx.service({ maxUploadBytes: 1000 }), [path]));
    expect(file.outcome).toMatchObject({ kind: 'deduplicated', bytesNotSent: 5000 });
    expect(bed.sim.control.stats().uploadBytesReceived).toBe(received);
  });

  it('reports a hash_mismatch as corruption, creates nothing, and a retry uses a new key', async () => {
    const { service, seen } = spiedService();
    const path = bed.fx.file('shifty.bin', randomBytes(20_000));
    pinTime(path);
    // The disk hands back other bytes after hashing: same size, same time, so only the service can tell.
    const { batchId, file } = await uploadActingOnce(service, path, checking, () => {
      writeFileSync(path, randomBytes(20_000));
      pinTime(path);
    });
    expect(file.outcome).toMatchObject({
      kind: 'failed',
      code: 'hash_mismatch',
      corruption: true,
      outcomeUnknown: false,
    });
    expect(bed.sim.control.stats()).toMatchObject({ assets: 0, blobs: 0 });
    expect(bed.fx.store.uploads.list(bed.fx.profileId).rows.map((r) => r.state)).toEqual(['failed']);

    service.retry(batchId, file.fileId);
    const retried = only(await service.whenFinished(batchId));
    expect(retried.outcome).toMatchObject({ kind: 'uploaded' });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.key).not.toBe(seen[0]?.key);
    // The bytes differ now, so the retry is a new intent; the failed one stays as the record of what happened.
    expect(bed.fx.store.uploads.list(bed.fx.profileId).rows).toEqual([
      expect.objectContaining({ state: 'created', idempotencyKey: seen[1]?.key, hash: retried.hash }),
      expect.objectContaining({ state: 'failed', idempotencyKey: seen[0]?.key, hash: file.hash }),
    ]);
  });

  it('notices a file changed after hashing and sends nothing', async () => {
    const service = bed.fx.service();
    const path = bed.fx.file('edited.txt', 'first version');
    pinTime(path);
    const { file } = await uploadActingOnce(service, path, checking, () =>
      writeFileSync(path, 'second version!'),
    );
    expect(file.outcome).toMatchObject({ kind: 'failed', code: 'file_changed' });
    expect(bed.sim.control.stats().uploadBytesReceived).toBe(0);
  });
});

describe('cancel and retry', () => {
  it('cancels an upload mid-body and leaves no half-made asset', async () => {
    const service = bed.fx.service();
    const path = bed.fx.file('long.bin', randomBytes(16 * 1024 * 1024));
    const { batchId, file } = await uploadActingOnce(
      service,
      path,
      (f) => f.bytesSent > 0,
      (id) => service.cancel(id),
    );
    expect(file.outcome).toMatchObject({ kind: 'canceled' });
    expect(file.bytesSent).toBeLessThan(16 * 1024 * 1024);
    expect(bed.sim.control.stats()).toMatchObject({ assets: 0, blobs: 0 });
    const [canceledRow] = bed.fx.store.uploads.list(bed.fx.profileId).rows;
    expect(canceledRow?.state).toBe('failed');

    // Nothing was created, so the retry goes out on the same record under a new key.
    service.retry(batchId, file.fileId);
    expect(only(await service.whenFinished(batchId)).outcome).toMatchObject({ kind: 'uploaded' });
    const [row] = bed.fx.store.uploads.list(bed.fx.profileId).rows;
    expect(row).toMatchObject({ id: canceledRow?.id, state: 'created', attempts: 2 });
    expect(row?.idempotencyKey).not.toBe(canceledRow?.idempotencyKey);
    expect(bed.sim.control.stats()).toMatchObject({ assets: 1, blobs: 1 });
  });

  it('after an unknown outcome, a retry checks by hash and never reuses the key', async () => {
    const { service, seen } = spiedService();
    bed.sim.control.setFaults({ upstreamError: { routes: ['POST /api/v2/assets'], count: 1 } });
    const path = bed.fx.file('flaky.bin', randomBytes(4000));
    const { batchId } = await service.start(bed.fx.profileId, [path]);
    const file = only(await service.whenFinished(batchId));
    expect(file.outcome).toMatchObject({ kind: 'failed', outcomeUnknown: true });
    expect(bed.fx.store.uploads.list(bed.fx.profileId).rows.map((r) => r.state)).toEqual(['unknown']);

    service.retry(batchId, file.fileId);
    expect(only(await service.whenFinished(batchId)).outcome).toMatchObject({ kind: 'uploaded' });
    expect(seen.map((s) => s.path)).toEqual(['/api/v2/assets', '/api/v2/assets']);
    expect(seen[1]?.key).not.toBe(seen[0]?.key);
    expect(bed.fx.store.uploads.list(bed.fx.profileId).rows).toEqual([
      expect.objectContaining({ state: 'created', attempts: 2, idempotencyKey: seen[1]?.key }),
    ]);
  });

  it('does not retry a file that succeeded', async () => {
    const service = bed.fx.service();
    const { batchId } = await service.start(bed.fx.profileId, [bed.fx.file('fine.txt', 'fine')]);
    const file = only(await service.whenFinished(batchId));
    expect(() => service.retry(batchId, file.fileId)).toThrow(
      expect.objectContaining({ code: 'not_retryable' }),
    );
  });
});

describe('folders and options', () => {
  it('uploads a folder recursively with placement, tags and expiry, and names what it skipped', async () => {
    const service = bed.fx.service();
    bed.fx.file('album/a.png', randomBytes(100));
    bed.fx.file('album/sub/b.wav', randomBytes(200));
    symlinkSync(bed.fx.file('outside.txt', 'x'), join(bed.fx.dir.path, 'drop/album/link.txt'));
    const batch = await upload(service, [join(bed.fx.dir.path, 'drop/album')], {
      filePath: 'inputs/',
      tags: ['input'],
      expiresIn: 3600,
    });
    expect(batch.files.map((f) => [f.relativePath, f.outcome?.kind])).toEqual([
      ['album/a.png', 'uploaded'],
      ['album/sub/b.wav', 'uploaded'],
    ]);
    expect(batch.skipped).toEqual([expect.objectContaining({ reason: 'symlink' })]);
    const outcome = batch.files[1]?.outcome;
    const assetId = outcome?.kind === 'uploaded' ? outcome.assetId : '';
    const assets = new AssetsClient(
      new HttpClient({ connection: await connectionForProfile(bed.fx.profiles, bed.fx.profileId) }),
    );
    const asset = await assets.get(assetId);
    expect(asset).toMatchObject({
      file_path: 'inputs/album/sub/b.wav',
      content_type: 'audio/wav',
      size_bytes: 200,
    });
    expect(asset.expires_at).not.toBeNull();
  });

  it('refuses paths that are not absolute or do not exist', async () => {
    const service = bed.fx.service();
    await expect(service.start(bed.fx.profileId, ['relative/file.txt'])).rejects.toMatchObject({
      code: 'invalid_path',
    });
    await expect(
      service.start(bed.fx.profileId, [join(bed.fx.dir.path, 'missing.txt')]),
    ).rejects.toMatchObject({
      code: 'path_not_found',
    });
  });
});
