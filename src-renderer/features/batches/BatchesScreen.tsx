import { BatchesIcon } from '../../components/icons';
import { LoadingNote } from '../../components/LoadingNote';
import { NoConnectionChosen } from '../../components/NoConnectionChosen';
import { QueryErrorNotice } from '../../components/QueryErrorNotice';
import { useQuery } from '@tanstack/react-query';
import { useLoupe } from '../../lib/loupeContext';
import { profilesQuery } from '../../queries/appQueries';
import { BatchesView } from './BatchesView';
import { NewBatchGate } from './newBatch/NewBatchGate';

/** Batches belong to a profile: with none chosen, say so and point to where one is chosen. */
export function BatchesScreen() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const profileId = profiles.data?.activeProfileId ?? null;
  if (profiles.isPending) {
    return <LoadingNote>Loading profiles…</LoadingNote>;
  }
  if (profiles.isError) {
    return <QueryErrorNotice doing="load your profiles" query={profiles} />;
  }
  if (profileId === null) {
    return (
      <NoConnectionChosen icon={<BatchesIcon />}>
        A batch runs one workflow many times (over a folder of inputs or a list of prompts) and keeps every
        submission on disk before it is sent, so nothing is submitted twice or forgotten. Choose a connection
        and its batches and their progress appear here.
      </NoConnectionChosen>
    );
  }
  return (
    <NewBatchGate profileId={profileId}>
      <BatchesView profileId={profileId} />
    </NewBatchGate>
  );
}
