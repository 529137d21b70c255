// Thumbnails from a service that misbehaves, over a real socket and the real fetcher (UpstreamFetcher on the
// bulk transport): 2xx headers then a dropped connection, a body longer than announced (endless, or a
// Content-Length beyond the entry's size), a body that stops sending, bytes that are not the entry's, and a full
// disk. Each leaves no thumbnail under the hash and no temporary file, is not recorded as a broken picture, says
// why in words (the route: 503, or 504 for the silence), and the next ask, once the fault is gone, makes it.
import { existsSync, readdirSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import type { Socket } from 'node:net';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { okHead, startRawServer, type RawServer } from '../../api/testing/rawServer';
import { connectCore, createTestCore, type TestCore } from '../../app/testing/testCore';
import { readAll } from '../../content/testing/bytes';
import { makeTempDir, type TempDir } from '../../store/testing/tempDir';
import { hexOf } from '../keep/libraryFolder';
import { blake3Of, insertEntries } from '../keep/testing/entries';
import type { ThumbAnswer } from '../../content/librarySource';
import { ThumbMaker } from './thumbMaker';

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return { ...real, open: vi.fn(real.open) };
});

/** What the raw server does with a request: write to the socket as it likes. */
type Behaviour = (socket: Socket) => void;

let picture: Buffer;
let core: TestCore;
let dataDir: TempDir;
let server: RawServer;
let profileId: string;
let behaviour: Behaviour;

beforeAll(async () => {
  picture = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
});
beforeEach(async () => {
  core = await createTestCore();
  dataDir = makeTempDir('loupe-thumb-faults-');
  server = await startRawServer((socket) => behaviour(socket));
  // Self-hosted: the content endpoint is asked directly, with no asset record first, so every byte the
  // fetcher reads is the raw server's.
  profileId = await connectCore(core, { surface: 'self-hosted', baseUrl: server.origin });
});
afterEach(async () => {
  await server.close();
  await core.dispose();
  dataDir.remove();
  vi.mocked(fsPromises.open).mockClear();
});

function maker(): ThumbMaker {
  return new ThumbMaker({
    store: core.store,
    dataDir: dataDir.path,
    cache: { open: () => Promise.resolve(null) },
    upstream: core.content.upstream,
    openKept: () => Promise.resolve(null),
    idleMs: 300,
  });
}

function entry(bytes: Buffer = picture, assetId = 'a'): { assetId: string; hex: string } {
  const hash = blake3Of(bytes);
  insertEntries(core.store.path, [
    { profileId, assetId, size: bytes.length, hash, contentType: 'image/png', type: 'image' },
  ]);
  return { assetId, hex: hexOf(hash) ?? '' };
}

function head(fields: string): string {
  return okHead('image/png', fields);
}

/** The whole picture, as a well-behaved service sends it. */
function serveWhole(bytes: Buffer = picture): Behaviour {
  return (socket) => {
    socket.write(head(`content-length: ${bytes.length}\r\nconnection: close\r\n`));
    socket.end(bytes);
  };
}

function expectUnavailable(answer: ThumbAnswer, words: RegExp): void {
  expect(answer.kind).toBe('unavailable');
  expect(answer.kind === 'unavailable' ? answer.message : '').toMatch(words);
}

/** Nothing under the hash, nothing half-written, and not recorded as a broken picture. */
function expectNoThumb(thumbs: ThumbMaker, hex: string, assetId = 'a'): void {
  expect(existsSync(thumbs.pathOf(hex))).toBe(false);
  const folder = thumbs.dir;
  const leftovers = existsSync(folder)
    ? readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.tmp'))
    : [];
  expect(leftovers).toEqual([]);
  expect(core.store.libraryKeep.byAssetId(profileId, assetId)?.thumbState).not.toBe('failed');
}

/** Once the service behaves, the same ask makes the thumbnail. */
async function expectMadeAfterwards(thumbs: ThumbMaker, hex: string, assetId = 'a'): Promise<void> {
  behaviour = serveWhole();
  const answer = await thumbs.thumb(profileId, assetId);
  expect(answer.kind).toBe('file');
  if (answer.kind === 'file') await answer.file.handle.close();
  expect((await sharp(thumbs.pathOf(hex)).metadata()).width).toBe(384);
}

describe('thumbnails from a misbehaving service', () => {
  it('makes nothing when the connection drops mid-body after 2xx headers, and says so', async () => {
    const { assetId, hex } = entry();
    behaviour = (socket) => {
      socket.write(head(`content-length: ${picture.length}\r\n`));
      socket.write(picture.subarray(0, Math.floor(picture.length / 2)), () => socket.destroy());
    };
    const thumbs = maker();
    const answer = await thumbs.thumb(profileId, assetId);
    expectUnavailable(answer, /ended early/);
    expectNoThumb(thumbs, hex);
    await expectMadeAfterwards(thumbs, hex);
  });

  it('cuts off an endless body at the entry’s size and makes nothing', async () => {
    const { assetId, hex } = entry();
    let sent = 0;
    let closed = false;
    behaviour = (socket) => {
      socket.on('close', () => (closed = true));
      socket.write(head('connection: close\r\n'));
      const more = (): void => {
        while (!socket.destroyed) {
          sent += 64 * 1024;
          if (!socket.write(Buffer.alloc(64 * 1024, 7))) {
            socket.once('drain', more);
            return;
          }
        }
      };
      more();
    };
    const thumbs = maker();
    const answer = await thumbs.thumb(profileId, assetId);
    expectUnavailable(answer, /more bytes than it announced/);
    expectNoThumb(thumbs, hex);
    await vi.waitFor(() => expect(closed).toBe(true));
    // Bounded by the entry's size and what the sockets buffer, not by the 256 MiB cap nor the endless rest.
    expect(sent).toBeLessThan(picture.length + 32 * 1024 * 1024);
    await expectMadeAfterwards(thumbs, hex);
  });

  it('cuts off a Content-Length beyond the entry’s size at that size', async () => {
    const { assetId, hex } = entry();
    const longer = Buffer.concat([picture, Buffer.alloc(1024 * 1024, 1)]);
    behaviour = serveWhole(longer);
    const thumbs = maker();
    const answer = await thumbs.thumb(profileId, assetId);
    expectUnavailable(answer, /more bytes than it announced/);
    expectNoThumb(thumbs, hex);
  });

  it('cuts off a body that stops sending: the silence is a timeout, and a later ask is not stuck behind it', async () => {
    const { assetId, hex } = entry();
    behaviour = (socket) => {
      socket.write(head(`content-length: ${picture.length}\r\n`));
      socket.write(picture.subarray(0, 1000));
    };
    const thumbs = maker();
    await expect(thumbs.thumb(profileId, assetId)).rejects.toMatchObject({ kind: 'timeout' });
    expectNoThumb(thumbs, hex);
    await expectMadeAfterwards(thumbs, hex);
  });

  it('makes no thumbnail from bytes that are not the entry’s (a valid picture, another hash)', async () => {
    const { assetId, hex } = entry();
    const other = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#a36' } })
      .png()
      .toBuffer();
    expect(other.length).not.toBe(0);
    // The same length, so only the hash can tell them apart.
    const impostor = Buffer.alloc(picture.length);
    other.copy(impostor, 0, 0, Math.min(other.length, impostor.length));
    behaviour = serveWhole(impostor);
    const thumbs = maker();
    const answer = await thumbs.thumb(profileId, assetId);
    expectUnavailable(answer, /do not match this output’s hash/);
    expectNoThumb(thumbs, hex);
    expect(thumbs.counts.made).toBe(0);
  });

  it('says the disk is full, leaves no temporary file, and makes it once there is space', async () => {
    const { assetId, hex } = entry();
    behaviour = serveWhole();
    const realOpen = (await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')).open;
    vi.mocked(fsPromises.open).mockImplementation(async (...args: Parameters<typeof realOpen>) => {
      const handle = await realOpen(...args);
      if (String(args[0]).endsWith('.tmp'))
        handle.writeFile = () =>
          Promise.reject(Object.assign(new Error('no space left'), { code: 'ENOSPC' }));
      return handle;
    });
    const thumbs = maker();
    const answer = await thumbs.thumb(profileId, assetId);
    vi.mocked(fsPromises.open).mockImplementation(realOpen);
    expectUnavailable(answer, /disk is full/);
    expectNoThumb(thumbs, hex);
    expect(core.store.libraryKeep.byAssetId(profileId, assetId)?.thumbState).not.toBe('ready');
    await expectMadeAfterwards(thumbs, hex);
  });
});

describe('the thumbnail route over a broken download', () => {
  it('answers 503 with the reason in words, and nothing is recorded against the picture', async () => {
    const { assetId } = entry();
    behaviour = (socket) => {
      socket.write(head(`content-length: ${picture.length}\r\n`));
      socket.write(picture.subarray(0, 2048), () => socket.destroy());
    };
    const reply = await core.content.responder.respond({
      kind: 'thumb',
      method: 'GET',
      profileId,
      assetId,
      range: null,
    });
    expect(reply.status).toBe(503);
    expect(Buffer.from(await readAll(reply.body)).toString('utf8')).toMatch(/ended early/);
    expect(core.store.libraryKeep.byAssetId(profileId, assetId)?.thumbState).not.toBe('failed');
    expect(server.requests()).toBe(1);
  });
});
