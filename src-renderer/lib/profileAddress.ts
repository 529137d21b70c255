import type { Profile } from '../../src-preload/contract';

/** What to show as a profile's address: the Demo server has none until it starts. */
export function profileAddress(profile: Profile): string {
  return profile.builtIn === 'demo' ? 'built in, starts when selected' : profile.baseUrl;
}
