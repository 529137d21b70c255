// Issue 6, item 3: the Assets view lists every output of a known job. Outputs reach the store when the
// watcher records a job's snapshot; this proves it through the contract against the real simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulator, type RunningSimulator } from '../../simulator/server';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import type { CallName } from '../../../src-shared/contract';
import {
  callOk,
  connectCore,
  connectedProfile,
  createTestCore,
  submitUntilDone,
  type TestCore,
} from './testing/testCore';

let sim: RunningSimulator;
let core: TestCore;

beforeAll(async () => {
  sim = await startSimulator({ surface: 'serverless', timing: { dispatchMs: 5, nodeMs: 5, stepMs: 2 } });
  core = await createTestCore();
  await connectCore(core, { surface: 'serverless', baseUrl: sim.url });
});
afterAll(async () => {
  await core.dispose();
  await sim.close();
});

const call = (name: CallName, args: unknown): Promise<unknown> => callOk(core, name, args);

const assetPage = z.object({ assets: z.array(z.object({ assetId: z.string() }).loose()) });

describe('outputs of known jobs', () => {
  it('are listed in the Assets view once the job has been seen', async () => {
    const { done: job } = await submitUntilDone(core, {
      profileId: connectedProfile(core),
      workflowJson: JSON.stringify(textToImageWorkflow({ steps: 3 })),
    });
    expect(job.status).toBe('succeeded');
    expect(job.outputs.length).toBeGreaterThan(0);
    // The watcher writes snapshots in batches (every 250 ms).
    await expect
      .poll(
        async () =>
          assetPage
            .parse(await call('assets.list', { profileId: connectedProfile(core) }))
            .assets.map((a) => a.assetId),
        {
          timeout: 3000,
        },
      )
      .toEqual(expect.arrayContaining(job.outputs.map((o) => o.assetId)));
  });
});
