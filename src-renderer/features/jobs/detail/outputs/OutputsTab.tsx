import type { JobSnapshot } from '../../../../../src-preload/contract';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { Spinner } from '../../../../components/Spinner';
import { useAssetBase } from '../../../../queries/assetQueries';
import { isTerminalStatus } from '../../../../queries/jobQueries';
import { outputItems } from './outputItems';
import { OutputsGallery } from './OutputsGallery';
import { usePendingHashes } from './usePendingHashes';

/**
 * The job's outputs as a gallery. The job's cache entry is kept live (useJobLive), so outputs written during
 * the run arrive here as they land.
 */
export function OutputsTab({ job }: { job: JobSnapshot }) {
  const base = useAssetBase();
  usePendingHashes(job);
  const writing = !isTerminalStatus(job.status);
  if (job.outputs.length === 0) {
    return (
      <div role="status" className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-xs">
        {writing ? (
          <>
            <p className="text-muted">Outputs appear here as the job writes them.</p>
            {job.status === 'running' ? (
              <p className="flex items-center gap-1.5 text-[11px] text-faint">
                <Spinner className="text-state-running" /> Waiting for the first one…
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-muted">This job produced no outputs.</p>
        )}
      </div>
    );
  }
  if (base.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 p-4 text-xs text-muted">
        <Spinner /> Loading the outputs…
      </p>
    );
  }
  if (base.isError) {
    return (
      <ErrorNotice
        doing="find where this window loads output files from"
        error={base.error}
        onRetry={() => void base.refetch()}
      />
    );
  }
  return <OutputsGallery key={job.id} items={outputItems(job, base.data)} writing={writing} />;
}
