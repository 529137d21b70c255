// The streamed PNG writer: strips of raw RGB in, a PNG out that libvips decodes to the same pixels; a wrong
// strip or a short picture is an error, and the writer never writes over a file that is there.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../store/testing/tempDir';
import { writePngStream, type RawStrip } from './pngStream';

const dir = makeTempDir('loupe-png-stream-');
afterAll(() => rmSync(dir.path, { recursive: true, force: true }));

function* stripsOf(pixels: Buffer, width: number, heights: number[]): Generator<RawStrip> {
  let row = 0;
  for (const rows of heights) {
    yield { data: pixels.subarray(row * width * 3, (row + rows) * width * 3), rows };
    row += rows;
  }
}

describe('writePngStream', () => {
  it('writes strips as one PNG that decodes to the same pixels', async () => {
    const width = 37;
    const height = 23;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
    const path = join(dir.path, 'strips.png');
    await writePngStream(path, width, height, stripsOf(pixels, width, [5, 1, 10, 7]), { level: 9 });
    const decoded = await sharp(readFileSync(path)).raw().toBuffer({ resolveWithObject: true });
    expect(decoded.info).toMatchObject({ width, height, channels: 3 });
    expect(decoded.data.equals(pixels)).toBe(true);
  });

  it('refuses strips that are not whole scanlines, too few rows, and an existing file', async () => {
    const pixels = Buffer.alloc(4 * 4 * 3, 9);
    await expect(
      writePngStream(join(dir.path, 'ragged.png'), 4, 4, stripsOf(pixels.subarray(1), 4, [4])),
    ).rejects.toThrow();
    await expect(writePngStream(join(dir.path, 'short.png'), 4, 4, stripsOf(pixels, 4, [3]))).rejects.toThrow(
      '3 scanlines of 4',
    );
    const taken = join(dir.path, 'taken.png');
    writeFileSync(taken, 'mine');
    await expect(writePngStream(taken, 4, 4, stripsOf(pixels, 4, [4]))).rejects.toThrow();
    expect(readFileSync(taken, 'utf8')).toBe('mine');
  });
});
