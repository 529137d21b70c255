// What main's dispatcher checks before a per-profile call or stream runs (ARCHITECTURE rule 12), for the fake
// hosts: one that does not name its profile, or names one the host does not have, is refused as main would.
import { contract, type ContractName } from '../../src-shared/contract';
import type { ContractError } from '../../src-shared/protocol';

export function scopeRefusal(
  name: ContractName,
  args: unknown,
  profileExists: (profileId: string) => boolean,
): ContractError | null {
  const spec: { scope?: 'profile' } = contract[name];
  if (spec.scope !== 'profile') return null;
  const profileId =
    typeof args === 'object' && args !== null && 'profileId' in args ? args.profileId : undefined;
  if (typeof profileId !== 'string' || profileId === '') {
    return { code: 'invalid_arguments', message: `Invalid arguments for ${name}: profileId is required` };
  }
  if (!profileExists(profileId)) {
    return { code: 'profile_not_found', message: `There is no profile ${profileId}.` };
  }
  return null;
}
