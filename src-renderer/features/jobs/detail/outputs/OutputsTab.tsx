import type { JobSnapshot } from '../../../../../src-shared/contract';
import { OutputsPanel } from '../../../../components/gallery/OutputsPanel';
import { hasSettled, isGone } from '../../../../queries/jobQueries';
import { MoreOutputs } from './MoreOutputs';
import { outputItems } from './outputItems';
import { OutputsGallery } from './OutputsGallery';
import { useJobOutputs } from './useJobOutputs';
import { usePendingHashes } from './usePendingHashes';

/**
 * The job's outputs as a gallery. The job's cache entry is kept live (useJobLive), so outputs written during
 * the run arrive here as they land. A job of more outputs than its snapshot carries shows the first page,
 * and the rest as the gallery is scrolled to its end (or asked).
 */
export function OutputsTab({ job }: { job: JobSnapshot }) {
  usePendingHashes(job);
  const pages = useJobOutputs(job);
  const writing = !hasSettled(job);
  return (
    <OutputsPanel
      profileId={job.profileId}
      count={job.outputsCount}
      writing={writing}
      waiting={writing && job.status === 'running'}
      none={
        isGone(job)
          ? 'Loupe saw no outputs of this job before the service forgot it.'
          : 'This job produced no outputs.'
      }
      coming="Outputs appear here as the job writes them."
    >
      {(base) => (
        <OutputsGallery
          key={job.id}
          items={outputItems(job, pages.outputs, base)}
          total={pages.total}
          loadAll={async () => outputItems(job, await pages.loadAll(), base)}
          more={
            pages.hasMore ? (
              <MoreOutputs
                left={pages.total - pages.outputs.length}
                loading={pages.loading}
                error={pages.error}
                loadMore={pages.loadMore}
              />
            ) : null
          }
          writing={writing}
        />
      )}
    </OutputsPanel>
  );
}
