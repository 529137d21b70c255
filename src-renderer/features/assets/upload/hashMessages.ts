// The messages between the page and its hashing worker, checked with zod on both sides: a worker is another
// realm, and what crosses postMessage is data to be read, not trusted types.
import { z } from 'zod';

export const toWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hash'), jobId: z.number().int(), file: z.instanceof(Blob) }),
  z.object({ type: z.literal('cancel'), jobId: z.number().int() }),
]);
export type ToWorker = z.infer<typeof toWorkerSchema>;

export const fromWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), jobId: z.number().int(), bytes: z.number().nonnegative() }),
  z.object({
    type: z.literal('done'),
    jobId: z.number().int(),
    hash: z.string().regex(/^blake3:[0-9a-f]{64}$/),
  }),
  z.object({
    type: z.literal('failed'),
    jobId: z.number().int(),
    /** canceled: asked to stop; unreadable: the browser could not read the file (moved, changed, denied). */
    reason: z.enum(['canceled', 'unreadable', 'internal']),
    message: z.string(),
  }),
]);
export type FromWorker = z.infer<typeof fromWorkerSchema>;
