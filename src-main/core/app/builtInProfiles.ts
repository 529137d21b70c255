// The profiles every installation starts with. Until the persistent profile store lands (issue 4) these are
// kept in memory; the contract shape is already the final one.
import type { Profile, ProfileList } from '../../../src-preload/contract';
import { ContractFailure } from '../rpc/contractFailure';

export interface ProfilesPort {
  list(): ProfileList | Promise<ProfileList>;
  setActive(profileId: string): ProfileList | Promise<ProfileList>;
}

export const LOCAL_PROXY_PROFILE: Profile = {
  id: 'local',
  name: 'Local proxy',
  surface: 'self-hosted',
  baseUrl: 'http://127.0.0.1:8189',
  hasCredential: false,
  builtIn: 'local',
};

export const DEMO_PROFILE: Profile = {
  id: 'demo',
  name: 'Demo server',
  surface: 'serverless',
  baseUrl: 'http://127.0.0.1',
  hasCredential: false,
  builtIn: 'demo',
};

export class InMemoryProfiles implements ProfilesPort {
  private activeProfileId: string | null;

  constructor(private readonly profiles: Profile[] = [LOCAL_PROXY_PROFILE, DEMO_PROFILE]) {
    this.activeProfileId = profiles[0]?.id ?? null;
  }

  list(): ProfileList {
    return {
      profiles: this.profiles.map((profile) => ({ ...profile })),
      activeProfileId: this.activeProfileId,
    };
  }

  setActive(profileId: string): ProfileList {
    if (!this.profiles.some((profile) => profile.id === profileId)) {
      throw new ContractFailure('profile_not_found', `There is no profile with id ${profileId}.`);
    }
    this.activeProfileId = profileId;
    return this.list();
  }
}
