import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { BatchesIcon } from '../../components/icons';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/Spinner';
import { useLoupe } from '../../lib/loupeContext';
import { profilesQuery } from '../../queries/appQueries';
import { useUiStore } from '../../stores/uiStore';
import { BatchesView } from './BatchesView';

/** Batches belong to a profile: with none chosen, say so and point to where one is chosen. */
export function BatchesScreen() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const setSection = useUiStore((state) => state.setSection);
  const profileId = profiles.data?.activeProfileId ?? null;
  if (profiles.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 p-4 text-xs text-muted">
        <Spinner /> Loading profiles…
      </p>
    );
  }
  if (profiles.isError) {
    return (
      <ErrorNotice
        doing="load your profiles"
        error={profiles.error}
        onRetry={() => void profiles.refetch()}
      />
    );
  }
  if (profileId === null) {
    return (
      <EmptyState
        icon={<BatchesIcon />}
        title="No connection chosen"
        actions={
          <Button variant="primary" onClick={() => setSection('jobs')}>
            Choose a connection
          </Button>
        }
      >
        A batch runs one workflow many times (over a folder of inputs or a list of prompts) and keeps every
        submission on disk before it is sent, so nothing is submitted twice or forgotten. Choose a connection
        and its batches and their progress appear here.
      </EmptyState>
    );
  }
  return <BatchesView profileId={profileId} />;
}
