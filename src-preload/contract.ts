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
  /** Null only for the Demo profile while its built-in server is not running. */
  baseUrl: z.string().nullable(),
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

const profileIdSchema = z.string().min(1).max(200);
const urlTextSchema = z.string().max(2048);

/** Shapes and sizes only: the profile service checks the meaning and answers `invalid_profile` per field. */
export const profileCreateArgsSchema = z.strictObject({
  name: z.string().max(200),
  surface: surfaceSchema,
  baseUrl: urlTextSchema,
  routerBaseUrl: urlTextSchema.optional(),
});

export const profileUpdateArgsSchema = z.strictObject({
  profileId: profileIdSchema,
  name: z.string().max(200).optional(),
  surface: surfaceSchema.optional(),
  baseUrl: urlTextSchema.optional(),
  routerBaseUrl: urlTextSchema.nullable().optional(),
});

export const setCredentialArgsSchema = z.strictObject({
  profileId: profileIdSchema,
  /** Write-only: the renderer can set a credential, never read one back. */
  secret: z.string().min(1).max(4096),
  /** The user agreed to keep it in memory for this session because the keychain is unavailable. */
  allowSessionOnly: z.boolean().optional(),
});

export const keychainStatusSchema = z.object({ available: z.boolean(), reason: z.string().optional() });
export type KeychainStatus = z.infer<typeof keychainStatusSchema>;

/** What "Test connection" found: reachability, whether the credential was accepted, what the surface offers. */
export const connectionReportSchema = z.object({
  profileId: z.string(),
  checkedAt: z.string(),
  reachable: z.boolean(),
  /** null when the check never got far enough to know (unreachable), or the surface needs no credential. */
  credentialAccepted: z.boolean().nullable(),
  capabilities: z.object({
    listsJobs: z.boolean().nullable(),
    capturesLogs: z.boolean().nullable(),
    streamsEvents: z.boolean().nullable(),
    router: z.boolean().nullable(),
  }),
  /** The surface's latency for the probe request, for the status bar. */
  latencyMs: z.number().nonnegative().nullable(),
  /** When something failed: a code and words a person understands. */
  problem: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ConnectionReport = z.infer<typeof connectionReportSchema>;

export const profileChangeSchema = z.object({
  kind: z.enum(['created', 'updated', 'removed', 'active', 'credential']),
  profileId: z.string().nullable(),
});

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
  'profiles.create': call(profileCreateArgsSchema, profileSchema),
  'profiles.update': call(profileUpdateArgsSchema, profileSchema),
  'profiles.remove': call(z.strictObject({ profileId: profileIdSchema }), profileListSchema),
  'profiles.setActive': call(z.strictObject({ profileId: profileIdSchema }), profileListSchema),
  'profiles.setCredential': call(
    setCredentialArgsSchema,
    z.object({ storage: z.enum(['keychain', 'session']), profile: profileSchema }),
  ),
  'profiles.clearCredential': call(z.strictObject({ profileId: profileIdSchema }), profileSchema),
  'profiles.keychainStatus': call(noArgs, keychainStatusSchema),
  /** Probes the profile's service now (cached per profile; `refresh` forces a new probe). */
  'profiles.test': call(
    z.strictObject({ profileId: profileIdSchema, refresh: z.boolean().optional() }),
    connectionReportSchema,
  ),
  'profiles.changes': stream(noArgs, profileChangeSchema),
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
