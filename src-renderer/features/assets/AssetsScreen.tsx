import { AssetsIcon } from '../../components/icons';
import { NoConnectionChosen } from '../../components/NoConnectionChosen';
import { useActiveProfileId } from '../../hooks/useActiveProfileId';
import { AssetsView } from './AssetsView';

/** Assets belong to a profile: with none chosen, say so and point to where one is chosen. */
export function AssetsScreen() {
  const profileId = useActiveProfileId();
  if (profileId === null) {
    return (
      <NoConnectionChosen icon={<AssetsIcon />}>
        Assets live on a service: choose a connection (the local proxy, a managed or serverless profile, or
        the Demo server) and the files you upload and the outputs of its jobs appear here.
      </NoConnectionChosen>
    );
  }
  return <AssetsView profileId={profileId} />;
}
