// app.*: who and what the host is, links out, and a heartbeat that proves the event path.
import { z } from 'zod';
import { call, noArgs, stream } from '../contractKit';

export const surfaceSchema = z.enum(['self-hosted', 'managed', 'serverless']);
export type Surface = z.infer<typeof surfaceSchema>;

export const appInfoSchema = z.object({
  name: z.literal('Loupe'),
  version: z.string(),
  /** Which host carries the contract: the Electron app or the browser shell. */
  shell: z.enum(['electron', 'browser']),
  platform: z.string(),
  startedAt: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const heartbeatArgsSchema = z.strictObject({
  /** How often the host should beat, in milliseconds. */
  intervalMs: z.number().int().min(50).max(60_000),
});

export const heartbeatEventSchema = z.object({
  beat: z.number().int().nonnegative(),
  at: z.string(),
  uptimeMs: z.number().nonnegative(),
});
export type Heartbeat = z.infer<typeof heartbeatEventSchema>;

export const externalUrlArgsSchema = z.strictObject({ url: z.string().max(2048) });

export const appContract = {
  'app.info': call(noArgs, appInfoSchema),
  'app.openExternal': call(externalUrlArgsSchema, z.object({ opened: z.boolean() })),
  'app.heartbeat': stream(heartbeatArgsSchema, heartbeatEventSchema),
} as const;
