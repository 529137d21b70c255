// The pieces schemaCheck.ts walks with: JSON types as JSON Schema names them, deep equality for enum and
// const, local `$ref`s, and lengths counted the way JSON Schema counts them.

export type Schema = Record<string, unknown>;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asSchema(value: unknown): Schema | null {
  return isObject(value) ? value : null;
}

export function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function matchesType(expected: string, value: unknown): boolean {
  const actual = typeOf(value);
  if (expected === 'number') return actual === 'number' || actual === 'integer';
  return expected === actual;
}

export const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty (null)',
};

export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** `#/a/b` (or rjsf's `__rjsf_rootSchema#/a/b`) inside the root; null for anything else. */
export function resolveRef(ref: string, root: unknown): Schema | null {
  const hash = ref.indexOf('#');
  if (hash < 0) return null;
  const pointer = ref.slice(hash + 1);
  if (pointer === '') return asSchema(root);
  if (!pointer.startsWith('/')) return null;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return null;
    node = (node as Record<string, unknown>)[key];
  }
  return asSchema(node);
}

/** Length as JSON Schema counts it: in code points, so an emoji is one character, not two. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

export function looksLikeUri(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(text);
}
