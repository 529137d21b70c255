// The chaos suite's only source of randomness: a seeded generator, so a trial is replayed from its seed alone.
// sfc32 (small, fast, good enough for choosing faults) seeded through a string hash, so sub-streams can be
// derived by name ("the faults of seed 7", "job 12's clock") without their draws shifting each other.

/** 32-bit FNV-1a of a string: stable across runs and platforms, used to derive seeds from names. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) fixed by its parts: the same names always draw the same number. */
export function fixedFraction(...parts: ReadonlyArray<string | number>): number {
  return new Prng(hash32(parts.join('\u0000'))).next();
}

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    // The first draws of sfc32 still carry the seed's shape; spend them.
    for (let i = 0; i < 12; i += 1) this.next();
  }

  /** A sub-generator named `label`: draws from it never move this one. */
  fork(label: string): Prng {
    return new Prng(hash32(`${this.d}:${label}`) ^ hash32(label));
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Prng.pick from an empty list');
    return item;
  }

  /** One of `choices`, each as likely as its weight says. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let left = this.next() * total;
    for (const [value, weight] of choices) {
      left -= weight;
      if (left < 0) return value;
    }
    const last = choices.at(-1);
    if (last === undefined) throw new Error('Prng.weighted from an empty list');
    return last[0];
  }

  /** `count` distinct items of `items`, in drawn order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) {
      const index = Math.floor(this.next() * pool.length);
      const [item] = pool.splice(index, 1);
      if (item !== undefined) chosen.push(item);
    }
    return chosen;
  }
}

/** A fresh seed for a new run (the only place the suite reads real randomness); printed so it can be replayed. */
export function freshSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
