import { afterEach, describe, expect, it } from 'vitest';
import { callNames, streamNames } from '../../src-shared/contract';
import { ipcChannels } from '../../src-shared/protocol';
import { createTestCore, type TestCore } from '../core/app/testing/testCore';
import { ContractDispatcher } from '../core/rpc/dispatcher';
import { APP_ENTRY_URL, isAppUrl } from './appOrigin';
import { FakeIpcMain, FakeWebContents, frame, invokeEvent } from './fakes.test-support';
import { bindContract } from './ipcBinding';

async function setUp() {
  const core = await createTestCore({ shell: 'electron' });
  cores.push(core);
  const dispatcher = core.dispatcher;
  const ipcMain = new FakeIpcMain();
  const unbind = bindContract(ipcMain, dispatcher, (url) => isAppUrl(url));
  const contents = new FakeWebContents();
  const trusted = invokeEvent(contents, frame(APP_ENTRY_URL));
  return { dispatcher, ipcMain, unbind, contents, trusted };
}

const cores: TestCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
});

describe('Electron IPC binding', () => {
  it('registers exactly one channel per contract entry, plus unsubscribe: a fixed allow-list', async () => {
    const { ipcMain, unbind } = await setUp();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(
      [
        ...callNames.map(ipcChannels.call),
        ...streamNames.map(ipcChannels.subscribe),
        ipcChannels.unsubscribe,
      ].sort(),
    );
    unbind();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('runs a call from the app main frame', async () => {
    const { ipcMain, trusted } = await setUp();
    expect(await ipcMain.invoke(trusted, ipcChannels.call('app.info'), {})).toMatchObject({
      ok: true,
      value: { shell: 'electron' },
    });
  });

  it('passes the calling webContents to the call handler as its caller', async () => {
    const core = await createTestCore({ shell: 'electron' });
    cores.push(core);
    const callers: unknown[] = [];
    const dispatcher = new ContractDispatcher({
      ...core.handlers,
      'assets.dragOut': (_args, caller) => {
        callers.push(caller);
        return { started: true };
      },
    });
    const ipcMain = new FakeIpcMain();
    bindContract(ipcMain, dispatcher, (url) => isAppUrl(url));
    const contents = new FakeWebContents();
    const result = await ipcMain.invoke(
      invokeEvent(contents, frame(APP_ENTRY_URL)),
      ipcChannels.call('assets.dragOut'),
      { profileId: 'local', assetId: 'asset-1' },
    );
    expect(result).toEqual({ ok: true, value: { started: true } });
    expect(callers).toHaveLength(1);
    expect(callers[0]).toBe(contents);
  });

  it('answers arguments that fail the schema with a typed validation error', async () => {
    const { ipcMain, trusted } = await setUp();
    expect(
      await ipcMain.invoke(trusted, ipcChannels.call('profiles.setActive'), { profileId: ['x'] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(await ipcMain.invoke(trusted, ipcChannels.call('app.info'), 'not an object')).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
  });

  it('refuses sub-frames, foreign origins, file:// pages and a missing frame', async () => {
    const { ipcMain, contents } = await setUp();
    const channel = ipcChannels.call('app.info');
    const refusals = [
      invokeEvent(contents, frame(APP_ENTRY_URL, frame(APP_ENTRY_URL))),
      invokeEvent(contents, frame('https://evil.example/')),
      invokeEvent(contents, frame('file:///tmp/index.html')),
      invokeEvent(contents, frame('loupe-app://other/index.html')),
      invokeEvent(contents, null),
    ];
    for (const event of refusals) {
      expect(await ipcMain.invoke(event, channel, {})).toMatchObject({
        ok: false,
        error: { code: 'forbidden_sender' },
      });
    }
    const subscribe = await ipcMain.invoke(
      refusals[1]!,
      ipcChannels.subscribe('app.heartbeat'),
      'sub-abcdefgh',
      {
        intervalMs: 100,
      },
    );
    expect(subscribe).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('has no channel for names outside the contract', async () => {
    const { ipcMain, trusted } = await setUp();
    await expect(ipcMain.invoke(trusted, 'loupe:call:shell.exec', {})).rejects.toThrow('No handler');
  });

  it('streams events to the subscribing webContents and stops when it unsubscribes', async () => {
    const { ipcMain, trusted, contents, dispatcher } = await setUp();
    const result = await ipcMain.invoke(trusted, ipcChannels.subscribe('app.heartbeat'), 'sub-abcdefgh', {
      intervalMs: 50,
    });
    expect(result).toEqual({ ok: true, value: null });
    await new Promise((resolve) => setTimeout(resolve, 120));
    const events = contents.sent.filter((m) => m.channel === ipcChannels.event);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0]?.args[0]).toMatchObject({ type: 'event', subscriptionId: 'sub-abcdefgh', seq: 1 });
    await ipcMain.invoke(trusted, ipcChannels.unsubscribe, 'sub-abcdefgh');
    expect(dispatcher.activeSubscriptionCount()).toBe(0);
    const count = contents.sent.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(contents.sent.length).toBe(count);
  });

  it('stops every stream of a webContents that is destroyed or navigates', async () => {
    const { ipcMain, trusted, contents, dispatcher } = await setUp();
    await ipcMain.invoke(trusted, ipcChannels.subscribe('app.heartbeat'), 'sub-one-aaaa', {
      intervalMs: 1000,
    });
    await ipcMain.invoke(trusted, ipcChannels.subscribe('app.heartbeat'), 'sub-two-aaaa', {
      intervalMs: 1000,
    });
    expect(dispatcher.activeSubscriptionCount(contents)).toBe(2);
    contents.emit('did-navigate');
    expect(dispatcher.activeSubscriptionCount(contents)).toBe(0);
    await ipcMain.invoke(trusted, ipcChannels.subscribe('app.heartbeat'), 'sub-three-aa', {
      intervalMs: 1000,
    });
    contents.emit('destroyed');
    expect(dispatcher.activeSubscriptionCount()).toBe(0);
  });
});
