import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JobsIcon } from '../../components/icons';
import { useLoupe } from '../../lib/loupeContext';
import { profilesQuery } from '../../queries/appQueries';
import { useSetActiveProfile } from '../../queries/useSetActiveProfile';
import { useUiStore } from '../../stores/uiStore';

/** Until the job list lands (issue 5) this is the first-run screen: where jobs will appear and how to start. */
export function JobsScreen() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const setActive = useSetActiveProfile();
  const setSection = useUiStore((state) => state.setSection);
  if (profiles.isError) {
    return (
      <ErrorNotice
        doing="load your profiles"
        error={profiles.error}
        onRetry={() => void profiles.refetch()}
      />
    );
  }
  const list = profiles.data;
  const active = list?.profiles.find((profile) => profile.id === list.activeProfileId);
  const local = list?.profiles.find((profile) => profile.builtIn === 'local');
  const demo = list?.profiles.find((profile) => profile.builtIn === 'demo');
  return (
    <EmptyState
      icon={<JobsIcon />}
      title="No jobs yet"
      actions={
        <>
          {local ? (
            <Button
              variant={active?.id === local.id ? 'secondary' : 'primary'}
              onClick={() => setActive.mutate(local.id)}
            >
              Connect to the local proxy
            </Button>
          ) : null}
          <Button onClick={() => setSection('settings')}>Add a managed or serverless profile</Button>
          {demo ? <Button onClick={() => setActive.mutate(demo.id)}>Try the Demo server</Button> : null}
        </>
      }
    >
      Jobs you submit or watch on <strong className="text-fg">{active?.name ?? 'this profile'}</strong> appear
      here, newest first, with live progress. Connect to the local proxy at{' '}
      <span className="font-mono">127.0.0.1:8189</span>, add a profile for the managed service or a serverless
      deployment, or look around with the Demo server.
    </EmptyState>
  );
}
