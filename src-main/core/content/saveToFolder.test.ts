// Saving assets to a folder and preparing a drag out, against the real simulator over real sockets with a
// temporary folder: the bytes arrive whole, names are made safe, nothing is overwritten (" (2)"), nothing
// half-written is left behind, a missing asset is reported and the rest still saved; the drag handler hands
// the host's startDrag the calling window and a file with the asset's own name.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assetsContract } from '../../../src-shared/contracts/assets';
import { startSimulator, type RunningSimulator } from '../../simulator/server';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { DomainError } from '../errors';
import { uploadBytes } from './testing/bytes';
import { contentFixture, type ContentFixture } from './testing/contentFixture';

let sim: RunningSimulator;
const photo = randomBytes(40_000);
const other = randomBytes(1_000);
let photoId: string;
let twinId: string;
let unsafeId: string;

beforeAll(async () => {
  sim = await startSimulator({ surface: 'self-hosted' });
  photoId = (await uploadBytes(sim.url, null, photo, 'photo.png', 'image/png')).id;
  twinId = (await uploadBytes(sim.url, null, other, 'photo.png', 'image/png')).id;
  unsafeId = (await uploadBytes(sim.url, null, other, 'a\u202Egnp.exe', 'text/plain')).id;
});
afterAll(() => sim.close());

let f: ContentFixture;
let folder: TempDir;
afterEach(async () => {
  expect(f.errors).toEqual([]);
  await f.dispose();
  folder.remove();
});

let profileId = '';

/** A fixture whose profile knows the three assets' names (as the gallery's would after showing them). */
async function setUp(options: Parameters<typeof contentFixture>[0] = {}) {
  f = contentFixture(options);
  folder = makeTempDir('loupe-save-');
  profileId = await f.addProfile('self-hosted', sim.url);
  for (const assetId of [photoId, twinId, unsafeId])
    await f.content.handlers['assets.get']({ assetId, profileId });
}

/** Through the handler, checked against the contract's own result schema. */
const save = async (assetIds: string[]) =>
  assetsContract['assets.saveToFolder'].result.parse(
    await f.content.handlers['assets.saveToFolder']({ assetIds, profileId }),
  );

describe('assets.saveToFolder', () => {
  it('writes each asset under its own safe name, numbering clashes and never overwriting', async () => {
    await setUp({ pickFolder: () => Promise.resolve(folder.path) });
    writeFileSync(folder.file('photo.png'), 'the user’s own file');

    const result = await save([photoId, twinId, unsafeId]);
    expect(result).toEqual({ kind: 'saved', saved: 3, folder: folder.path, failed: [] });
    expect(readFileSync(folder.file('photo.png'), 'utf8')).toBe('the user’s own file');
    expect(readFileSync(folder.file('photo (2).png')).equals(photo)).toBe(true);
    expect(readFileSync(folder.file('photo (3).png')).equals(other)).toBe(true);
    // The bidi override is gone: the name cannot pretend to be a .png.
    expect(readFileSync(folder.file('agnp.exe')).equals(other)).toBe(true);
    expect(readdirSync(folder.path).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('never writes a hidden file or a Windows device name, whatever the service calls the asset', async () => {
    const dotfile = (await uploadBytes(sim.url, null, other, '../../.bashrc', 'text/plain')).id;
    const device = (await uploadBytes(sim.url, null, other, 'COM¹.txt', 'text/plain')).id;
    await setUp({ pickFolder: () => Promise.resolve(folder.path) });
    for (const assetId of [dotfile, device]) await f.content.handlers['assets.get']({ assetId, profileId });
    expect(await save([dotfile, device])).toMatchObject({ kind: 'saved', saved: 2 });
    expect(readdirSync(folder.path).sort()).toEqual(['_COM¹.txt', 'bashrc']);
  });

  it('reports an asset the service does not have and still saves the others', async () => {
    await setUp({ pickFolder: () => Promise.resolve(folder.path) });
    const result = await save(['no-such-asset', photoId]);
    expect(result).toMatchObject({ kind: 'saved', saved: 1, failed: [{ assetId: 'no-such-asset' }] });
    expect(readdirSync(folder.path)).toEqual(['photo.png']);
  });

  it('writes nothing when the user cancels, and says not_available without a picker', async () => {
    await setUp({ pickFolder: () => Promise.resolve(null) });
    expect(await save([photoId])).toEqual({ kind: 'cancelled' });
    expect(readdirSync(folder.path)).toEqual([]);
    await f.dispose();
    folder.remove();

    await setUp();
    expect(await save([photoId])).toMatchObject({ kind: 'not_available' });
  });
});

describe('assets.dragOut', () => {
  it('hands startDrag the calling window and a file with the asset’s name and bytes, reused next time', async () => {
    const drags: { caller: object; file: string }[] = [];
    await setUp({
      startDrag: (caller, file) => {
        drags.push({ caller, file });
        return true;
      },
    });
    const window = { id: 'the calling window' };
    const drag = f.content.handlers['assets.dragOut'];
    expect(await drag({ assetId: photoId, profileId }, window)).toEqual({ started: true });
    expect(await drag({ assetId: photoId, profileId }, window)).toEqual({ started: true });
    expect(drags).toHaveLength(2);
    expect(drags[0]!.caller).toBe(window);
    expect(drags[0]!.file).toMatch(/[/\\]photo\.png$/);
    expect(drags[1]!.file).toBe(drags[0]!.file);
    expect(readFileSync(drags[0]!.file).equals(photo)).toBe(true);
    expect(await drag({ assetId: photoId, profileId }, null)).toEqual({ started: false });
  });

  it('is not_available where the host cannot drag (the browser shell)', async () => {
    await setUp();
    await expect(f.content.handlers['assets.dragOut']({ assetId: photoId, profileId }, {})).rejects.toEqual(
      new DomainError('not_available', 'Dragging files out works in the desktop app only.'),
    );
  });
});
