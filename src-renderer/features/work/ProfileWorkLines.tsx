// Under the profile picker: one line per profile with work (batches sending, jobs running, failures since last
// looked), each a button that shows that profile. The shown profile's line is marked as current.
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import type { Profile, ProfileWork } from '../../../src-shared/contract';
import { ThinBar } from '../../components/ThinBar';
import { visibleText } from '../../lib/visibleText';
import { useSetActiveProfile } from '../../queries/useSetActiveProfile';
import { isBusy, isRunning, workQuery } from './workQueries';
import { workParts } from './workWords';

function WorkLine({
  work,
  name,
  current,
  onShow,
}: {
  work: ProfileWork;
  name: string;
  current: boolean;
  onShow: () => void;
}) {
  const running = isRunning(work);
  const sending = work.batchesSending > 0 && work.sent.total > 0;
  return (
    <button
      type="button"
      data-testid="profile-work"
      data-profile-id={work.profileId}
      aria-current={current ? 'true' : undefined}
      className={`flex w-full flex-col gap-0.5 rounded px-2 py-1 text-left text-[11px] leading-tight hover:bg-hover/60 focus-visible:outline focus-visible:outline-accent ${current ? 'bg-hover' : ''}`}
      onClick={onShow}
      title={current ? 'The profile shown now' : 'Show this profile'}
    >
      <span className="flex min-w-0 items-center gap-1.5">
        <span
          aria-hidden="true"
          className={`inline-block h-1.5 w-1.5 shrink-0 rounded-full ${running ? 'animate-pulse bg-state-running' : 'bg-state-failed'}`}
        />
        <span className="truncate font-medium text-fg">{name}</span>
        {current ? <span className="ml-auto shrink-0 text-faint">shown</span> : null}
      </span>
      <span className="block pl-3 text-muted">
        {workParts(work).map((part, index) => (
          <Fragment key={part.text}>
            {index > 0 ? ' · ' : null}
            <span className={`whitespace-nowrap ${part.failed ? 'text-state-failed' : ''}`}>{part.text}</span>
          </Fragment>
        ))}
      </span>
      {sending ? (
        // On the line's own background (hover, the shown profile) the usual raised track would vanish.
        <ThinBar
          label={`Items sent on ${name}`}
          fraction={work.sent.done / work.sent.total}
          announced
          className="mt-0.5 ml-3 h-1"
          trackClassName="bg-line"
          fillClassName="bg-state-running transition-[width] duration-300"
        />
      ) : null}
    </button>
  );
}

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
    <ul aria-label="Work on each profile" className="-mx-1 mt-2 flex flex-col gap-0.5">
      {work.map((line) => {
        const profile = profiles.find((candidate) => candidate.id === line.profileId);
        return (
          <li key={line.profileId}>
            <WorkLine
              work={line}
              name={profile ? visibleText(profile.name) : 'A removed profile'}
              current={line.profileId === shownId}
              onShow={() => {
                if (line.profileId !== shownId) setActive.mutate(line.profileId);
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}
