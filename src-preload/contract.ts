// The only surface between the renderer and main (ARCHITECTURE.md, rule 1).
// Every call has a zod schema for its arguments and one for its result; every event stream has a schema for
// its arguments and one for its events. Main validates arguments with these same schemas before it runs
// anything; the preload and the browser-shell transport build `window.loupe` from the names listed here.
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

function call<A extends z.ZodType, R extends z.ZodType>(args: A, result: R): CallSpec<A, R> {
  return { kind: 'call', args, result };
}

function stream<A extends z.ZodType, E extends z.ZodType>(args: A, event: E): StreamSpec<A, E> {
  return { kind: 'stream', args, event };
}

const noArgs = z.strictObject({});

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

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  surface: surfaceSchema,
  baseUrl: z.string(),
  routerBaseUrl: z.string().optional(),
  hasCredential: z.boolean(),
  /** A profile that ships with Loupe (the local proxy, the Demo server) rather than one the user added. */
  builtIn: z.enum(['local', 'demo']).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileListSchema = z.object({
  profiles: z.array(profileSchema),
  activeProfileId: z.string().nullable(),
});
export type ProfileList = z.infer<typeof profileListSchema>;

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

export const contract = {
  'app.info': call(noArgs, appInfoSchema),
  'app.openExternal': call(externalUrlArgsSchema, z.object({ opened: z.boolean() })),
  'app.heartbeat': stream(heartbeatArgsSchema, heartbeatEventSchema),
  'profiles.list': call(noArgs, profileListSchema),
  'profiles.setActive': call(z.strictObject({ profileId: z.string().min(1).max(200) }), profileListSchema),
} as const;

export type Contract = typeof contract;
export type ContractName = keyof Contract;

export type CallName = {
  [K in ContractName]: Contract[K] extends CallSpec<z.ZodType, z.ZodType> ? K : never;
}[ContractName];
export type StreamName = {
  [K in ContractName]: Contract[K] extends StreamSpec<z.ZodType, z.ZodType> ? K : never;
}[ContractName];

export type CallArgs<K extends CallName> = z.input<Contract[K]['args']>;
export type ParsedCallArgs<K extends CallName> = z.output<Contract[K]['args']>;
export type CallResultValue<K extends CallName> = z.output<Contract[K]['result']>;

type StreamSpecOf<K extends StreamName> = Extract<Contract[K], { kind: 'stream' }>;
export type StreamArgs<K extends StreamName> = z.input<StreamSpecOf<K>['args']>;
export type ParsedStreamArgs<K extends StreamName> = z.output<StreamSpecOf<K>['args']>;
export type StreamEvent<K extends StreamName> = z.output<StreamSpecOf<K>['event']>;

export const callNames = Object.keys(contract).filter(
  (name): name is CallName => contract[name as ContractName].kind === 'call',
);
export const streamNames = Object.keys(contract).filter(
  (name): name is StreamName => contract[name as ContractName].kind === 'stream',
);

export function isCallName(name: string): name is CallName {
  return (callNames as readonly string[]).includes(name);
}

export function isStreamName(name: string): name is StreamName {
  return (streamNames as readonly string[]).includes(name);
}
