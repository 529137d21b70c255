// The wire shapes both transports (Electron IPC and the browser shell's WebSocket) carry.
// Errors are values with a code (ARCHITECTURE.md, rule 9): a call never rejects across the boundary, it
// resolves with a CallResult, because thrown errors lose their fields when they cross contextBridge.
import { z } from 'zod';

export const contractErrorSchema = z.object({
  /** Stable, machine-readable: `invalid_arguments`, `unknown_call`, `forbidden_sender`, `internal`, or a
   * service error code passed through from core (`not_found`, `queue_full`, …). */
  code: z.string(),
  message: z.string(),
  status: z.number().int().optional(),
  details: z.unknown().optional(),
  retryAfterMs: z.number().nonnegative().optional(),
});
export type ContractError = z.infer<typeof contractErrorSchema>;

export type CallResult<T> = { ok: true; value: T } | { ok: false; error: ContractError };

export const callResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: contractErrorSchema }),
]);

/** Subscription ids are chosen by the client, so it can listen before the first event can arrive. */
export const subscriptionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** One message of an event stream, in order: `seq` starts at 1 and grows by one per message. */
export const streamMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('event'),
    subscriptionId: z.string(),
    seq: z.number().int(),
    event: z.unknown(),
  }),
  z.object({
    type: z.literal('end'),
    subscriptionId: z.string(),
    seq: z.number().int(),
    error: contractErrorSchema.optional(),
  }),
]);
export type StreamMessage = z.infer<typeof streamMessageSchema>;

/** Browser shell: what the page sends over the WebSocket. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('call'), requestId: z.number().int(), name: z.string(), args: z.unknown() }),
  z.object({
    type: z.literal('subscribe'),
    requestId: z.number().int(),
    name: z.string(),
    subscriptionId: subscriptionIdSchema,
    args: z.unknown(),
  }),
  z.object({ type: z.literal('unsubscribe'), subscriptionId: subscriptionIdSchema }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Browser shell: what the host sends back. */
export const serverMessageSchema = z.union([
  z.object({ type: z.literal('reply'), requestId: z.number().int(), result: callResultSchema }),
  streamMessageSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** The WebSocket subprotocols: the first names the protocol, the second carries the per-launch token
 * (browsers cannot set headers on a WebSocket, and a query string would end up in logs). */
export const WS_PROTOCOL = 'loupe-rpc.v1';
export const WS_TOKEN_PREFIX = 'loupe-token.';
export const WS_PATH = '/rpc';

/** Electron IPC channel names, one per contract entry: a fixed allow-list, no generic channel. */
export const ipcChannels = {
  call: (name: string) => `loupe:call:${name}`,
  subscribe: (name: string) => `loupe:subscribe:${name}`,
  unsubscribe: 'loupe:unsubscribe',
  event: 'loupe:event',
  /** The preload's own calls (bridgeContract): never exposed to the page. */
  bridge: (name: string) => `loupe:bridge:${name}`,
} as const;
