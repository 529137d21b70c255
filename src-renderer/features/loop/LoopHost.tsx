import { useQuery } from '@tanstack/react-query';
import { useLoupe } from '../../lib/loupeContext';
import { profilesQuery } from '../../queries/appQueries';
import { CompareView } from './CompareView';
import { RunWithChangesDialog } from './RunWithChangesDialog';
import { UseAsInputDialog } from './UseAsInputDialog';
import { VaryAroundDialog } from './VaryAroundDialog';

/** The creative loop's overlays, over whichever screen opened them (mounted once, in App). */
export function LoopHost() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const profileId = profiles.data?.activeProfileId ?? null;
  return (
    <>
      {profileId === null ? null : <CompareView scopeProfileId={profileId} />}
      <VaryAroundDialog />
      <RunWithChangesDialog />
      <UseAsInputDialog />
    </>
  );
}
