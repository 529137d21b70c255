// Mounted once by the app, whatever screen is showing: a batch that ends while the user is on Jobs or Assets
// still gets its notice with its counts. It feeds the batch list to the notices, and reads the list again as
// soon as one of Loupe's own jobs ends (a local read), rather than waiting for the list's slow poll.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isTerminalJobStatus } from '../../../src-shared/contract';
import { onJobRows } from '../../hooks/jobRowFeed';
import { useActiveProfileId } from '../../hooks/useActiveProfileId';
import { batchKeys } from '../../queries/batchKeys';
import { useBatchFinishNotices } from './useBatchFinishNotices';

function WatchProfile({ profileId }: { profileId: string }) {
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
  return null;
}

export function BatchFinishWatcher() {
  const profileId = useActiveProfileId();
  return profileId === null ? null : <WatchProfile key={profileId} profileId={profileId} />;
}
