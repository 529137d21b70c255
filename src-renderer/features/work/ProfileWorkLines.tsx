// Under the profile picker: one line per profile with work (batches sending, jobs running, failures since last
// looked), each a button that shows that profile. The shown profile's line is marked as current.
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../src-shared/contract';
import { visibleText } from '../../lib/visibleText';
import { useSetActiveProfile } from '../../queries/useSetActiveProfile';
import { isBusy, workQuery } from './workQueries';
import { workText } from './workWords';

export function ProfileWorkLines({
  profiles,
  shownId,
}: {
  profiles: readonly Profile[];
  shownId: string | null;
}) {
  const setActive = useSetActiveProfile();
  const work = (useQuery(workQuery).data ?? []).filter(isBusy);
  if (work.length === 0) return null;
  return (
    <ul aria-label="Work on each profile" className="mt-2 flex flex-col gap-0.5">
      {work.map((line) => {
        const name = profiles.find((profile) => profile.id === line.profileId)?.name ?? 'A removed profile';
        const current = line.profileId === shownId;
        return (
          <li key={line.profileId}>
            <button
              type="button"
              data-testid="profile-work"
              data-profile-id={line.profileId}
              aria-current={current ? 'true' : undefined}
              className={`w-full rounded px-1.5 py-1 text-left text-[11px] leading-tight hover:bg-raised focus-visible:outline focus-visible:outline-accent ${current ? 'bg-raised' : ''}`}
              onClick={() => setActive.mutate(line.profileId)}
              title={current ? 'The profile shown now' : 'Show this profile'}
            >
              <span className="block truncate font-medium text-fg">{visibleText(name)}</span>
              <span className={`block ${line.failuresSinceLooked > 0 ? 'text-state-failed' : 'text-muted'}`}>
                {workText(line)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
