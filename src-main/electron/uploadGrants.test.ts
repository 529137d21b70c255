// In Electron, a file is read for upload only when the user chose it: picked in main's own dialog, or
// really dropped (the preload's bridge). Both, through the IPC binding, end in an upload; a grant from one
// window does nothing in another, and a path string does nothing anywhere.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileGrantListSchema } from '../../src-shared/contract';
import { ipcChannels } from '../../src-shared/protocol';
import { startFast, type RunningSimulator } from '../core/api/testing/conformance/simulatorHarness';
import { connectCore, createTestCore, type TestCore } from '../core/app/testing/testCore';
import { APP_ENTRY_URL, isAppUrl } from './appOrigin';
import { FakeDialog, FakeIpcMain, FakeWebContents, frame, invokeEvent } from './fakes.test-support';
import { bindContract } from './ipcBinding';
import { uploadPicker } from './uploadPicker';

let sim: RunningSimulator;
let core: TestCore;
let profileId: string;
let ipcMain: FakeIpcMain;
const dialog = new FakeDialog({ canceled: true, filePaths: [] });

beforeAll(async () => {
  sim = await startFast({ surface: 'managed' });
  core = await createTestCore({
    shell: 'electron',
    pickFiles: uploadPicker(dialog),
  });
  profileId = await connectCore(core, { surface: 'managed', baseUrl: sim.url });
  ipcMain = new FakeIpcMain();
  bindContract(ipcMain, core.dispatcher, (url) => isAppUrl(url), core.bridge);
});
afterAll(async () => {
  await core.dispose();
  await sim.close();
});

function window() {
  const contents = new FakeWebContents();
  return { contents, event: invokeEvent(contents, frame(APP_ENTRY_URL)) };
}

function dropped(name: string, bytes = 1024): string {
  const path = join(core.dataDir, name);
  writeFileSync(path, randomBytes(bytes));
  return path;
}

async function waitForBytes(count: number): Promise<void> {
  for (let i = 0; i < 100 && sim.control.stats().uploadBytesReceived < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

describe('uploads in Electron go through grants', () => {
  it('main’s dialog: files picked become grants, and the grants upload', async () => {
    const { event } = window();
    const before = sim.control.stats().uploadBytesReceived;
    dialog.answer = { canceled: false, filePaths: [dropped('picked.png', 3000)] };
    const picked = await ipcMain.invoke(event, ipcChannels.call('uploads.pickFiles'), { kind: 'files' });
    expect(picked).toMatchObject({ ok: true, value: { grants: [{ name: 'picked.png', kind: 'file' }] } });
    expect(dialog.asked.at(-1)?.properties).toEqual(['openFile', 'multiSelections']);
    const grants = fileGrantListSchema.parse((picked as { value: unknown }).value).grants;
    const started = await ipcMain.invoke(event, ipcChannels.call('uploads.start'), {
      profileId,
      grants: grants.map((g) => g.grant),
    });
    expect(started).toMatchObject({ ok: true });
    await waitForBytes(before + 3000);
    expect(sim.control.stats().uploadBytesReceived).toBe(before + 3000);
  });

  it('a canceled dialog gives no grants', async () => {
    const { event } = window();
    dialog.answer = { canceled: true, filePaths: [] };
    expect(await ipcMain.invoke(event, ipcChannels.call('uploads.pickFiles'), { kind: 'folder' })).toEqual({
      ok: true,
      value: { grants: [] },
    });
    expect(dialog.asked.at(-1)?.properties).toEqual(['openDirectory']);
  });

  it('a real drop: the preload’s bridge mints grants that upload from the same window only', async () => {
    const first = window();
    const other = window();
    const before = sim.control.stats().uploadBytesReceived;
    const minted = await ipcMain.invoke(first.event, ipcChannels.bridge('files.grantDropped'), {
      paths: [dropped('dropped.png', 2000)],
    });
    const grants = fileGrantListSchema.parse((minted as { value: unknown }).value).grants.map((g) => g.grant);
    expect(
      await ipcMain.invoke(other.event, ipcChannels.call('uploads.start'), { profileId, grants }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_grant' },
    });
    expect(
      await ipcMain.invoke(first.event, ipcChannels.call('uploads.start'), { profileId, grants }),
    ).toMatchObject({
      ok: true,
    });
    await waitForBytes(before + 2000);
    expect(sim.control.stats().uploadBytesReceived).toBe(before + 2000);
  });

  it('the bridge answers only the app’s own top frame, and checks its arguments', async () => {
    const contents = new FakeWebContents();
    const path = dropped('secret.txt');
    for (const senderFrame of [frame('https://evil.example/'), frame(APP_ENTRY_URL, frame(APP_ENTRY_URL))]) {
      expect(
        await ipcMain.invoke(invokeEvent(contents, senderFrame), ipcChannels.bridge('files.grantDropped'), {
          paths: [path],
        }),
      ).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    }
    const { event } = window();
    for (const args of [{ paths: ['relative.txt'] }, { paths: [] }, { paths: [path], extra: 1 }, null]) {
      expect(await ipcMain.invoke(event, ipcChannels.bridge('files.grantDropped'), args)).toMatchObject({
        ok: false,
        error: { code: 'invalid_arguments' },
      });
    }
  });
});
