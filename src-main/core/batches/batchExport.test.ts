// batches.export through the dispatcher: main's own folder dialog picks where (faked here, as Electron's),
// every output is written named from its item's values with the manifests; a cancelled dialog writes
// nothing; the browser shell (no dialog) exports into a new folder of its own under Downloads/Loupe; a host
// with neither is told how to export instead.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchesContract, batchDetailSchema } from '../../../src-shared/contracts/batches';
import { readPngWorkflow } from '../../../src-shared/png/pngWorkflow';
import { nodeInflate } from '../pictures/inflate';
import { failingWorkflow, textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { makeTempDir } from '../store/testing/tempDir';
import { DATABASE_FILE } from '../app/createCore';
import {
  callOk,
  connectCore,
  connectedProfile,
  createTestCore,
  type TestCore,
} from '../app/testing/testCore';

let sim: RunningSimulator;
let core: TestCore;
let shellCore: TestCore;
let bareCore: TestCore;
const folder = makeTempDir('loupe-export-');
const downloads = makeTempDir('loupe-downloads-');
const exportRoot = join(downloads.path, 'Loupe');
let pick: string | null = folder.path;

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
  core = await createTestCore({ shell: 'electron', pickFolder: () => Promise.resolve(pick) });
  await connectCore(core, { surface: 'serverless', baseUrl: sim.url });
  shellCore = await createTestCore({ shell: 'browser', exportRoot });
  await connectCore(shellCore, { surface: 'serverless', baseUrl: sim.url });
  bareCore = await createTestCore({ shell: 'browser' });
  await connectCore(bareCore, { surface: 'serverless', baseUrl: sim.url });
});
afterAll(async () => {
  await core.dispose();
  await shellCore.dispose();
  await bareCore.dispose();
  await sim.close();
  rmSync(folder.path, { recursive: true, force: true });
  rmSync(downloads.path, { recursive: true, force: true });
});

describe('batches.export', () => {
  it('writes every output named from its values, with the manifests, into the folder main’s dialog chose', async () => {
    const started = batchesContract['batches.start'].result.parse(
      await callOk(core, 'batches.start', {
        profileId: connectedProfile(core),
        workflowJson: JSON.stringify(textToImageWorkflow({ steps: 2 })),
        axes: [{ kind: 'sweep', text: '3.seed=5..6' }],
        name: 'Two seeds',
        window: 2,
      }),
    );
    await expect
      .poll(
        async () =>
          batchDetailSchema.parse(
            await callOk(core, 'batches.get', {
              profileId: connectedProfile(core),
              batchId: started.batchId,
            }),
          ).finished,
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    pick = null;
    expect(
      await callOk(core, 'batches.export', { profileId: connectedProfile(core), batchId: started.batchId }),
    ).toEqual({ kind: 'cancelled' });
    expect(readdirSync(folder.path)).toEqual([]);
    pick = folder.path;
    const exported = await callOk(core, 'batches.export', {
      profileId: connectedProfile(core),
      batchId: started.batchId,
    });
    expect(exported).toEqual({ kind: 'exported', folder: folder.path, files: 2, failed: 0 });
    expect(readdirSync(folder.path).sort()).toEqual([
      'manifest.csv',
      'manifest.json',
      'seed-5_00001.png',
      'seed-6_00001.png',
    ]);
    // Each picture carries the API workflow its job ran, so it opens as a workflow again.
    for (const seed of [5, 6]) {
      const png = new Uint8Array(readFileSync(join(folder.path, `seed-${seed}_00001.png`)));
      const read = await readPngWorkflow(png, nodeInflate);
      const sent = { ...textToImageWorkflow({ steps: 2 }) } as Record<string, { inputs: object }>;
      expect(read).toMatchObject({ kind: 'api', workflow: { '3': { inputs: { seed } } } });
      if (read.kind === 'api') expect(Object.keys(read.workflow).sort()).toEqual(Object.keys(sent).sort());
    }
    const browser = await callOk(shellCore, 'batches.export', {
      profileId: connectedProfile(shellCore),
      batchId: 'nope',
    }).catch((e: unknown) => e);
    expect(String(browser)).toContain('batch_not_found');
  });

  it('lists every attempt’s job of a retried item in both manifests, oldest first', async () => {
    const profileId = connectedProfile(core);
    const started = batchesContract['batches.start'].result.parse(
      await callOk(core, 'batches.start', {
        profileId,
        workflowJson: JSON.stringify(failingWorkflow()),
        axes: [{ kind: 'sweep', text: '2.message=out of memory' }],
        name: 'Failing',
        window: 1,
      }),
    );
    const finished = async (): Promise<void> => {
      await expect
        .poll(
          async () =>
            batchDetailSchema.parse(
              await callOk(core, 'batches.get', { profileId, batchId: started.batchId }),
            ).finished,
          { timeout: 10_000 },
        )
        .toBe(true);
    };
    await finished();
    for (let again = 0; again < 2; again += 1) {
      await callOk(core, 'batches.retryFailed', { profileId, batchId: started.batchId });
      await finished();
    }
    const detail = batchDetailSchema.parse(
      await callOk(core, 'batches.get', { profileId, batchId: started.batchId }),
    );
    const lastJob = detail.items[0]?.jobId;
    const attempts = makeTempDir('loupe-export-attempts-');
    pick = attempts.path;
    try {
      await callOk(core, 'batches.export', { profileId, batchId: started.batchId });
      const manifest = JSON.parse(readFileSync(attempts.file('manifest.json'), 'utf8')) as {
        items: Array<{ attempts: number; jobIds: string[] }>;
      };
      const item = manifest.items[0];
      expect(item?.attempts).toBe(3);
      expect(item?.jobIds).toHaveLength(3);
      expect(new Set(item?.jobIds).size).toBe(3);
      expect(item?.jobIds.at(-1)).toBe(lastJob);
      const csv = readFileSync(attempts.file('manifest.csv'), 'utf8');
      expect(csv).toContain(`"${item?.jobIds.join(';') ?? ''}"`);
    } finally {
      pick = folder.path;
      attempts.remove();
    }
  });

  it('the browser shell exports into a new folder under its export root, named from the batch, each time', async () => {
    // A caller names the batch: a path in the name must not lead the export out of the root.
    const started = batchesContract['batches.start'].result.parse(
      await callOk(shellCore, 'batches.start', {
        profileId: connectedProfile(shellCore),
        workflowJson: JSON.stringify(textToImageWorkflow({ steps: 1 })),
        axes: [{ kind: 'sweep', text: '3.seed=1,2' }],
        name: '../../outside/Two seeds',
        window: 2,
      }),
    );
    await expect
      .poll(
        async () =>
          batchDetailSchema.parse(
            await callOk(shellCore, 'batches.get', {
              profileId: connectedProfile(shellCore),
              batchId: started.batchId,
            }),
          ).finished,
        { timeout: 10_000 },
      )
      .toBe(true);
    const first = batchesContract['batches.export'].result.parse(
      await callOk(shellCore, 'batches.export', {
        profileId: connectedProfile(shellCore),
        batchId: started.batchId,
      }),
    );
    const second = batchesContract['batches.export'].result.parse(
      await callOk(shellCore, 'batches.export', {
        profileId: connectedProfile(shellCore),
        batchId: started.batchId,
      }),
    );
    if (first.kind !== 'exported' || second.kind !== 'exported') throw new Error('expected two exports');
    expect(dirname(first.folder)).toBe(exportRoot);
    expect(dirname(second.folder)).toBe(exportRoot);
    expect(second.folder).not.toBe(first.folder);
    expect(readdirSync(first.folder).sort()).toEqual([
      'manifest.csv',
      'manifest.json',
      'seed-1_00001.png',
      'seed-2_00001.png',
    ]);
    expect(first).toMatchObject({ files: 2, failed: 0 });

    // A job Loupe never watched to the end (the Demo's seeded sweep) has no rows in the outputs table, only
    // its snapshot naming them: the export takes the snapshot's outputs, as the batch's gallery does.
    const db = new Database(join(shellCore.dataDir, DATABASE_FILE));
    db.prepare('DELETE FROM outputs').run();
    db.close();
    const third = batchesContract['batches.export'].result.parse(
      await callOk(shellCore, 'batches.export', {
        profileId: connectedProfile(shellCore),
        batchId: started.batchId,
      }),
    );
    expect(third).toMatchObject({ kind: 'exported', files: 2, failed: 0 });
    // Nothing was written beside the root, whatever the name said.
    expect(readdirSync(downloads.path)).toEqual(['Loupe']);
  });

  it('a host with neither a folder dialog nor an export root says how to export instead', async () => {
    const started = batchesContract['batches.start'].result.parse(
      await callOk(bareCore, 'batches.start', {
        profileId: connectedProfile(bareCore),
        workflowJson: JSON.stringify(textToImageWorkflow({ steps: 1 })),
        axes: [],
        name: 'One',
        window: 1,
      }),
    );
    const answer = batchesContract['batches.export'].result.parse(
      await callOk(bareCore, 'batches.export', {
        profileId: connectedProfile(bareCore),
        batchId: started.batchId,
      }),
    );
    expect(answer.kind === 'not_available' && answer.message).toContain('loupe batch export');
  });
});
