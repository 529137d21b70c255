import type { BatchDetail } from '../../../../src-shared/contract';
import { OutputsPanel } from '../../../components/gallery/OutputsPanel';
import { OutputsGallery } from '../../jobs/detail/outputs/OutputsGallery';
import { batchGalleryItems } from './batchGalleryItems';

interface BatchGalleryProps {
  batch: BatchDetail;
  profileId: string;
  onOpenJob: (jobId: string) => void;
}

/**
 * Every output of every job of the batch, with the job detail's gallery (tiles, lightbox, download one or
 * all), each tile naming its job. The batch is read again as its jobs change, so outputs land as written
 * (and, once it is finished, until every hash is known: BatchOutputs, whichever view is shown).
 */
export function BatchGallery({ batch, profileId, onOpenJob }: BatchGalleryProps) {
  return (
    <OutputsPanel
      profileId={profileId}
      count={batch.outputs.length}
      writing={!batch.finished}
      waiting={!batch.finished}
      none="This batch produced no outputs."
      coming="Outputs appear here as the batch’s jobs write them."
    >
      {(base) => (
        <OutputsGallery
          key={batch.id}
          items={batchGalleryItems(batch, profileId, base)}
          writing={!batch.finished}
          writingNote="more may land while the batch runs"
          onOpenJob={onOpenJob}
        />
      )}
    </OutputsPanel>
  );
}
