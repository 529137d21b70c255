import { afterEach, describe, expect, it } from 'vitest';
import { assetDragger } from '../components/gallery/assetDrag';
import { assetDownloader, browserDownloader } from '../components/gallery/assetDownloads';
import { fakeHost } from '../test/fakeHost';
import { installElectronIntegrations } from './electronIntegrations';

let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  uninstall = null;
});

describe('Electron integrations for the gallery', () => {
  it('saves outputs through the folder picker in main and drags them out through main', async () => {
    const { loupe, calls } = fakeHost({
      'assets.saveToFolder': () => ({
        ok: true,
        value: { kind: 'saved', saved: 2, folder: '/home/me/out', failed: [] },
      }),
      'assets.dragOut': () => ({ ok: true, value: { started: true } }),
    });
    expect(assetDragger()).toBeNull();
    uninstall = installElectronIntegrations(loupe);
    const saved: number[] = [];
    await assetDownloader().save(
      [
        { profileId: 'local', assetId: 'a', url: '/x/a', fileName: 'a.png' },
        { profileId: 'local', assetId: 'b', url: '/x/b', fileName: 'b.wav' },
      ],
      (done) => saved.push(done),
    );
    expect(calls).toContainEqual({
      name: 'assets.saveToFolder',
      args: { profileId: 'local', assetIds: ['a', 'b'] },
    });
    expect(saved).toEqual([2]);
    assetDragger()?.('local', 'a');
    await Promise.resolve();
    expect(calls).toContainEqual({ name: 'assets.dragOut', args: { profileId: 'local', assetId: 'a' } });
  });

  it('saves nothing and reports nothing when the user closes the picker', async () => {
    const { loupe } = fakeHost({ 'assets.saveToFolder': () => ({ ok: true, value: { kind: 'cancelled' } }) });
    uninstall = installElectronIntegrations(loupe);
    const saved: number[] = [];
    await assetDownloader().save(
      [{ profileId: 'local', assetId: 'a', url: '/x/a', fileName: 'a.png' }],
      (done) => saved.push(done),
    );
    expect(saved).toEqual([]);
  });

  it('puts the browser downloader back and removes the dragger when uninstalled', () => {
    const { loupe } = fakeHost();
    installElectronIntegrations(loupe)();
    expect(assetDownloader()).toBe(browserDownloader);
    expect(assetDragger()).toBeNull();
  });
});
