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
