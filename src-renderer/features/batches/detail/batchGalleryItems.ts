import type { BatchDetail } from '../../../../src-shared/contract';
import type { GalleryItem } from '../../../components/gallery/galleryItem';
import { outputGalleryItems } from '../../../components/gallery/outputGalleryItems';

/**
 * Every output of a batch as gallery items, in the batch's order (item by item, then each job's own order),
 * each naming the job it came from ("#2 · <job id>", #2 being the item's place in the batch).
 */
export function batchGalleryItems(batch: BatchDetail, profileId: string, base: string): GalleryItem[] {
  const positionOf = new Map<string, number>();
  for (const item of batch.items) {
    if (item.jobId !== null && !positionOf.has(item.jobId)) positionOf.set(item.jobId, item.position);
  }
  return outputGalleryItems(batch.outputs, {
    base,
    profileId,
    keyOf: (output) => `${output.jobId}/${output.nodeId}/${output.assetId}`,
    originOf: (output) => {
      const position = positionOf.get(output.jobId);
      return {
        jobId: output.jobId,
        label: position === undefined ? output.jobId : `#${position + 1} · ${output.jobId}`,
      };
    },
  });
}
