// Page-hashed uploads in core, against the real simulator through real sockets: the intent and its
// Idempotency-Key are on disk before the bytes request leaves (rule 6), and after an unknown outcome a retry
// checks by hash and goes out under a new key, on the same record.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AssetsClient, HttpClient } from '../api';
import { connectionForProfile } from '../profiles';
import { uploadTestbed } from './testing/uploadTestbed';
import { hashChunksWithWasm } from './wasmHash';

const bed = uploadTestbed('serverless');

interface Seen {
  key: string | null;
  rowState: string | null;
}

/** An UploadService with a route, whose POSTs pass a spy that looks at the store as each one leaves. */
function spied() {
  const seen: Seen[] = [];
  const spy: typeof fetch = (input, init) => {
    if (init?.method === 'POST') {
      const key = new Headers(init.headers).get('idempotency-key');
      const row = bed.fx.store.uploads.list(bed.fx.profileId).rows.find((r) => r.idempotencyKey === key);
      seen.push({ key, rowState: row?.state ?? null });
    }
    return fetch(input, init);
  };
  const service = bed.fx.service({
    bytesRouteBase: '/upload-bytes/cap/',
    connect: async (profileId) =>
      new AssetsClient(
        new HttpClient({ connection: await connectionForProfile(bed.fx.profiles, profileId), fetch: spy }),
      ),
  });
  return { service, seen };
}

async function declared(bytes: Buffer, name: string) {
  return {
    name,
    size: bytes.length,
    hash: await hashChunksWithWasm([bytes]),
    contentType: '',
    relativePath: `drop/${name}`,
  };
}

async function* bodyOf(bytes: Buffer): AsyncGenerator<Uint8Array> {
  // Two pieces, as a request body arrives.
  yield bytes.subarray(0, 1000);
  await Promise.resolve();
  yield bytes.subarray(1000);
}

function deliver(batchId: string, bytes: Buffer) {
  return {
    batchId,
    fileId: 'f1',
    length: bytes.length,
    body: bodyOf(bytes),
    signal: new AbortController().signal,
  };
}

describe('bytes the page hashed', () => {
  it('records the intent and its key before the request leaves, under the placement the page gave', async () => {
    const { service, seen } = spied();
    const bytes = randomBytes(3000);
    const plan = await service.bytes.prepare(bed.fx.profileId, [await declared(bytes, 'clip.wav')], {
      filePath: 'inputs',
    });
    expect(plan.files[0]).toMatchObject({ action: 'send', sendUrl: `/upload-bytes/cap/${plan.batchId}/f1` });
    // Nothing is on disk until bytes arrive: a plan the page never follows leaves no dangling intent.
    expect(bed.fx.store.uploads.list(bed.fx.profileId).rows).toEqual([]);

    const outcome = await service.bytes.receive(deliver(plan.batchId, bytes));
    expect(outcome).toMatchObject({ kind: 'uploaded', createdNew: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.rowState).toBe('sent');
    const [row] = bed.fx.store.uploads.list(bed.fx.profileId).rows;
    expect(row).toMatchObject({ state: 'created', idempotencyKey: seen[0]?.key, filePath: 'drop/clip.wav' });
    const asset = await new AssetsClient(
      new HttpClient({ connection: await connectionForProfile(bed.fx.profiles, bed.fx.profileId) }),
    ).get(outcome.kind === 'uploaded' ? outcome.assetId : '');
    // The type the page did not know came from the name.
    expect(asset).toMatchObject({
      file_path: 'inputs/drop/clip.wav',
      content_type: 'audio/wav',
      size_bytes: 3000,
    });
  });

  it('after an unknown outcome, a retry checks by hash and goes out under a new key', async () => {
    const { service, seen } = spied();
    bed.sim.control.setFaults({ upstreamError: { routes: ['POST /api/v2/assets'], count: 1 } });
    const bytes = randomBytes(4000);
    const file = await declared(bytes, 'flaky.bin');
    const plan = await service.bytes.prepare(bed.fx.profileId, [file], {});
    expect(await service.bytes.receive(deliver(plan.batchId, bytes))).toMatchObject({
      kind: 'failed',
      outcomeUnknown: true,
    });
    expect(bed.fx.store.uploads.list(bed.fx.profileId).rows.map((r) => r.state)).toEqual(['unknown']);

    const again = await service.bytes.retry(plan.batchId, 'f1', { hash: file.hash, size: file.size });
    expect(again.action).toBe('send');
    expect(await service.bytes.receive(deliver(plan.batchId, bytes))).toMatchObject({ kind: 'uploaded' });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.key).not.toBe(seen[0]?.key);
    expect(bed.fx.store.uploads.list(bed.fx.profileId).rows).toEqual([
      expect.objectContaining({ state: 'created', attempts: 2, idempotencyKey: seen[1]?.key }),
    ]);
  });

  it('cancels a file waiting for its bytes; its address is then refused', async () => {
    const service = bed.fx.service({ bytesRouteBase: '/upload-bytes/cap/' });
    const bytes = randomBytes(100);
    const plan = await service.bytes.prepare(bed.fx.profileId, [await declared(bytes, 'late.bin')], {});
    expect(service.cancel(plan.batchId)).toEqual({ canceled: 1 });
    await expect(service.bytes.receive(deliver(plan.batchId, bytes))).rejects.toMatchObject({
      code: 'not_awaiting_bytes',
    });
    expect(service.batch(plan.batchId).files[0]?.outcome).toMatchObject({ kind: 'canceled' });
    expect(() => service.retry(plan.batchId, 'f1')).toThrow(
      expect.objectContaining({ code: 'not_retryable' }),
    );
    expect(bed.sim.control.stats().uploadBytesReceived).toBe(0);
  });
});
