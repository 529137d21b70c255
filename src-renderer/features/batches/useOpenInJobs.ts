import { useCallback } from 'react';
import { useUiStore } from '../../stores/uiStore';
import { useJobsUi } from '../jobs/jobsUiStore';

/** Opens a job of this profile in the Jobs screen, the job selected and its detail open. */
export function useOpenInJobs(profileId: string): (jobId: string) => void {
  const showJob = useJobsUi((state) => state.showJob);
  const setSection = useUiStore((state) => state.setSection);
  return useCallback(
    (jobId: string) => {
      showJob(profileId, jobId);
      setSection('jobs');
    },
    [showJob, setSection, profileId],
  );
}
