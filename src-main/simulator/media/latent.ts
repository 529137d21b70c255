// An opaque "latent" blob: the simulator's stand-in for a saved latent tensor. Clients must treat it as bytes
// (download, size, hash), never decode it, so all it needs is a recognisable header and deterministic content.
import { seededRandom } from './seededRandom';

export const LATENT_MAGIC = 'SIMLATNT';
const CHANNELS = 4;
const SIDE = 16;
const HEADER_BYTES = 24;

/**
 * Layout (little-endian): magic (8 bytes), version u16, dtype u16 (1 = float32), channels u32, height u32,
 * width u32, then channels*height*width float32 values.
 */
export function makeLatent(seed: number): Buffer {
  const random = seededRandom(seed);
  const values = CHANNELS * SIDE * SIDE;
  const out = Buffer.alloc(HEADER_BYTES + values * 4);
  out.write(LATENT_MAGIC, 0, 'latin1');
  out.writeUInt16LE(1, 8);
  out.writeUInt16LE(1, 10);
  out.writeUInt32LE(CHANNELS, 12);
  out.writeUInt32LE(SIDE, 16);
  out.writeUInt32LE(SIDE, 20);
  for (let i = 0; i < values; i++) {
    // Roughly unit-variance values, like a real latent.
    const gaussianish = (random() + random() + random() - 1.5) * 2;
    out.writeFloatLE(gaussianish, HEADER_BYTES + i * 4);
  }
  return out;
}
