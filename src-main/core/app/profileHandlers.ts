// The contract's profile calls: the profile service and the keychain vault, plus starting the Demo server
// (and recording the batch it seeded) when its profile becomes active.
import type { ProfileList } from '../../../src-shared/contract';
import type { CredentialVault, ProfileService } from '../profiles';
import { DomainError } from '../errors';
import type { CallHandlers, StreamHandlers } from '../rpc/dispatcher';
import type { LoupeStore } from '../store';
import { recordDemoBatch } from './demoBatch';
import type { DemoSupervisor } from './demoSupervisor';

export interface ProfileDeps {
  profiles: ProfileService;
  vault: CredentialVault;
  demo: DemoSupervisor;
  /** Where the Demo server's seeded batch is recorded. */
  store: LoupeStore;
  /** True while the Demo profile has work going (a batch sending, a job followed): its server stays up. */
  demoInUse?: () => boolean;
}

type ProfileCallHandlers = Pick<
  CallHandlers,
  | 'profiles.list'
  | 'profiles.create'
  | 'profiles.update'
  | 'profiles.remove'
  | 'profiles.setActive'
  | 'profiles.setCredential'
  | 'profiles.clearCredential'
  | 'profiles.keychainStatus'
>;

export async function listProfiles(profiles: ProfileService): Promise<ProfileList> {
  return { profiles: await profiles.list(), activeProfileId: profiles.activeId() };
}

/**
 * Keeps the Demo server running while the Demo profile is shown or has work going (a batch of it keeps
 * sending while another profile is shown). A server that has just started has its seeded batch recorded as
 * one of the Demo profile's own, before the screens ask for batches.
 */
export async function syncDemoWithActiveProfile(deps: ProfileDeps): Promise<void> {
  const active = await deps.profiles.active();
  if (active?.builtIn === 'demo') await startDemo(deps, active.id);
  else if (deps.demoInUse?.() !== true) await deps.demo.stop();
}

/** Starts the Demo server for a call made on the Demo profile (whatever the window shows). */
export async function startDemo({ demo, store }: ProfileDeps, demoProfileId: string): Promise<void> {
  try {
    await demo.ensureRunning();
  } catch (error) {
    throw new DomainError(
      'demo_failed_to_start',
      `The Demo server could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const seeded = demo.takeSeededBatch();
  if (seeded !== null) recordDemoBatch(store, demoProfileId, seeded);
}

export function createProfileHandlers(
  deps: ProfileDeps,
): ProfileCallHandlers & Pick<StreamHandlers, 'profiles.changes'> {
  const { profiles, vault } = deps;
  return {
    'profiles.list': () => listProfiles(profiles),
    'profiles.create': (input) => profiles.create(input),
    'profiles.update': async ({ profileId, secret, allowSessionOnly, ...patch }) => {
      const credential =
        secret === undefined ? undefined : { secret, allowSessionOnly: allowSessionOnly ?? false };
      const { profile, credentialDropped } = await profiles.update(profileId, patch, credential);
      return { ...profile, credentialDropped };
    },
    'profiles.remove': async ({ profileId }) => {
      await profiles.remove(profileId);
      await syncDemoWithActiveProfile(deps);
      return listProfiles(profiles);
    },
    'profiles.setActive': async ({ profileId }) => {
      await profiles.setActive(profileId);
      await syncDemoWithActiveProfile(deps);
      return listProfiles(profiles);
    },
    'profiles.setCredential': async ({ profileId, secret, allowSessionOnly }) => {
      const storage = await profiles.setCredential(profileId, secret, {
        allowSessionOnly: allowSessionOnly ?? false,
      });
      return { storage, profile: await profiles.get(profileId) };
    },
    'profiles.clearCredential': async ({ profileId }) => {
      await profiles.clearCredential(profileId);
      return profiles.get(profileId);
    },
    'profiles.keychainStatus': async () => {
      const status = await vault.probe({ refresh: true });
      return status.available ? { available: true } : { available: false, reason: status.reason };
    },
    'profiles.changes': (_args, sink) => profiles.onChange((change) => sink.emit(change)),
  };
}
