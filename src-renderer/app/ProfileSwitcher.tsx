import { useQuery } from '@tanstack/react-query';
import { errorText } from '../components/errorText';
import { InlineError } from '../components/InlineError';
import { Spinner } from '../components/Spinner';
import { useLoupe } from '../lib/loupeContext';
import { profilesQuery } from '../queries/appQueries';
import { useSetActiveProfile } from '../queries/useSetActiveProfile';
import { visibleText } from '../lib/visibleText';
import { ProfileWorkLines } from '../features/work/ProfileWorkLines';

export function ProfileSwitcher() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const setActive = useSetActiveProfile();
  const list = profiles.data;
  const target = list?.profiles.find((profile) => profile.id === setActive.variables);
  const error = setActive.isError ? errorText(setActive.error) : null;
  return (
    <div className="px-3 pt-3 pb-2">
      <label>
        <span className="mb-1 block text-[11px] font-medium tracking-wide text-faint uppercase">Profile</span>
        <select
          aria-label="Active profile"
          className="h-7 w-full rounded border border-line bg-raised px-2 text-xs text-fg"
          disabled={!list || setActive.isPending}
          value={list?.activeProfileId ?? ''}
          onChange={(event) => setActive.mutate(event.target.value)}
        >
          {!list ? <option value="">{profiles.isError ? 'Profiles unavailable' : 'Loading…'}</option> : null}
          {list && list.activeProfileId === null ? (
            <option value="" disabled>
              Choose a profile…
            </option>
          ) : null}
          {list?.profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {visibleText(profile.name)}
            </option>
          ))}
        </select>
      </label>
      {list ? <ProfileWorkLines profiles={list.profiles} shownId={list.activeProfileId} /> : null}
      {setActive.isPending ? (
        <p role="status" className="mt-1 flex items-center gap-1.5 text-[11px] text-muted">
          <Spinner className="text-accent" />
          {target?.builtIn === 'demo' ? 'Starting the Demo server…' : 'Switching…'}
        </p>
      ) : null}
      {error ? (
        <InlineError className="mt-1" message={error.message} nextStep={error.nextStep} code={error.code} />
      ) : null}
    </div>
  );
}
