// Thumbnails through the asset route's responder, against the real simulator: a WebP 384 px on the long side,
// made once per hash (the second ask runs no sharp work and fetches nothing), a corrupt picture and one past
// the pixel limit recorded as failed in words with a clear status, a WAV drawn as a waveform, a video refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startSimulator, type RunningSimulator } from '../../../simulator/server';
import { clearSimRequests, simRequests } from '../../api/testing/conformance/simulatorHarness';
import { connectCore, createTestCore, type TestCore } from '../../app/testing/testCore';
import { readAll, uploadBytes } from '../../content/testing/bytes';
import { blake3Of, insertEntries } from '../keep/testing/entries';
import { WAVE_HEIGHT, WAVE_WIDTH } from './waveform';

const KEY = 'demo-key';
let sim: RunningSimulator;
let core: TestCore;
let profileId: string;

beforeAll(async () => {
  sim = await startSimulator({ surface: 'serverless' });
  core = await createTestCore();
  profileId = await connectCore(core, { surface: 'serverless', baseUrl: sim.url, key: KEY });
});
afterAll(async () => {
  await core.dispose();
  await sim.close();
});

async function entryFor(bytes: Buffer, name: string, contentType: string, type = 'image'): Promise<string> {
  const { id } = await uploadBytes(sim.url, KEY, bytes, name, contentType);
  insertEntries(core.store.path, [
    { profileId, assetId: id, name, contentType, type, size: bytes.length, hash: blake3Of(bytes) },
  ]);
  return id;
}

async function thumb(assetId: string) {
  const reply = await core.content.responder.respond({
    kind: 'thumb',
    method: 'GET',
    profileId,
    assetId,
    range: null,
  });
  return { ...reply, bytes: await readAll(reply.body) };
}

/** A PNG whose header claims `width` × `height` (its CRC fixed), over a tiny real picture's data. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('library thumbnails', () => {
  it('makes a 384 px WebP once per hash: the second ask does no sharp work and fetches nothing', async () => {
    const picture = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const assetId = await entryFor(picture, 'wide.png', 'image/png');
    const first = await thumb(assetId);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await sharp(first.bytes).metadata()).toMatchObject({ format: 'webp', width: 384, height: 230 });
    const made = { ...core.library.thumbs.counts };
    expect(made).toEqual({ made: 1, fetched: 1 });

    await clearSimRequests(sim);
    // Another asset with the same bytes shares the thumbnail too (once per hash, not per asset).
    const twin = await entryFor(picture, 'twin.png', 'image/png');
    await clearSimRequests(sim);
    for (const id of [assetId, twin]) {
      const again = await thumb(id);
      expect(again.status).toBe(200);
      expect(again.bytes.equals(first.bytes)).toBe(true);
    }
    expect(core.library.thumbs.counts).toEqual(made);
    expect(await simRequests(sim)).toEqual([]);
  });

  it('records a corrupt picture as failed, in words, and answers 422 without trying again', async () => {
    const corrupt = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(3000, 7),
    ]);
    const assetId = await entryFor(corrupt, 'broken.png', 'image/png');
    const reply = await thumb(assetId);
    expect(reply.status).toBe(422);
    expect(reply.bytes.toString()).toMatch(/damaged|not a picture/);
    const entry = core.store.libraryKeep.byAssetId(profileId, assetId);
    expect(entry).toMatchObject({ thumbState: 'failed' });
    expect(entry?.thumbMessage).toBe(reply.bytes.toString());
    const made = core.library.thumbs.counts.made;
    expect((await thumb(assetId)).status).toBe(422);
    expect(core.library.thumbs.counts.made).toBe(made);
  });

  it('refuses a picture past the pixel limit before decoding it', async () => {
    const assetId = await entryFor(await pngClaiming(20_000, 20_000), 'huge.png', 'image/png');
    const reply = await thumb(assetId);
    expect(reply.status).toBe(422);
    expect(reply.bytes.toString()).toMatch(/too large .*megapixels/);
  });

  it('draws a WAV as a waveform, and says why a video has none', async () => {
    const rate = 8000;
    const samples = Buffer.alloc(rate * 2);
    for (let i = 0; i < rate; i += 1)
      samples.writeInt16LE(Math.round(Math.sin(i / 10) * 20000 * (i / rate)), i * 2);
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'ascii');
    header.writeUInt32LE(36 + samples.length, 4);
    header.write('WAVEfmt ', 8, 'ascii');
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(rate, 24);
    header.writeUInt32LE(rate * 2, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36, 'ascii');
    header.writeUInt32LE(samples.length, 40);
    const wav = await entryFor(Buffer.concat([header, samples]), 'take.wav', 'audio/wav', 'audio');
    const reply = await thumb(wav);
    expect(reply.status).toBe(200);
    expect(await sharp(reply.bytes).metadata()).toMatchObject({
      format: 'webp',
      width: WAVE_WIDTH,
      height: WAVE_HEIGHT,
    });

    const video = await entryFor(Buffer.alloc(1000, 1), 'clip.mp4', 'video/mp4', 'video');
    const refused = await thumb(video);
    expect(refused.status).toBe(415);
    expect(refused.bytes.toString()).toMatch(/No poster frame yet/);
  });

  it('answers 404 for an asset the library does not hold, and for a path-like id', async () => {
    expect((await thumb('not-in-library')).status).toBe(404);
    for (const hostile of ['..', '../..', 'a/../../etc', '']) expect((await thumb(hostile)).status).toBe(404);
  });
});
