import { useCallback } from 'react';
import { useUiStore } from '../../stores/uiStore';
import { useJobsUi } from '../jobs/jobsUiStore';

/** Opens a job of this profile in the Jobs screen, the job selected and its detail open. */
export function useOpenInJobs(profileId: string): (jobId: string) => void {
  const enterJobsProfile = useJobsUi((state) => state.enterProfile);
  const openJob = useJobsUi((state) => state.openJob);
  const setSection = useUiStore((state) => state.setSection);
  return useCallback(
    (jobId: string) => {
      // The jobs screen starts clean for another profile; say which one first, so the job stays open.
      enterJobsProfile(profileId);
      openJob(jobId);
      setSection('jobs');
    },
    [enterJobsProfile, openJob, setSection, profileId],
  );
}
