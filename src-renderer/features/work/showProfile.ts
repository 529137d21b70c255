// A notice is clicked outside any screen, yet it opens an item of a profile the window may not be showing: the
// window first shows that profile, then the item (the other order would have the screen, still on the old
// profile, close the item again). App installs how a profile is shown, since it holds the host and the cache.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { profilesQuery } from '../../queries/appQueries';

type ProfileShower = (profileId: string) => Promise<void>;

let installed: ProfileShower | null = null;

/**
 * Shows `profileId`, then calls `open`. With no shower installed (a screen rendered alone, in a test) the item
 * is opened where the window is; when the switch is refused (the profile was just removed), nothing opens.
 */
export function showProfileThen(profileId: string, open: () => void): void {
  const shower = installed;
  if (shower === null) {
    open();
    return;
  }
  shower(profileId).then(open, () => undefined);
}

/** Mounted once, in App: notices show their item's profile through the host's profiles.setActive. */
export function useProfileShower(): void {
  const loupe = useLoupe();
  const client = useQueryClient();
  useEffect(() => {
    const key = profilesQuery(loupe).queryKey;
    const shower: ProfileShower = async (profileId) => {
      if (client.getQueryData(key)?.activeProfileId === profileId) return;
      client.setQueryData(key, await unwrap(loupe.profiles.setActive({ profileId })));
    };
    installed = shower;
    return () => {
      if (installed === shower) installed = null;
    };
  }, [loupe, client]);
}
