import { useQuery } from '@tanstack/react-query';
import { useLoupe } from '../../lib/loupeContext';
import { profilesQuery } from '../../queries/appQueries';
import { useUiStore } from '../../stores/uiStore';
import { FirstRun } from '../onboarding/FirstRun';
import { useOnboarding } from '../onboarding/onboardingStore';
import { useConnectLocal, useTryDemo } from '../onboarding/useFirstRunActions';
import { useProfileEditor } from '../settings/profiles/profileEditorStore';
import { JobsView } from './JobsView';
import { QueryErrorNotice } from '../../components/QueryErrorNotice';

/**
 * The first run (no active profile, or a first step under way) offers the three ways to start; with a
 * profile active, the jobs themselves (JobsView).
 */
export function JobsScreen() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const list = profiles.data;
  // Owned here, not by the first-run panel, so a step started from the empty state shows its progress there.
  const connectLocal = useConnectLocal(list);
  const tryDemo = useTryDemo(list);
  const step = useOnboarding((state) => state.step);
  const finishOnboarding = useOnboarding((state) => state.finish);
  const setSection = useUiStore((state) => state.setSection);
  const openAdd = useProfileEditor((state) => state.openAdd);
  const openEdit = useProfileEditor((state) => state.openEdit);

  if (profiles.isError) {
    return <QueryErrorNotice doing="load your profiles" query={profiles} />;
  }
  if (!list) {
    return (
      <p role="status" className="p-6 text-xs text-faint">
        Loading profiles…
      </p>
    );
  }
  const addProfile = () => {
    finishOnboarding();
    openAdd('managed', { activate: true });
    setSection('settings');
  };
  if (list.activeProfileId === null || step !== null) {
    return (
      <FirstRun
        list={list}
        connectLocal={connectLocal}
        tryDemo={tryDemo}
        onAddProfile={addProfile}
        onAddKey={(profileId) => {
          openEdit(profileId);
          setSection('settings');
        }}
      />
    );
  }
  return <JobsView />;
}
