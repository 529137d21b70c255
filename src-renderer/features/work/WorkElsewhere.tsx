// The status bar's word on work running on profiles the window is not showing ("1 batch sending on Studio");
// a click shows the first of them. Nothing when nothing runs elsewhere.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActiveProfileId } from '../../hooks/useActiveProfileId';
import { visibleText } from '../../lib/visibleText';
import { useSetActiveProfile } from '../../queries/useSetActiveProfile';
import { isRunning, profileNameOf, workQuery } from './workQueries';
import { elsewhereText } from './workWords';

export function WorkElsewhere() {
  const client = useQueryClient();
  const shown = useActiveProfileId();
  const setActive = useSetActiveProfile();
  const work = useQuery(workQuery).data ?? [];
  const elsewhere = work.filter((line) => line.profileId !== shown && isRunning(line));
  const text = elsewhereText(elsewhere, (profileId) => visibleText(profileNameOf(client, profileId)));
  const first = elsewhere.find((line) => line.batchesSending > 0) ?? elsewhere[0];
  if (text === '' || first === undefined) return null;
  return (
    <button
      type="button"
      data-testid="work-elsewhere"
      className="flex items-center gap-1.5 rounded px-1 text-accent hover:underline focus-visible:outline focus-visible:outline-accent"
      title="Show that profile"
      onClick={() => setActive.mutate(first.profileId)}
    >
      <span aria-hidden="true" className="inline-block h-2 w-2 animate-pulse rounded-full bg-state-running" />
      {text}
    </button>
  );
}
