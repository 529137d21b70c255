// The building blocks of the contract: a call (arguments → result) and a stream (arguments → events), each
// described by zod schemas that main uses to validate and both sides use for types.
import { z } from 'zod';

export interface CallSpec<A extends z.ZodType, R extends z.ZodType> {
  readonly kind: 'call';
  readonly args: A;
  readonly result: R;
}

export interface StreamSpec<A extends z.ZodType, E extends z.ZodType> {
  readonly kind: 'stream';
  readonly args: A;
  readonly event: E;
}

export function call<A extends z.ZodType, R extends z.ZodType>(args: A, result: R): CallSpec<A, R> {
  return { kind: 'call', args, result };
}

export function stream<A extends z.ZodType, E extends z.ZodType>(args: A, event: E): StreamSpec<A, E> {
  return { kind: 'stream', args, event };
}

/** The arguments of a call that takes none: an empty object, and nothing else. */
export const noArgs = z.strictObject({});

/** Keys that mean something to JavaScript objects themselves; a record from a caller may not use them. */
const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A string-keyed record argument that refuses `__proto__`, `constructor` and `prototype` as keys, instead of
 * dropping them silently (zod's record skips `__proto__`): a caller learns its labels were refused.
 */
export function recordOf<V extends z.ZodType>(key: z.ZodString, value: V) {
  return z
    .custom<Record<string, unknown>>(isPlainRecord, { error: 'Expected an object.' })
    .refine((raw) => Object.keys(raw).every((k) => !RESERVED_KEYS.has(k)), {
      error: 'A key may not be __proto__, constructor or prototype.',
    })
    .pipe(z.record(key, value));
}
