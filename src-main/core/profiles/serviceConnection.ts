// From a saved profile to what the API layer needs. The credential is read from the keychain on every request
// (never cached here), so a key the user changes applies at once and never lingers in this object.
import type { Connection } from '../api';
import type { ProfileService } from './profileService';

export async function connectionForProfile(profiles: ProfileService, profileId: string): Promise<Connection> {
  const resolved = await profiles.resolveAddresses(profileId);
  return {
    surface: resolved.profile.surface,
    baseUrl: resolved.baseUrl,
    ...(resolved.routerBaseUrl ? { routerBaseUrl: resolved.routerBaseUrl } : {}),
    credential: () => profiles.readCredential(profileId),
    sendsPartnerKey: () => profiles.sendsPartnerKey(profileId),
  };
}
