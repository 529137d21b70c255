// A PNG written from a stream of horizontal strips of raw RGB pixels, so a 10,000 × 10,000 px sheet never
// holds more than one strip (plus zlib's window) in memory: signature, IHDR, the scanlines deflated as they
// come (filter "none", as libvips writes by default) in IDAT chunks, IEND. The file goes to `path` as it is
// written; the caller renames it into place once whole.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createDeflate, crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS = 3;

/** One strip: `rows` full-width scanlines of RGB bytes, top to bottom. */
export interface RawStrip {
  data: Buffer;
  rows: number;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

function header(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = 2; // truecolour
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr)]);
}

/** Each scanline behind its filter byte (0: none). */
async function* scanlines(
  width: number,
  height: number,
  strips: AsyncIterable<RawStrip> | Iterable<RawStrip>,
) {
  const stride = width * CHANNELS;
  let written = 0;
  for await (const strip of strips) {
    if (strip.data.length !== strip.rows * stride) throw new Error('A strip is not whole scanlines.');
    const out = Buffer.alloc(strip.rows * (stride + 1));
    for (let row = 0; row < strip.rows; row += 1) {
      strip.data.copy(out, row * (stride + 1) + 1, row * stride, (row + 1) * stride);
    }
    written += strip.rows;
    if (written > height) throw new Error('More scanlines than the picture is high.');
    yield out;
  }
  if (written !== height) throw new Error(`${written} scanlines of ${height}.`);
}

async function* chunked(width: number, height: number, deflated: AsyncIterable<Buffer>) {
  yield header(width, height);
  for await (const part of deflated) yield chunk('IDAT', part);
  yield chunk('IEND', Buffer.alloc(0));
}

/** Writes `width` × `height` RGB from `strips` to a new file at `path` (never over an existing one). */
export async function writePngStream(
  path: string,
  width: number,
  height: number,
  strips: AsyncIterable<RawStrip> | Iterable<RawStrip>,
  options: { level?: number; signal?: AbortSignal } = {},
): Promise<void> {
  await pipeline(
    // One strip ahead at most: the whole picture is never in memory.
    Readable.from(scanlines(width, height, strips), { highWaterMark: 1 }),
    createDeflate({
      level: options.level ?? 6,
      strategy: constants.Z_DEFAULT_STRATEGY,
      chunkSize: 256 * 1024,
    }),
    (deflated: AsyncIterable<Buffer>) => chunked(width, height, deflated),
    createWriteStream(path, { flags: 'wx' }),
    options.signal === undefined ? {} : { signal: options.signal },
  );
}
