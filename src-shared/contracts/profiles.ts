// profiles.*: connection profiles and their write-only credentials.
import { z } from 'zod';
import { call, noArgs, scopedCall, stream } from '../contractKit';
import { surfaceSchema } from './app';

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  surface: surfaceSchema,
  /** Null only for the Demo profile while its built-in server is not running. */
  baseUrl: z.string().nullable(),
  routerBaseUrl: z.string().optional(),
  hasCredential: z.boolean(),
  /**
   * The user chose to send this profile's own API key with workflows that use partner nodes (so those nodes
   * bill the account). Only the choice: the key itself never crosses to the renderer.
   */
  sendPartnerKey: z.boolean(),
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
  /** Off when absent. A boolean only: a string such as "false" is refused, never read as "on". */
  sendPartnerKey: z.boolean().optional(),
});

/** Write-only: the renderer can set a credential, never read one back. */
const secretArgSchema = z.string().min(1).max(4096);

export const profileUpdateArgsSchema = z.strictObject({
  profileId: profileIdSchema,
  name: z.string().max(200).optional(),
  surface: surfaceSchema.optional(),
  baseUrl: urlTextSchema.optional(),
  routerBaseUrl: urlTextSchema.nullable().optional(),
  sendPartnerKey: z.boolean().optional(),
  /**
   * A key for the profile's new address, stored in the same step. A key belongs to the origins it was
   * given for: an update that points the profile at another origin removes the saved key unless it brings
   * a new one here.
   */
  secret: secretArgSchema.optional(),
  /** With `secret`: the user agreed to keep it in memory for this session because the keychain is unavailable. */
  allowSessionOnly: z.boolean().optional(),
});

export const profileUpdateResultSchema = profileSchema.extend({
  /** The saved key was removed because the address changed; the user enters it again. */
  credentialDropped: z.boolean(),
});
export type ProfileUpdateResult = z.infer<typeof profileUpdateResultSchema>;

export const setCredentialArgsSchema = z.strictObject({
  profileId: profileIdSchema,
  secret: secretArgSchema,
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

const countSchema = z.number().int().nonnegative();

/** What runs on one profile, whichever profile the window shows (the picker, the status bar, the taskbar). */
export const profileWorkSchema = z.object({
  profileId: z.string(),
  batchesSending: countSchema,
  /** Of those, the ones holding back for now (a full queue, a service starting, a locked keychain). */
  batchesWaiting: countSchema.optional(),
  jobsInFlight: countSchema,
  /** Jobs of Loupe's own that failed since the profile was last shown. */
  failuresSinceLooked: countSchema,
  /** Items of the batches sending that have left (a job made or refused), of all their items. */
  sent: z.object({ done: countSchema, total: countSchema }),
});
export type ProfileWork = z.infer<typeof profileWorkSchema>;

export const profileWorkEventSchema = z.object({ profiles: z.array(profileWorkSchema) });
export type ProfileWorkEvent = z.infer<typeof profileWorkEventSchema>;

export const profilesContract = {
  'profiles.list': call(noArgs, profileListSchema),
  'profiles.create': call(profileCreateArgsSchema, profileSchema),
  'profiles.update': call(profileUpdateArgsSchema, profileUpdateResultSchema),
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
  /** What runs on every profile: a snapshot, then again whenever it changes (at most four times a second). */
  'profiles.work': stream(noArgs, profileWorkEventSchema),
  /** The window showed this profile: its failures since last looked are seen. */
  'profiles.markLooked': scopedCall(z.strictObject({}), z.object({ profileId: z.string() })),
} as const;
