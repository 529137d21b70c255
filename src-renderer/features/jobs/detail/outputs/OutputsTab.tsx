import type { JobSnapshot } from '../../../../../src-shared/contract';
import { OutputsPanel } from '../../../../components/gallery/OutputsPanel';
import { isTerminalStatus } from '../../../../queries/jobQueries';
import { outputItems } from './outputItems';
import { OutputsGallery } from './OutputsGallery';
import { usePendingHashes } from './usePendingHashes';

/**
 * The job's outputs as a gallery. The job's cache entry is kept live (useJobLive), so outputs written during
 * the run arrive here as they land.
 */
export function OutputsTab({ job }: { job: JobSnapshot }) {
  usePendingHashes(job);
  const writing = !isTerminalStatus(job.status);
  return (
    <OutputsPanel
      profileId={job.profileId}
      count={job.outputs.length}
      writing={writing}
      waiting={job.status === 'running'}
      none="This job produced no outputs."
      coming="Outputs appear here as the job writes them."
    >
      {(base) => <OutputsGallery key={job.id} items={outputItems(job, base)} writing={writing} />}
    </OutputsPanel>
  );
}
