// batches.exportSheet through the dispatcher, as the renderer reaches it: the sheet of a finished sweep
// written as a PNG into the folder main's dialog picked (never over a file already there), as HTML into a new
// folder under the browser shell's export root, nothing on a cancelled dialog, words for a host with neither;
// and a hostile caller's arguments (unknown batch, another profile's, unknown axis, the same axis twice, a
// wrong format, extra fields, oversize strings) refused with nothing written and no dialog opened.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchDetailSchema, batchesContract } from '../../../../src-shared/contracts/batches';
import { textToImageWorkflow } from '../../../simulator/jobs/sampleWorkflows';
import { startFast, type RunningSimulator } from '../../api/testing/conformance/simulatorHarness';
import { makeTempDir } from '../../store/testing/tempDir';
import {
  callOk,
  connectCore,
  connectedProfile,
  createTestCore,
  type TestCore,
} from '../../app/testing/testCore';

let sim: RunningSimulator;
let core: TestCore;
let shellCore: TestCore;
let bareCore: TestCore;
const folder = makeTempDir('loupe-sheet-call-');
const downloads = makeTempDir('loupe-sheet-downloads-');
const exportRoot = join(downloads.path, 'Loupe');
let pick: string | null = folder.path;
let dialogs = 0;
let batchId = '';
let shellBatchId = '';

async function sweep(on: TestCore, zipped = false): Promise<string> {
  const started = batchesContract['batches.start'].result.parse(
    await callOk(on, 'batches.start', {
      profileId: connectedProfile(on),
      workflowJson: JSON.stringify(textToImageWorkflow({ steps: 1 })),
      axes: [
        { kind: 'sweep', text: '3.seed=1..3' },
        { kind: 'sweep', text: zipped ? '3.cfg=5,6,7' : '3.cfg=5,7' },
      ],
      ...(zipped ? { zip: true } : {}),
      name: zipped ? 'Seeds with cfg' : 'Seeds by cfg',
      window: 4,
    }),
  );
  // Read until it has finished (expect.poll works only inside a test; beforeAll makes these).
  const until = Date.now() + 15_000;
  for (;;) {
    const detail = batchDetailSchema.parse(
      await callOk(on, 'batches.get', { profileId: connectedProfile(on), batchId: started.batchId }),
    );
    if (detail.finished) break;
    if (Date.now() > until) throw new Error('the sweep did not finish in 15 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return started.batchId;
}

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
  core = await createTestCore({
    shell: 'electron',
    pickFolder: () => {
      dialogs += 1;
      return Promise.resolve(pick);
    },
  });
  await connectCore(core, { surface: 'serverless', baseUrl: sim.url });
  shellCore = await createTestCore({ shell: 'browser', exportRoot });
  await connectCore(shellCore, { surface: 'serverless', baseUrl: sim.url });
  bareCore = await createTestCore({ shell: 'browser' });
  await connectCore(bareCore, { surface: 'serverless', baseUrl: sim.url });
  [batchId, shellBatchId] = await Promise.all([sweep(core), sweep(shellCore)]);
}, 40_000);
afterAll(async () => {
  await core.dispose();
  await shellCore.dispose();
  await bareCore.dispose();
  await sim.close();
  rmSync(folder.path, { recursive: true, force: true });
  rmSync(downloads.path, { recursive: true, force: true });
});

const result = batchesContract['batches.exportSheet'].result;

describe('batches.exportSheet', () => {
  it('writes the PNG into the folder the dialog picked, beside (never over) a file of the same name', async () => {
    pick = null;
    const args = { profileId: connectedProfile(core), batchId, x: '3.seed', y: '3.cfg', format: 'png' };
    expect(await callOk(core, 'batches.exportSheet', args)).toEqual({ kind: 'cancelled' });
    expect(readdirSync(folder.path)).toEqual([]);
    pick = folder.path;
    writeFileSync(join(folder.path, 'Seeds by cfg contact sheet.png'), 'the user’s own file');
    const saved = result.parse(await callOk(core, 'batches.exportSheet', args));
    expect(saved).toMatchObject({
      kind: 'saved',
      folder: folder.path,
      path: join(folder.path, 'Seeds by cfg contact sheet (2).png'),
      format: 'png',
      cells: 6,
    });
    expect(readFileSync(join(folder.path, 'Seeds by cfg contact sheet.png'), 'utf8')).toBe(
      'the user’s own file',
    );
    if (saved.kind !== 'saved') throw new Error('not saved');
    const meta = await sharp(saved.path).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', saved.width, saved.height]);
    // Three seeds across, two cfgs down: wider than high.
    expect(meta.width).toBeGreaterThan(meta.height);
    expect(readdirSync(folder.path).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('lays a zipped batch out as the window does: its paired inputs are one axis, named by either input', async () => {
    const zipped = await sweep(shellCore, true);
    for (const x of ['3.seed', '3.cfg']) {
      const saved = result.parse(
        await callOk(shellCore, 'batches.exportSheet', {
          profileId: connectedProfile(shellCore),
          batchId: zipped,
          x,
          format: 'html',
        }),
      );
      if (saved.kind !== 'saved') throw new Error(`not saved: ${saved.kind}`);
      // Three pairs in one row (3 cells), not a 3 × 3 grid of seeds by cfgs with six holes.
      expect(saved.cells).toBe(3);
      const html = readFileSync(saved.path, 'utf8');
      expect(html.match(/data:image\/webp;base64,/g)).toHaveLength(3);
      expect(html).toContain('1 · 5');
      expect(html).toContain('3 · 7');
    }
  }, 30_000);

  it('writes the HTML into a new folder under the browser shell’s export root; words where there is neither', async () => {
    const saved = result.parse(
      await callOk(shellCore, 'batches.exportSheet', {
        profileId: connectedProfile(shellCore),
        batchId: shellBatchId,
        x: '3.cfg',
        format: 'html',
      }),
    );
    if (saved.kind !== 'saved') throw new Error(`not saved: ${saved.kind}`);
    expect(saved.folder.startsWith(exportRoot)).toBe(true);
    expect(saved.path).toBe(join(saved.folder, 'Seeds by cfg contact sheet.html'));
    const html = readFileSync(saved.path, 'utf8');
    expect(html.match(/data:image\/webp;base64,/g)).toHaveLength(6);
    expect(html).not.toMatch(/https?:\/\//);

    const bare = result.parse(
      await callOk(bareCore, 'batches.exportSheet', {
        profileId: connectedProfile(bareCore),
        batchId: await sweep(bareCore),
        x: '3.seed',
        format: 'png',
      }),
    );
    expect(bare).toMatchObject({ kind: 'not_available' });
    if (bare.kind === 'not_available') expect(bare.message).toContain('loupe batch sheet');
  }, 30_000);

  it('refuses a hostile caller’s arguments with nothing written and no dialog opened', async () => {
    const profileId = connectedProfile(core);
    const good = { profileId, batchId, x: '3.seed', y: '3.cfg', format: 'png' };
    const before = readdirSync(folder.path).sort();
    const opened = dialogs;
    const cases: [string, unknown, string][] = [
      ['an unknown batch', { ...good, batchId: 'no-such-batch' }, 'batch_not_found'],
      ['another profile’s batch', { ...good, batchId: shellBatchId }, 'batch_not_found'],
      ['an unknown axis', { ...good, x: '9.steps' }, 'unknown_axis'],
      ['the same axis twice', { ...good, y: '3.seed' }, 'unknown_axis'],
      ['a wrong format', { ...good, format: 'svg' }, 'invalid_arguments'],
      ['a path for a format', { ...good, format: '../../etc/passwd' }, 'invalid_arguments'],
      ['an extra field', { ...good, path: '/tmp/evil.png' }, 'invalid_arguments'],
      ['an extra folder', { ...good, folder: '/' }, 'invalid_arguments'],
      ['an oversize axis', { ...good, x: 'x'.repeat(100_000) }, 'invalid_arguments'],
      ['an oversize batch id', { ...good, batchId: 'b'.repeat(100_000) }, 'invalid_arguments'],
      ['a batch id with a slash', { ...good, batchId: '../x' }, 'invalid_arguments'],
      ['no x', { profileId, batchId, format: 'png' }, 'invalid_arguments'],
      ['an axis that is not a string', { ...good, x: ['3.seed'] }, 'invalid_arguments'],
      ['no profile', { batchId, x: '3.seed', format: 'png' }, 'invalid_arguments'],
    ];
    for (const [label, args, code] of cases) {
      const answer = await core.dispatcher.call('batches.exportSheet', args);
      expect(answer.ok, label).toBe(false);
      if (!answer.ok) expect(answer.error.code, label).toBe(code);
    }
    expect(dialogs).toBe(opened);
    expect(readdirSync(folder.path).sort()).toEqual(before);
  });
});
