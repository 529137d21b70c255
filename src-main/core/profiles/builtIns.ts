// The profiles every installation starts with: the local proxy at its default address, and the Demo server
// (the simulator, started in-process by the host, whose address is only known once it runs).
import { z } from 'zod';
import { isStoreError, type LoupeStore, type NewProfileRow } from '../store';
import { defaultSelfHostedUrl } from './profileSchemas';

export const localProfileId = 'local';
export const demoProfileId = 'demo';

export const builtInProfiles: readonly NewProfileRow[] = [
  {
    id: localProfileId,
    name: 'Local proxy',
    surface: 'self-hosted',
    baseUrl: defaultSelfHostedUrl,
    routerBaseUrl: null,
    builtIn: 'local',
  },
  {
    id: demoProfileId,
    name: 'Demo',
    // The surface that shows the most (job lists, logs, events, signed URLs); the simulator serves all three.
    surface: 'serverless',
    baseUrl: null,
    routerBaseUrl: null,
    builtIn: 'demo',
  },
];

function alreadySeeded(store: LoupeStore): boolean {
  try {
    return store.settings.get('builtInProfilesSeeded', z.literal(1)) !== null;
  } catch (error) {
    // A damaged flag must not bring back a profile the user removed: read it as "seeded".
    if (isStoreError(error, 'corrupt_row')) return true;
    throw error;
  }
}

/**
 * Adds the built-in profiles to a store that has never had them. The local proxy profile is added once: a
 * user who removes it does not see it come back on the next start. The Demo profile cannot be removed, so
 * it is restored whenever it is missing.
 */
export function seedBuiltInProfiles(store: LoupeStore): void {
  store.transaction(() => {
    const seeded = alreadySeeded(store);
    for (const profile of builtInProfiles) {
      const wanted = !seeded || profile.builtIn === 'demo';
      if (wanted && store.profiles.get(profile.id) === null) store.profiles.insert(profile);
    }
    if (!seeded) store.settings.set('builtInProfilesSeeded', 1);
  });
}
