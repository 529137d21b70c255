import type { BatchDetail } from '../../../../src-preload/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Spinner } from '../../../components/Spinner';
import { useAssetBase } from '../../../queries/assetQueries';
import { OutputsGallery } from '../../jobs/detail/outputs/OutputsGallery';
import { batchGalleryItems } from './batchGalleryItems';
import { usePendingBatchHashes } from './usePendingBatchHashes';

interface BatchGalleryProps {
  batch: BatchDetail;
  profileId: string;
  onOpenJob: (jobId: string) => void;
}

/**
 * Every output of every job of the batch, with the job detail's gallery (tiles, lightbox, download one or
 * all), each tile naming its job. The batch is read again as its jobs change, so outputs land as written.
 */
export function BatchGallery({ batch, profileId, onOpenJob }: BatchGalleryProps) {
  const base = useAssetBase();
  usePendingBatchHashes(batch, profileId);
  if (batch.outputs.length === 0) {
    return (
      <div role="status" className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-xs">
        {batch.finished ? (
          <p className="text-muted">This batch produced no outputs.</p>
        ) : (
          <>
            <p className="text-muted">Outputs appear here as the batch’s jobs write them.</p>
            <p className="flex items-center gap-1.5 text-[11px] text-faint">
              <Spinner className="text-state-running" /> Waiting for the first one…
            </p>
          </>
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
  return (
    <OutputsGallery
      key={batch.id}
      items={batchGalleryItems(batch, profileId, base.data)}
      writing={!batch.finished}
      writingNote="more may land while the batch runs"
      onOpenJob={onOpenJob}
    />
  );
}
