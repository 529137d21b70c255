// A real PNG encoder for the simulator's image outputs: truecolour 8-bit, one IDAT, CRCs from node:zlib.
// The picture is a calm two-hue gradient with a few soft light spots, different for every seed, so outputs in
// the Demo look like plausible renders rather than noise.
import { crc32, deflateSync } from 'node:zlib';
import { seededRandom } from './seededRandom';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Large enough for any preview or output the simulator makes, small enough that a typo cannot eat the heap. */
const MAX_SIDE = 4096;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  // The CRC covers the chunk type and data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): number => {
    const k = (n + h * 12) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

interface Spot {
  x: number;
  y: number;
  radius: number;
  strength: number;
}

export function makePng(width: number, height: number, seed: number): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`PNG size must be positive integers, got ${width}x${height}`);
  }
  if (width > MAX_SIDE || height > MAX_SIDE) throw new RangeError(`PNG side over ${MAX_SIDE}`);

  const random = seededRandom(seed);
  const hueA = random();
  const hueB = (hueA + 0.25 + random() * 0.35) % 1;
  const from = hslToRgb(hueA, 0.55, 0.32);
  const to = hslToRgb(hueB, 0.6, 0.62);
  const angle = random() * Math.PI * 2;
  const dirX = Math.cos(angle);
  const dirY = Math.sin(angle);
  const spots: Spot[] = Array.from({ length: 3 }, () => ({
    x: random(),
    y: random(),
    radius: 0.12 + random() * 0.25,
    strength: 0.15 + random() * 0.25,
  }));

  // Each scanline is a filter-type byte (0 = none) followed by RGB triples.
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const v = height === 1 ? 0.5 : y / (height - 1);
    for (let x = 0; x < width; x++) {
      const u = width === 1 ? 0.5 : x / (width - 1);
      const t = Math.min(1, Math.max(0, 0.5 + ((u - 0.5) * dirX + (v - 0.5) * dirY) * 0.9));
      let glow = 0;
      for (const spot of spots) {
        const d = Math.hypot(u - spot.x, v - spot.y) / spot.radius;
        glow += spot.strength * Math.exp(-d * d);
      }
      const vignette = 1 - 0.35 * ((u - 0.5) ** 2 + (v - 0.5) ** 2);
      const offset = y * stride + 1 + x * 3;
      for (let c = 0; c < 3; c++) {
        const base = (from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t;
        const value = (base + glow * (1 - base)) * vignette;
        raw[offset + c] = Math.round(Math.min(1, Math.max(0, value)) * 255);
      }
    }
  }

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method: adaptive (we always pick filter 0)
  header[12] = 0; // no interlace

  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
