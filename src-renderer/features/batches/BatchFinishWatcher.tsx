// Mounted once by the app, whatever screen is showing: a batch that ends while the user is on Jobs or Assets,
// or on another profile, still gets its notice with its counts and its profile's name. It watches the shown
// profile and every profile with work (profiles.work): it feeds their batch lists to the notices, reads a list
// again as soon as one of Loupe's own jobs ends there (a local read), and follows the row updates of a profile
// not shown, so its single jobs' notices come too.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isTerminalJobStatus } from '../../../src-shared/contract';
import { onJobRows } from '../../hooks/jobRowFeed';
import { useActiveProfileId } from '../../hooks/useActiveProfileId';
import { useJobUpdates } from '../../hooks/useJobUpdates';
import { batchKeys } from '../../queries/batchKeys';
import { isRunning, workQuery } from '../work/workQueries';
import { useBatchFinishNotices } from './useBatchFinishNotices';

/** A profile not shown: its row updates are followed here (the shown one's are, in App). */
function FollowRows({ profileId }: { profileId: string }) {
  useJobUpdates(profileId);
  return null;
}

function WatchProfile({ profileId, shown }: { profileId: string; shown: boolean }) {
  const client = useQueryClient();
  useBatchFinishNotices(profileId);
  useEffect(
    () =>
      onJobRows((rowsProfileId, rows) => {
        if (rowsProfileId !== profileId) return;
        if (!rows.some((row) => row.submittedByUs && isTerminalJobStatus(row.status))) return;
        void client.invalidateQueries({ queryKey: batchKeys.list(profileId), exact: true });
      }),
    [client, profileId],
  );
  return shown ? null : <FollowRows profileId={profileId} />;
}

/** How long a profile stays watched once its work is over: its last batch read must still come in. */
export const WATCH_AFTER_WORK_MS = 60_000;

/** Profiles busy now, and those busy within WATCH_AFTER_WORK_MS (so a batch's end is seen after its work). */
function useRecentlyBusy(): string[] {
  const work = useQuery(workQuery).data;
  const [lastBusy, setLastBusy] = useState<ReadonlyMap<string, number>>(new Map());
  useEffect(() => {
    const now = Date.now();
    setLastBusy((before) => {
      const next = new Map([...before].filter(([, at]) => now - at < WATCH_AFTER_WORK_MS));
      for (const line of work ?? []) {
        if (isRunning(line)) next.set(line.profileId, now);
      }
      return next;
    });
    // Looked at again once the last of them may be let go.
    const timer = setTimeout(
      () =>
        setLastBusy(
          (before) => new Map([...before].filter(([, at]) => Date.now() - at < WATCH_AFTER_WORK_MS)),
        ),
      WATCH_AFTER_WORK_MS,
    );
    return () => clearTimeout(timer);
  }, [work]);
  return [...lastBusy.keys()];
}

export function BatchFinishWatcher() {
  const shown = useActiveProfileId();
  const busy = useRecentlyBusy();
  const watched = [...new Set([...(shown === null ? [] : [shown]), ...busy])];
  return (
    <>
      {watched.map((profileId) => (
        <WatchProfile key={profileId} profileId={profileId} shown={profileId === shown} />
      ))}
    </>
  );
}
