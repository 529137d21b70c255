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

interface SeparableSpot {
  strength: number;
  /** exp(-dx²/r²) per column and exp(-dy²/r²) per row: their product is the spot's glow at a pixel. */
  alongX: Float64Array;
  alongY: Float64Array;
}

/** `term` at each of `count` pixels spread over [0, 1]; a single pixel sits in the middle. */
function alongAxis(count: number, term: (position: number) => number): Float64Array {
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) values[i] = term(count === 1 ? 0.5 : i / (count - 1));
  return values;
}

/** One channel: the gradient's colour lifted toward white by the glow, darkened by the vignette. */
function shade(base: number, glow: number, vignette: number): number {
  return Math.round(Math.min(1, Math.max(0, (base + glow * (1 - base)) * vignette)) * 255);
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

  // Each scanline is a filter-type byte (0 = none) followed by RGB triples. Every term of the picture is
  // separable in x and y (a spot's glow exp(-d²/r²) is exp(-dx²/r²)·exp(-dy²/r²)), so the exponentials are
  // taken once per column and once per row, not per pixel: a seeded simulator makes its history's pictures
  // in milliseconds instead of holding its event loop for seconds.
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height);
  const [spotA, spotB, spotC] = spots.map((spot) => ({
    strength: spot.strength,
    alongX: alongAxis(width, (u) => Math.exp(-(((u - spot.x) / spot.radius) ** 2))),
    alongY: alongAxis(height, (v) => Math.exp(-(((v - spot.y) / spot.radius) ** 2))),
  })) as [SeparableSpot, SeparableSpot, SeparableSpot];
  const slopeX = alongAxis(width, (u) => (u - 0.5) * dirX);
  const edgeX = alongAxis(width, (u) => (u - 0.5) ** 2);
  const slopeY = alongAxis(height, (v) => (v - 0.5) * dirY);
  const edgeY = alongAxis(height, (v) => (v - 0.5) ** 2);
  const [fromR, fromG, fromB] = from;
  const [toR, toG, toB] = to;
  for (let y = 0; y < height; y++) {
    const glowA = spotA.strength * (spotA.alongY[y] ?? 0);
    const glowB = spotB.strength * (spotB.alongY[y] ?? 0);
    const glowC = spotC.strength * (spotC.alongY[y] ?? 0);
    const rowSlope = slopeY[y] ?? 0;
    const rowEdge = edgeY[y] ?? 0;
    let offset = y * stride + 1;
    for (let x = 0; x < width; x++) {
      const t = Math.min(1, Math.max(0, 0.5 + ((slopeX[x] ?? 0) + rowSlope) * 0.9));
      const glow =
        glowA * (spotA.alongX[x] ?? 0) + glowB * (spotB.alongX[x] ?? 0) + glowC * (spotC.alongX[x] ?? 0);
      const vignette = 1 - 0.35 * ((edgeX[x] ?? 0) + rowEdge);
      raw[offset++] = shade(fromR + (toR - fromR) * t, glow, vignette);
      raw[offset++] = shade(fromG + (toG - fromG) * t, glow, vignette);
      raw[offset++] = shade(fromB + (toB - fromB) * t, glow, vignette);
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
