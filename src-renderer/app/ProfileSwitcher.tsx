import { useQuery } from '@tanstack/react-query';
import { useLoupe } from '../lib/loupeContext';
import { profilesQuery } from '../queries/appQueries';
import { useSetActiveProfile } from '../queries/useSetActiveProfile';

export function ProfileSwitcher() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const setActive = useSetActiveProfile();
  const list = profiles.data;
  return (
    <label className="block px-3 pt-3 pb-2">
      <span className="mb-1 block text-[11px] font-medium tracking-wide text-faint uppercase">Profile</span>
      <select
        aria-label="Active profile"
        className="h-7 w-full rounded border border-line bg-raised px-2 text-xs text-fg"
        disabled={!list || setActive.isPending}
        value={list?.activeProfileId ?? ''}
        onChange={(event) => setActive.mutate(event.target.value)}
      >
        {!list ? <option value="">{profiles.isError ? 'Profiles unavailable' : 'Loading…'}</option> : null}
        {list?.profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </select>
      {setActive.isError ? (
        <span role="alert" className="mt-1 block text-[11px] text-state-failed">
          {setActive.error.message}
        </span>
      ) : null}
    </label>
  );
}
