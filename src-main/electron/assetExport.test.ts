// The Electron half of save-to-folder and drag-out, against typed fakes of dialog, webContents and
// nativeImage (the interfaces they implement are proven, at compile time, to fit Electron's own types).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NativeImage } from 'electron';
import { describe, expect, it } from 'vitest';
import { dragIcon, dragStarter, folderPicker, type NativeImageModuleLike } from './assetExport';
import { FakeDialog, FakeWebContents } from './fakes.test-support';

/** Only what dragIcon touches; the cast is confined to this fake. */
function fakeImage(name: string, empty = false): NativeImage {
  const image = { name, isEmpty: () => empty, resize: () => fakeImage(`${name} small`) };
  return image as unknown as NativeImage;
}

describe('folderPicker', () => {
  it('asks for a folder it may create, and answers null when the user cancels', async () => {
    const chosen = new FakeDialog({ canceled: false, filePaths: ['/home/me/Out'] });
    expect(await folderPicker(chosen)()).toBe('/home/me/Out');
    expect(chosen.asked[0]?.properties).toEqual(['openDirectory', 'createDirectory']);
    expect(await folderPicker(new FakeDialog({ canceled: true, filePaths: [] }))()).toBeNull();
  });
});

describe('dragStarter', () => {
  it('starts the drag on the calling webContents only, and not on a closed one', () => {
    const icon = fakeImage('icon');
    const start = dragStarter(() => icon);
    const contents = new FakeWebContents();
    expect(start(contents, '/tmp/photo.png')).toBe(true);
    expect(contents.dragged).toEqual([{ file: '/tmp/photo.png', icon }]);
    expect(start({}, '/tmp/photo.png')).toBe(false);
    contents.emit('destroyed');
    expect(start(contents, '/tmp/photo.png')).toBe(false);
    expect(contents.dragged).toHaveLength(1);
  });
});

describe('dragIcon', () => {
  it('uses the picture shrunk, and a neutral tile for anything that is not one', () => {
    const images: NativeImageModuleLike = {
      createFromPath: (path) => fakeImage(path, !path.endsWith('.png')),
      createFromDataURL: () => fakeImage('tile'),
    };
    const icon = dragIcon(images);
    const dir = mkdtempSync(join(tmpdir(), 'loupe-icon-'));
    try {
      writeFileSync(join(dir, 'photo.png'), 'png bytes');
      writeFileSync(join(dir, 'notes.txt'), 'text');
      expect(icon(join(dir, 'photo.png'))).toMatchObject({ name: `${join(dir, 'photo.png')} small` });
      expect(icon(join(dir, 'notes.txt'))).toMatchObject({ name: 'tile' });
      expect(icon(join(dir, 'gone.png'))).toMatchObject({ name: 'tile' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
