import { EmptyState } from '../../components/EmptyState';
import { Button } from '../../components/Button';
import { AssetsIcon } from '../../components/icons';
import { useActiveProfileId } from '../../hooks/useActiveProfileId';
import { useUiStore } from '../../stores/uiStore';
import { AssetsView } from './AssetsView';

/** Assets belong to a profile: with none chosen, say so and point to where one is chosen. */
export function AssetsScreen() {
  const profileId = useActiveProfileId();
  const setSection = useUiStore((state) => state.setSection);
  if (profileId === null) {
    return (
      <EmptyState
        icon={<AssetsIcon />}
        title="No connection chosen"
        actions={
          <Button variant="primary" onClick={() => setSection('jobs')}>
            Choose a connection
          </Button>
        }
      >
        Assets live on a service: choose a connection (the local proxy, a managed or serverless profile, or
        the Demo server) and the files you upload and the outputs of its jobs appear here.
      </EmptyState>
    );
  }
  return <AssetsView profileId={profileId} />;
}
