// batches.sending after a relaunch: how a batch is sent is kept with it (a cancel, a pause, its window), so
// the next Loupe reads it as the last one left it (and the page offers Resume only where it makes sense).
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchesContract } from '../../../src-shared/contracts/batches';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { makeTempDir } from '../store/testing/tempDir';
import { callOk, connectCore, connectedProfile, createTestCore } from '../app/testing/testCore';

let sim: RunningSimulator;
const dataDir = makeTempDir('loupe-sending-');

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
});
afterAll(async () => {
  await sim.close();
  rmSync(dataDir.path, { recursive: true, force: true });
});

describe('batches.sending', () => {
  it('reads canceled after a relaunch for a batch canceled before it, idle for one left unsent', async () => {
    const first = await createTestCore({ dataDir: dataDir.path });
    await connectCore(first, { surface: 'serverless', baseUrl: sim.url });
    const start = async (name: string) =>
      batchesContract['batches.start'].result.parse(
        await callOk(first, 'batches.start', {
          profileId: connectedProfile(first),
          workflowJson: JSON.stringify(textToImageWorkflow({ steps: 200 })),
          axes: [{ kind: 'sweep', text: '3.seed=1..20' }],
          name,
          window: 1,
        }),
      );
    const canceled = await start('Canceled one');
    const paused = await start('Paused one');
    await callOk(first, 'batches.control', {
      profileId: connectedProfile(first),
      batchId: canceled.batchId,
      action: 'cancel',
    });
    await callOk(first, 'batches.control', {
      profileId: connectedProfile(first),
      batchId: paused.batchId,
      action: 'pause',
    });
    await first.close();

    const second = await createTestCore({ dataDir: dataDir.path });
    try {
      const read = async (batchId: string) =>
        batchesContract['batches.sending'].result.parse(
          await callOk(second, 'batches.sending', { profileId: connectedProfile(second), batchId }),
        );
      expect((await read(canceled.batchId)).state).toBe('canceled');
      // A pause is kept with the batch: the next Loupe reads it paused, with its window (Resume takes it up).
      expect(await read(paused.batchId)).toMatchObject({ state: 'paused', window: 1, reason: null });
    } finally {
      await second.close();
    }
  });
});
