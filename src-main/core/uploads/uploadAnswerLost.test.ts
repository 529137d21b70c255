// Issue 19, the outcome model for asset writes: once the upload's 2xx status line has arrived the asset
// exists, so a lost, garbled or empty body makes it "created, id not read", never a failure, and its bytes
// are never sent again: the id is learnt with a zero-byte from-hash. The simulator's byte counter is the
// evidence.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { startManglingFront, type AnswerFault, type ManglingFront } from '../jobs/testing/manglingFront';
import { uploadFixture, type UploadFixture } from './testing/uploadFixture';

let sim: RunningSimulator | null = null;
let front: ManglingFront | null = null;
let fx: UploadFixture | null = null;
afterEach(async () => {
  await fx?.dispose();
  await front?.close();
  await sim?.close();
  fx = front = sim = null;
});

const isUpload = (method: string, path: string): boolean =>
  method === 'POST' && path.endsWith('/api/v2/assets');

describe('an upload whose answer is lost', () => {
  it.each<AnswerFault>(['cut-mid-body', 'not-json', 'empty-body'])(
    '%s: the asset is named by a zero-byte from-hash; its bytes went once',
    async (fault) => {
      sim = await startFast({ surface: 'serverless' });
      front = await startManglingFront(sim.url, isUpload);
      fx = await uploadFixture({ surface: 'serverless', baseUrl: front.url, key: 'demo-key' });
      const bytes = randomBytes(64 * 1024);
      const path = fx.file('photo.png', bytes);
      front.spoil(fault);
      const service = fx.service();
      const { batchId } = await service.start(fx.profileId, [path], {});
      const [file] = (await service.whenFinished(batchId)).files;
      expect(front.spoiled()).toBe(1);
      const outcome = file?.outcome;
      if (outcome?.kind !== 'uploaded') throw new Error(`expected an upload, got ${outcome?.kind ?? 'none'}`);
      expect(sim.control.stats().uploadBytesReceived).toBe(bytes.length);
      const [row] = fx.store.uploads.list(fx.profileId).rows;
      expect(row).toMatchObject({ state: 'created', assetId: outcome.assetId });
      await service.close();
    },
  );
});
