// Feeds every read of the batch list to the finish notices (batchFinishNotices.ts). It reads the list with
// the same query as the Batches screen, so while mounted it also keeps the list polled while a batch runs.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLoupe } from '../../lib/loupeContext';
import { batchListQuery } from '../../queries/batchQueries';
import { profileNameOf } from '../work/workQueries';
import { batchFinishNotices, type BatchFinishNotices } from './batchFinishNotices';

export function useBatchFinishNotices(
  profileId: string,
  notices: BatchFinishNotices = batchFinishNotices,
): void {
  const loupe = useLoupe();
  const client = useQueryClient();
  const batches = useQuery(batchListQuery(loupe, profileId)).data;
  useEffect(() => {
    if (batches !== undefined) notices.observe(profileId, batches, profileNameOf(client, profileId));
  }, [batches, profileId, notices, client]);
}
