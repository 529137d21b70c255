// batches.export through the dispatcher: main's own folder dialog picks where (faked here, as Electron's),
// every output is written named from its item's values with the manifests; a cancelled dialog writes
// nothing; a window without a dialog (the browser shell) is told how to export instead.
import { readdirSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchesContract, batchDetailSchema } from '../../../src-shared/contracts/batches';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { makeTempDir } from '../store/testing/tempDir';
import { callOk, connectCore, createTestCore, type TestCore } from './testing/testCore';

let sim: RunningSimulator;
let core: TestCore;
let shellCore: TestCore;
const folder = makeTempDir('loupe-export-');
let pick: string | null = folder.path;

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
  core = await createTestCore({ shell: 'electron', pickFolder: () => Promise.resolve(pick) });
  await connectCore(core, { surface: 'serverless', baseUrl: sim.url });
  shellCore = await createTestCore({ shell: 'browser' });
  await connectCore(shellCore, { surface: 'serverless', baseUrl: sim.url });
});
afterAll(async () => {
  await core.dispose();
  await shellCore.dispose();
  await sim.close();
  rmSync(folder.path, { recursive: true, force: true });
});

describe('batches.export', () => {
  it('writes every output named from its values, with the manifests, into the folder main’s dialog chose', async () => {
    const started = batchesContract['batches.start'].result.parse(
      await callOk(core, 'batches.start', {
        workflowJson: JSON.stringify(textToImageWorkflow({ steps: 2 })),
        axes: [{ kind: 'sweep', text: '3.seed=5..6' }],
        name: 'Two seeds',
        window: 2,
      }),
    );
    await expect
      .poll(
        async () =>
          batchDetailSchema.parse(await callOk(core, 'batches.get', { batchId: started.batchId })).finished,
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    pick = null;
    expect(await callOk(core, 'batches.export', { batchId: started.batchId })).toEqual({ kind: 'cancelled' });
    expect(readdirSync(folder.path)).toEqual([]);
    pick = folder.path;
    const exported = await callOk(core, 'batches.export', { batchId: started.batchId });
    expect(exported).toEqual({ kind: 'exported', folder: folder.path, files: 2, failed: 0 });
    expect(readdirSync(folder.path).sort()).toEqual([
      'manifest.csv',
      'manifest.json',
      'seed-5_00001.png',
      'seed-6_00001.png',
    ]);
    const browser = await callOk(shellCore, 'batches.export', { batchId: 'nope' }).catch((e: unknown) => e);
    expect(String(browser)).toContain('batch_not_found');
  });

  it('the browser shell has no folder dialog: it says how to export instead', async () => {
    const started = batchesContract['batches.start'].result.parse(
      await callOk(shellCore, 'batches.start', {
        workflowJson: JSON.stringify(textToImageWorkflow({ steps: 1 })),
        axes: [],
        name: 'One',
        window: 1,
      }),
    );
    const answer = batchesContract['batches.export'].result.parse(
      await callOk(shellCore, 'batches.export', { batchId: started.batchId }),
    );
    expect(answer.kind === 'not_available' && answer.message).toContain('loupe batch export');
  });
});
