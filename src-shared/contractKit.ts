// The building blocks of the contract: a call (arguments → result) and a stream (arguments → events), each
// described by zod schemas that main uses to validate and both sides use for types.
import { z } from 'zod';

export interface CallSpec<A extends z.ZodType, R extends z.ZodType> {
  readonly kind: 'call';
  readonly args: A;
  readonly result: R;
  /** `profile`: made on one profile, named by `args.profileId` (main refuses a profile that does not exist). */
  readonly scope?: 'profile';
}

export interface StreamSpec<A extends z.ZodType, E extends z.ZodType> {
  readonly kind: 'stream';
  readonly args: A;
  readonly event: E;
  readonly scope?: 'profile';
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

/** A profile as a call names it: Loupe's own ids, plain characters only. */
export const profileRefSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/, 'not a profile id');

/**
 * Work belongs to a profile, never to "the active one" (ARCHITECTURE rule 12): a call made on one profile
 * names it in its arguments, checked in main like any other argument before its handler runs.
 */
export function scopedCall<S extends z.ZodRawShape, R extends z.ZodType>(
  args: z.ZodObject<S, z.core.$strict>,
  result: R,
) {
  const scoped = args.extend({ profileId: profileRefSchema });
  return { kind: 'call', args: scoped, result, scope: 'profile' } as const satisfies CallSpec<
    typeof scoped,
    R
  >;
}

/** The same for a stream of one profile's events. */
export function scopedStream<S extends z.ZodRawShape, E extends z.ZodType>(
  args: z.ZodObject<S, z.core.$strict>,
  event: E,
) {
  const scoped = args.extend({ profileId: profileRefSchema });
  return { kind: 'stream', args: scoped, event, scope: 'profile' } as const satisfies StreamSpec<
    typeof scoped,
    E
  >;
}
