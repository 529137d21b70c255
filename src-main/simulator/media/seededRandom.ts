// Deterministic pseudo-random numbers, so the same seed always yields byte-identical media (and therefore the same
// blake3 hash, which is what makes dedup of generated outputs observable in tests).

/** mulberry32: tiny, fast and good enough for pictures and noise; not for anything secret. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
