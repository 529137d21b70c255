// The hostile service's assets, over real sockets: blake3 computed on its side, expected_hash verified, a
// single-use key on uploads, dedup (200, created_new false), from-hash only over blobs it holds (201 new,
// 200 for an identical reference), HEAD by-hash.
import { afterEach, expect, it } from 'vitest';
import { CHAOS_API_KEY, startHostileServer, type HostileServer } from './server';
import { blake3Of } from './assetRoutes';

let server: HostileServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const auth = { authorization: `Bearer ${CHAOS_API_KEY}` };

function upload(url: string, bytes: Buffer, key: string, expectedHash?: string): Promise<Response> {
  const form = new FormData();
  form.set('file_path', 'photo.png');
  if (expectedHash !== undefined) form.set('expected_hash', expectedHash);
  form.set('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  return fetch(`${url}/api/v2/assets`, {
    method: 'POST',
    headers: { ...auth, 'idempotency-key': key },
    body: form,
  });
}

function fromHash(url: string, hash: string, filePath: string): Promise<Response> {
  return fetch(`${url}/api/v2/assets/from-hash`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ hash, file_path: filePath }),
  });
}

it('uploads, dedups, refuses a reused key and a wrong hash, and mints from a held blob only', async () => {
  const seeded = Buffer.from('bytes someone else uploaded');
  server = await startHostileServer({
    seed: 1,
    faults: [],
    clock: { queuedMs: [0, 1], runMs: [1, 2], failRate: 0, longRun: { identities: new Set(), ms: 0 } },
    clientTimeoutMs: 300,
    seededBlobs: [seeded],
  });
  const { url, ledger } = server;
  const bytes = Buffer.from('a small png, or near enough');
  const hash = blake3Of(bytes);
  const first = await upload(url, bytes, 'u1', hash);
  expect(first.status).toBe(201);
  expect(((await first.json()) as { created_new: boolean }).created_new).toBe(true);
  expect((await upload(url, bytes, 'u1')).status).toBe(422);
  expect((await upload(url, bytes, 'u2', blake3Of(Buffer.from('other')))).status).toBe(409);
  const again = await upload(url, bytes, 'u3');
  expect(again.status).toBe(200);
  expect(((await again.json()) as { created_new: boolean }).created_new).toBe(false);

  const head = (h: string) => fetch(`${url}/api/v2/assets/by-hash/${h}`, { method: 'HEAD', headers: auth });
  expect((await head(blake3Of(seeded))).status).toBe(200);
  expect((await head(blake3Of(Buffer.from('never seen')))).status).toBe(404);
  const minted = await fromHash(url, blake3Of(seeded), 'mine.png');
  expect(minted.status).toBe(201);
  const same = await fromHash(url, blake3Of(seeded), 'mine.png');
  expect(same.status).toBe(200);
  expect(((await same.json()) as { id: string }).id).toBe(((await minted.json()) as { id: string }).id);
  expect((await fromHash(url, blake3Of(Buffer.from('never seen')), 'x.png')).status).toBe(404);
  expect([...ledger.assets.values()].filter((asset) => asset.route === 'upload')).toHaveLength(2);
});
