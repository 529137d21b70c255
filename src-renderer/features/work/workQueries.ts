// What runs on every profile (profiles.work), kept in the query cache like any other server data: the stream
// writes each snapshot there (useProfileWork in App), the picker, the status bar and the notices read it.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ProfileList, ProfileWork } from '../../../src-shared/contract';
import { profileKeys } from '../../queries/profileQueries';

export const workKey = ['profileWork'] as const;

/** Read only from the cache: the stream is its one source (no request of its own). */
export const workQuery = queryOptions({
  queryKey: workKey,
  queryFn: (): ProfileWork[] => [],
  staleTime: Number.POSITIVE_INFINITY,
});

/** A profile's name as the cached profile list has it (for notices raised outside any screen). */
export function profileNameOf(client: QueryClient, profileId: string): string {
  const list = client.getQueryData<ProfileList>(profileKeys.list);
  return list?.profiles.find((profile) => profile.id === profileId)?.name ?? 'another profile';
}

export { isBusy, isRunning } from '../../../src-shared/profileWork';
