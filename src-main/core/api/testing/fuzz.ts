// A small seeded generator for fuzzing the schemas: valid documents built from shape descriptions,
// and malformed ones made by mutating them (wrong types, missing fields, huge strings, unknown enum
// values, junk). Seeded so a failure reproduces. Test-only; no dependency.

/** mulberry32: tiny, fast, good enough to spread test cases. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

export type Gen = (random: Random) => unknown;

/** Returned by an optional field's generator when the field is left out. */
const omitted = Symbol('omitted');

const awkwardCharacters = [
  'a',
  'Z',
  '0',
  ' ',
  '-',
  '_',
  '.',
  '/',
  '"',
  '\\',
  'é',
  '漢',
  '😀',
  '\u202e',
  '\u2066',
  '\u0000',
  '\n',
  '<',
  '>',
];

export const text: Gen = (r) => {
  const length = r.chance(0.05) ? 0 : r.int(1, 24);
  let value = '';
  for (let i = 0; i < length; i++) value += r.pick(awkwardCharacters);
  return value;
};
export const hugeText: Gen = (r) => r.pick(['x', '漢', '\u202e']).repeat(r.int(50_000, 150_000));
export const integer: Gen = (r) => r.int(0, 1_000_000);
export const fraction: Gen = (r) => r.next();
export const bool: Gen = (r) => r.chance(0.5);
export const isoDate: Gen = (r) => new Date(r.int(0, 2_000_000_000) * 1000).toISOString();
export const uuid: Gen = (r) =>
  'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => r.int(0, 15).toString(16));
export const hex64: Gen = (r) =>
  `blake3:${Array.from({ length: 64 }, () => r.int(0, 15).toString(16)).join('')}`;
export const link: Gen = (r) => r.pick(['/api/v2/jobs/1', 'https://example.test/x?sig=1', '/mount/a/b']);

export const oneOf =
  (values: readonly unknown[]): Gen =>
  (r) =>
    r.pick(values);
export const constant =
  (value: unknown): Gen =>
  () =>
    value;
export const nullable =
  (gen: Gen): Gen =>
  (r) =>
    r.chance(0.3) ? null : gen(r);
export const optional =
  (gen: Gen): Gen =>
  (r) =>
    r.chance(0.3) ? omitted : gen(r);
export const arrayOf =
  (gen: Gen, max = 4): Gen =>
  (r) =>
    Array.from({ length: r.int(0, max) }, () => gen(r));
export const recordOf =
  (gen: Gen, max = 4): Gen =>
  (r) =>
    Object.fromEntries(Array.from({ length: r.int(0, max) }, () => [String(text(r)), gen(r)]));
export const objectOf =
  (shape: Readonly<Record<string, Gen>>): Gen =>
  (r) => {
    const result: Record<string, unknown> = {};
    for (const [key, gen] of Object.entries(shape)) {
      const value = gen(r);
      if (value !== omitted) result[key] = value;
    }
    // Unknown fields must always be accepted.
    if (r.chance(0.3)) result[`extra_${r.int(0, 99)}`] = junk(r);
    return result;
  };

/** Any JSON value, nesting included. */
export const junk: Gen = (r) => junkAt(r, 0);
function junkAt(r: Random, depth: number): unknown {
  const kind = r.int(0, depth > 3 ? 5 : 7);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER]);
    case 3:
      return text(r);
    case 4:
      return r.chance(0.1) ? hugeText(r) : r.pick(['unknown', 'QUANTUM', '', '__proto__', 'constructor']);
    case 5:
      return r.int(0, 1e6);
    case 6:
      return Array.from({ length: r.int(0, 3) }, () => junkAt(r, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: r.int(0, 3) }, () => [String(text(r)), junkAt(r, depth + 1)]),
      );
  }
}

/** A deep copy with one random change somewhere inside: removed, retyped, enlarged or replaced. */
export function mutate(document: unknown, r: Random): unknown {
  if (r.chance(0.05)) return junk(r);
  const copy = structuredClone(document);
  const containers: Array<Record<string, unknown> | unknown[]> = [];
  collectContainers(copy, containers);
  if (containers.length === 0) return junk(r);
  const target = r.pick(containers);
  const change = r.int(0, 6);
  const replacement =
    change === 1
      ? hugeText(r)
      : change === 2
        ? r.pick(['definitely_not_an_enum', 'IN_SPACE', 'Succeeded'])
        : junk(r);
  if (Array.isArray(target)) {
    if (target.length === 0) return junk(r);
    const index = r.int(0, target.length - 1);
    if (change === 0) target.splice(index, 1);
    else target[index] = replacement;
  } else {
    const keys = Object.keys(target);
    if (keys.length === 0) return junk(r);
    const key = r.pick(keys);
    if (change === 0) Reflect.deleteProperty(target, key);
    else target[key] = replacement;
  }
  return copy;
}

function collectContainers(value: unknown, into: Array<Record<string, unknown> | unknown[]>): void {
  if (Array.isArray(value)) {
    into.push(value);
    value.forEach((item) => collectContainers(item, into));
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    into.push(record);
    Object.values(record).forEach((item) => collectContainers(item, into));
  }
}
