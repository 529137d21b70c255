import { useQuery } from '@tanstack/react-query';
import { useLoupe } from '../lib/loupeContext';
import { profilesQuery } from '../queries/appQueries';

/** The active profile's id, or null while none is chosen (or the list is still loading). */
export function useActiveProfileId(): string | null {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  return profiles.data?.activeProfileId ?? null;
}
