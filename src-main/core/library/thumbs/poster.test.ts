// Issue 21: a video's poster frame, drawn by the window and handed to main by library.putPoster, becomes the
// video's thumbnail: re-encoded by main as WebP at most 384 px on the long side, stored once per hash (every
// entry with that hash shows it), and served by the thumbnail route that refused the video before. The call
// is treated as a hostile page's: wrong types, a huge payload, bytes that are not a picture, an entry that is
// not a video, an unknown entry and a video whose hash is unknown and cannot be learnt are all refused with a
// code, storing nothing. A video whose hash the service never said (a job's output) has it learnt from its bytes.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTER_MAX_BYTES } from '../../../../src-shared/contracts/library';
import { makeWebm } from '../../../simulator/media';
import { startSimulator } from '../../../simulator/server';
import { connectCore, createTestCore, type TestCore } from '../../app/testing/testCore';
import { readAll, uploadBytes } from '../../content/testing/bytes';
import { blake3Of, insertEntries } from '../keep/testing/entries';

let core: TestCore;
let profileId: string;
let video: number;
let sameVideo: number;
let picture: number;
let unhashed: number;
const HASH = `blake3:${'c4'.repeat(32)}`;

beforeAll(async () => {
  core = await createTestCore({ headless: true });
  profileId = (
    await core.profiles.create({ name: 'Posters', surface: 'serverless', baseUrl: 'https://x.example.com' })
  ).id;
  const video0 = { profileId, type: 'video', contentType: 'video/webm', size: 5000 };
  [video, sameVideo, picture, unhashed] = insertEntries(core.store.path, [
    { ...video0, assetId: 'clip-1', name: 'clip.webm', hash: HASH },
    // The same bytes as another output: one poster serves both.
    { ...video0, assetId: 'clip-2', name: 'again.webm', hash: HASH },
    {
      profileId,
      assetId: 'still',
      type: 'image',
      contentType: 'image/png',
      size: 10,
      hash: `blake3:${'d5'.repeat(32)}`,
    },
    { ...video0, assetId: 'clip-3', hash: null },
  ]) as [number, number, number, number];
});
afterAll(async () => {
  await core.dispose();
});

async function putPoster(args: unknown) {
  return core.dispatcher.call('library.putPoster', args);
}

async function thumbOf(assetId: string) {
  const reply = await core.content.responder.respond({
    kind: 'thumb',
    method: 'GET',
    profileId,
    assetId,
    range: null,
  });
  return { status: reply.status, bytes: await readAll(reply.body) };
}

async function frame(width: number, height: number, format: 'webp' | 'png' = 'webp'): Promise<string> {
  const picture = sharp({ create: { width, height, channels: 3, background: '#3a6' } });
  return (await (format === 'webp' ? picture.webp() : picture.png()).toBuffer()).toString('base64');
}

function codeOf(result: Awaited<ReturnType<typeof putPoster>>): string {
  return result.ok ? 'ok' : result.error.code;
}

describe('library.putPoster', () => {
  it('stores the frame as the video’s thumbnail, at most 384 px and WebP, once per hash', async () => {
    const before = await thumbOf('clip-1');
    expect(before.status).toBe(415);
    expect(before.bytes.toString()).toMatch(/No poster frame yet/);

    const first = await putPoster({ entryId: video, webp: await frame(1280, 720, 'png') });
    expect(first).toEqual({ ok: true, value: { stored: true } });

    for (const assetId of ['clip-1', 'clip-2']) {
      const served = await thumbOf(assetId);
      expect(served.status).toBe(200);
      const meta = await sharp(served.bytes).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: 384,
        height: 216,
      });
    }
    expect(core.store.libraryKeep.get(sameVideo)?.thumbState).toBe('ready');
    // Made once: a second frame for the same bytes changes nothing.
    expect(await putPoster({ entryId: sameVideo, webp: await frame(64, 64) })).toEqual({
      ok: true,
      value: { stored: false },
    });
    expect((await sharp((await thumbOf('clip-2')).bytes).metadata()).width).toBe(384);
  });

  it('refuses arguments of the wrong shape', async () => {
    const webp = await frame(8, 8);
    for (const bad of [
      undefined,
      {},
      { entryId: String(video), webp },
      { entryId: video, webp: 42 },
      { entryId: -1, webp },
      { entryId: 1.5, webp },
      { entryId: video, webp, extra: true },
      { entryId: video, webp: 'not base64 at all!' },
      { entryId: video, webp: [1, 2, 3] },
    ]) {
      expect(codeOf(await putPoster(bad))).toBe('invalid_arguments');
    }
  });

  it('refuses a payload past the cap before decoding it', async () => {
    const huge = Buffer.alloc(POSTER_MAX_BYTES + 3, 7).toString('base64');
    expect(codeOf(await putPoster({ entryId: unhashed, webp: huge }))).toBe('invalid_arguments');
  });

  it('refuses bytes that are not a picture, and a picture that is not a frame (an SVG, say)', async () => {
    const text = Buffer.from('<html>hello</html>'.repeat(20)).toString('base64');
    const refused = await putPoster({ entryId: video, webp: text });
    expect(codeOf(refused)).toBe('invalid_arguments');
    expect(refused.ok ? '' : refused.error.message).toMatch(/not a WebP, PNG or JPEG/);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    ).toString('base64');
    expect(codeOf(await putPoster({ entryId: video, webp: svg }))).toBe('invalid_arguments');
  });

  it('refuses an entry that is not a video, one that does not exist, and a video whose hash is unknown', async () => {
    const webp = await frame(16, 9);
    const notVideo = await putPoster({ entryId: picture, webp });
    expect(codeOf(notVideo)).toBe('invalid_arguments');
    expect(notVideo.ok ? '' : notVideo.error.message).toMatch(/not a video/);
    expect(core.store.libraryKeep.get(picture)?.thumbState).toBe('none');
    expect(codeOf(await putPoster({ entryId: 987_654, webp }))).toBe('not_found');
    expect(codeOf(await putPoster({ entryId: unhashed, webp }))).toBe('conflict');
    expect((await thumbOf('clip-3')).status).toBe(415);
  });

  it('learns the hash of a video the service never hashed from its bytes, and files the frame under it', async () => {
    const sim = await startSimulator({ surface: 'serverless' });
    const own = await createTestCore({ headless: true });
    try {
      const simProfile = await connectCore(own, { surface: 'serverless', baseUrl: sim.url });
      const clip = makeWebm();
      const { id } = await uploadBytes(sim.url, 'demo-key', clip, 'made.webm', 'video/webm');
      const [entryId] = insertEntries(own.store.path, [
        {
          profileId: simProfile,
          assetId: id,
          type: 'video',
          contentType: 'video/webm',
          size: clip.length,
          hash: null,
        },
      ]);
      const stored = await own.dispatcher.call('library.putPoster', { entryId, webp: await frame(160, 90) });
      expect(stored).toEqual({ ok: true, value: { stored: true } });
      expect(own.store.libraryKeep.get(Number(entryId))).toMatchObject({
        hash: blake3Of(clip),
        thumbState: 'ready',
      });
      const served = await own.content.responder.respond({
        kind: 'thumb',
        method: 'GET',
        profileId: simProfile,
        assetId: id,
        range: null,
      });
      expect(served.status).toBe(200);
      expect((await sharp(await readAll(served.body)).metadata()).width).toBe(160);
    } finally {
      await own.dispose();
      await sim.close();
    }
  });
});
