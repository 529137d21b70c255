// The thumbnails' turns, over real files and real sharp: a grid asking for a dozen pictures at once has at most
// two made by sharp at a time and at most two source files open, every thumbnail is of its own picture though
// their sources are read into buffers used again (sizes differing), the buffers are let go once nothing is
// under way, and a source file shorter than recorded is answered in words, not recorded as a broken picture.
import { writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectCore, createTestCore, type TestCore } from '../../app/testing/testCore';
import type { CachedFile } from '../../content/diskCache';
import { makeTempDir, type TempDir } from '../../store/testing/tempDir';
import { blake3Of, insertEntries } from '../keep/testing/entries';
import { ThumbMaker } from './thumbMaker';

const renders = vi.hoisted(() => ({ active: 0, most: 0 }));

vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import('sharp') }>()).default;
  const counted = (...args: Parameters<typeof real>): ReturnType<typeof real> => {
    const pipeline = real(...args);
    const toBuffer = pipeline.toBuffer.bind(pipeline);
    pipeline.toBuffer = (async () => {
      renders.active += 1;
      renders.most = Math.max(renders.most, renders.active);
      try {
        return await toBuffer();
      } finally {
        renders.active -= 1;
      }
    }) as typeof pipeline.toBuffer;
    return pipeline;
  };
  return { default: Object.assign(counted, real) };
});

let core: TestCore;
let dir: TempDir;
let profileId: string;

beforeEach(async () => {
  core = await createTestCore();
  dir = makeTempDir('loupe-thumb-turns-');
  profileId = await connectCore(core, { surface: 'self-hosted', baseUrl: 'http://127.0.0.1:9' });
});
afterEach(async () => {
  await core.dispose();
  dir.remove();
});

interface Picture {
  assetId: string;
  hash: string;
  path: string;
  colour: [number, number, number];
}

async function pictures(count: number): Promise<Picture[]> {
  const made: Picture[] = [];
  for (let i = 0; i < count; i += 1) {
    const colour: [number, number, number] = [(i * 53) % 256, (i * 97 + 40) % 256, (i * 151 + 80) % 256];
    // Sizes go up and down, so a buffer used again is often larger than the next source.
    const width = 300 + ((i * 389) % 1100);
    const bytes = await sharp({
      create: {
        width,
        height: 200 + i * 7,
        channels: 3,
        background: { r: colour[0], g: colour[1], b: colour[2] },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const path = join(dir.path, `p${i}.png`);
    writeFileSync(path, bytes);
    made.push({ assetId: `a${i}`, hash: blake3Of(bytes), path, colour });
  }
  insertEntries(
    core.store.path,
    made.map((picture, i) => ({
      profileId,
      assetId: picture.assetId,
      contentType: 'image/png',
      type: 'image',
      size: 0,
      hash: picture.hash,
      jobId: `job-${i}`,
    })),
  );
  return made;
}

/** A maker whose kept copies are the given files, counting how many are open at once. */
function maker(
  kept: readonly Picture[],
  sizeOf: (picture: Picture, size: number) => number = (_, size) => size,
) {
  const files = { open: 0, most: 0 };
  const thumbs = new ThumbMaker({
    store: core.store,
    dataDir: dir.path,
    cache: { open: () => Promise.resolve(null) },
    upstream: { fetchWhole: () => Promise.reject(new Error('the service is not asked')) },
    openKept: async (hash): Promise<CachedFile | null> => {
      const picture = kept.find((p) => p.hash === hash);
      if (picture === undefined) return null;
      const handle = await open(picture.path, 'r');
      files.open += 1;
      files.most = Math.max(files.most, files.open);
      const close = handle.close.bind(handle);
      handle.close = () => {
        files.open -= 1;
        return close();
      };
      return { size: sizeOf(picture, (await handle.stat()).size), contentType: 'image/png', handle };
    },
  });
  return { thumbs, files };
}

describe('thumbnail turns', () => {
  it('makes a dozen asked at once two at a time, each of its own picture, then lets the buffers go', async () => {
    const all = await pictures(12);
    const { thumbs, files } = maker(all);
    renders.most = 0;
    const answers = await Promise.all(all.map((p) => thumbs.thumb(profileId, p.assetId)));
    expect(renders.most).toBe(2);
    expect(files.most).toBeLessThanOrEqual(2);
    expect(files.open).toBe(0);
    expect(thumbs.counts.made).toBe(12);
    for (const [i, answer] of answers.entries()) {
      expect(answer.kind).toBe('file');
      if (answer.kind !== 'file') continue;
      const webp = await answer.file.handle.readFile();
      await answer.file.handle.close();
      const { channels } = await sharp(webp).stats();
      const mean = channels.slice(0, 3).map((channel) => channel.mean);
      const colour = all[i]?.colour ?? [];
      mean.forEach((value, c) => expect(Math.abs(value - (colour[c] ?? -99))).toBeLessThan(3));
    }
    expect(thumbs.sourceBuffersHeld).toBe(0);
  });

  it('answers a source shorter than recorded in words, and does not record the picture as broken', async () => {
    const [picture] = await pictures(1);
    if (picture === undefined) throw new Error('no picture');
    const { thumbs } = maker([picture], (_, size) => size + 1000);
    const answer = await thumbs.thumb(profileId, picture.assetId);
    expect(answer.kind).toBe('unavailable');
    expect(answer.kind === 'unavailable' ? answer.message : '').toMatch(/shorter than recorded/);
    expect(core.store.libraryKeep.byAssetId(profileId, picture.assetId)?.thumbState).not.toBe('failed');
  });
});
