// Parse the generated files back with independent code (our own CRC table, inflate) to prove they are valid.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LATENT_MAGIC, WAV_SAMPLE_RATE, makeLatent, makePng, makeWav } from './index';
import { seededRandom } from './seededRandom';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function referenceCrc(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

interface PngChunk {
  type: string;
  data: Buffer;
}

function parsePng(png: Buffer): PngChunk[] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    expect(crc, `CRC of ${type}`).toBe(referenceCrc(png.subarray(offset + 4, offset + 8 + length)));
    chunks.push({ type, data });
    offset += 12 + length;
  }
  expect(offset).toBe(png.length);
  return chunks;
}

describe('makePng', () => {
  it('writes a valid truecolour PNG whose pixels inflate to the declared size', () => {
    const png = makePng(37, 21, 7);
    const chunks = parsePng(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0]!.data;
    expect(ihdr.readUInt32BE(0)).toBe(37);
    expect(ihdr.readUInt32BE(4)).toBe(21);
    expect([...ihdr.subarray(8, 13)]).toEqual([8, 2, 0, 0, 0]);
    const raw = inflateSync(chunks[1]!.data);
    expect(raw.length).toBe(21 * (1 + 37 * 3));
    for (let y = 0; y < 21; y++) expect(raw[y * (1 + 37 * 3)]).toBe(0);
    expect(chunks[2]!.data.length).toBe(0);
  });

  it('is deterministic per seed and differs between seeds', () => {
    expect(makePng(16, 16, 1).equals(makePng(16, 16, 1))).toBe(true);
    expect(makePng(16, 16, 1).equals(makePng(16, 16, 2))).toBe(false);
  });

  it('is a picture, not a flat colour', () => {
    const raw = inflateSync(parsePng(makePng(32, 32, 3))[1]!.data);
    const distinct = new Set<string>();
    for (let i = 1; i < raw.length; i += 3 * 11) distinct.add(raw.subarray(i, i + 3).toString('hex'));
    expect(distinct.size).toBeGreaterThan(10);
  });

  it('draws, pixel for pixel, the picture its formula describes (the separable form changes no colour)', () => {
    // The formula written out per pixel, as it was first drawn: a gradient along a seeded angle, three soft
    // spots of light and a vignette. The encoder computes the same terms once per row and column instead.
    const width = 45;
    const height = 29;
    const random = seededRandom(12);
    const hueA = random();
    const hueB = (hueA + 0.25 + random() * 0.35) % 1;
    const from = hsl(hueA, 0.55, 0.32);
    const to = hsl(hueB, 0.6, 0.62);
    const angle = random() * Math.PI * 2;
    const spots = Array.from({ length: 3 }, () => ({
      x: random(),
      y: random(),
      radius: 0.12 + random() * 0.25,
      strength: 0.15 + random() * 0.25,
    }));
    const raw = inflateSync(parsePng(makePng(width, height, 12))[1]!.data);
    let largest = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const u = x / (width - 1);
        const v = y / (height - 1);
        const t = Math.min(
          1,
          Math.max(0, 0.5 + ((u - 0.5) * Math.cos(angle) + (v - 0.5) * Math.sin(angle)) * 0.9),
        );
        let glow = 0;
        for (const spot of spots) {
          const d = Math.hypot(u - spot.x, v - spot.y) / spot.radius;
          glow += spot.strength * Math.exp(-d * d);
        }
        const vignette = 1 - 0.35 * ((u - 0.5) ** 2 + (v - 0.5) ** 2);
        for (let c = 0; c < 3; c++) {
          const base = from[c]! * (1 - t) + to[c]! * t;
          const want = Math.round(Math.min(1, Math.max(0, (base + glow * (1 - base)) * vignette)) * 255);
          largest = Math.max(largest, Math.abs(raw[y * (1 + width * 3) + 1 + x * 3 + c]! - want));
        }
      }
    }
    // Floating-point order may move a channel that sits on a rounding edge by one step, never more.
    expect(largest).toBeLessThanOrEqual(1);
  });

  it('handles a 1x1 image and refuses nonsense sizes', () => {
    expect(parsePng(makePng(1, 1, 0))).toHaveLength(3);
    expect(() => makePng(0, 10, 1)).toThrow(RangeError);
    expect(() => makePng(1.5, 10, 1)).toThrow(RangeError);
    expect(() => makePng(100_000, 10, 1)).toThrow(RangeError);
  });
});

describe('makeWav', () => {
  it('writes a RIFF/WAVE PCM 16-bit mono file with consistent sizes', () => {
    const wav = makeWav(250, 440);
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(16)).toBe(16);
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    const sampleRate = wav.readUInt32LE(24);
    expect(sampleRate).toBe(WAV_SAMPLE_RATE);
    expect(wav.readUInt32LE(28)).toBe(sampleRate * 2);
    expect(wav.readUInt16LE(32)).toBe(2);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('latin1', 36, 40)).toBe('data');
    const dataBytes = wav.readUInt32LE(40);
    expect(dataBytes).toBe(Math.round(0.25 * sampleRate) * 2);
    expect(wav.length).toBe(44 + dataBytes);
  });

  it('carries an audible tone of the requested frequency', () => {
    const wav = makeWav(1000, 500);
    let crossings = 0;
    let peak = 0;
    let previous = 0;
    for (let offset = 44; offset < wav.length; offset += 2) {
      const sample = wav.readInt16LE(offset);
      peak = Math.max(peak, Math.abs(sample));
      if (previous < 0 && sample >= 0) crossings++;
      previous = sample;
    }
    expect(peak).toBeGreaterThan(10_000);
    expect(crossings).toBeGreaterThan(490);
    expect(crossings).toBeLessThan(510);
  });

  it('refuses nonsense arguments', () => {
    expect(() => makeWav(-1, 440)).toThrow(RangeError);
    expect(() => makeWav(100, 0)).toThrow(RangeError);
    expect(makeWav(0, 440).length).toBe(44);
  });
});

describe('makeLatent', () => {
  it('has a small header describing the payload and is deterministic', () => {
    const latent = makeLatent(42);
    expect(latent.toString('latin1', 0, 8)).toBe(LATENT_MAGIC);
    const [channels, height, width] = [
      latent.readUInt32LE(12),
      latent.readUInt32LE(16),
      latent.readUInt32LE(20),
    ];
    expect(latent.length).toBe(24 + channels * height * width * 4);
    expect(latent.equals(makeLatent(42))).toBe(true);
    expect(latent.equals(makeLatent(43))).toBe(false);
  });
});

function hsl(h: number, s: number, l: number): number[] {
  const a = s * Math.min(l, 1 - l);
  return [0, 8, 4].map((n) => {
    const k = (n + h * 12) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  });
}
