import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../src-shared/contract';
import { useLoupe } from '../../../lib/loupeContext';
import { credentialStorageQuery } from '../../../queries/profileMutations';
import { keychainStatusQuery } from '../../../queries/profileQueries';

export type CredentialState = 'keychain' | 'session' | 'none' | 'built-in';

export const CREDENTIAL_LABEL: Record<CredentialState, string> = {
  keychain: 'key saved in keychain',
  session: 'kept for this session',
  none: 'no key',
  'built-in': 'key supplied by Loupe',
};

/**
 * Where a profile's key lives. The profile only says whether it has one; where comes from the host's answer
 * when this window saved it, else from the keychain's state (asked only then: the probe touches the keychain).
 */
export function useCredentialState(profile: Profile): CredentialState {
  const loupe = useLoupe();
  const known = useQuery({ ...credentialStorageQuery(profile.id), enabled: false });
  const needsKeychain = profile.hasCredential && profile.builtIn !== 'demo' && !known.data;
  const keychain = useQuery({ ...keychainStatusQuery(loupe), enabled: needsKeychain });
  if (profile.builtIn === 'demo') return profile.hasCredential ? 'built-in' : 'none';
  if (!profile.hasCredential) return 'none';
  if (known.data) return known.data;
  return keychain.data?.available === false ? 'session' : 'keychain';
}
