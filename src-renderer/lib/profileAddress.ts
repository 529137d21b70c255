import type { Profile } from '../../src-shared/contract';

/** What to show as a profile's address: the Demo server has none until it starts. */
export function profileAddress(profile: Profile): string {
  if (profile.builtIn === 'demo') return profile.baseUrl ?? 'built in, starts when selected';
  return profile.baseUrl ?? 'no address';
}
