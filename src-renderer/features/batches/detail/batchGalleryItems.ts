import type { BatchDetail } from '../../../../src-preload/contract';
import type { GalleryItem } from '../../../components/gallery/galleryItem';
import { assetUrl } from '../../../lib/assetUrl';

/**
 * Every output of a batch as gallery items, in the batch's order (item by item, then each job's own order),
 * each naming the job it came from ("#2 · <job id>", #2 being the item's place in the batch).
 */
export function batchGalleryItems(batch: BatchDetail, profileId: string, base: string): GalleryItem[] {
  const positionOf = new Map<string, number>();
  for (const item of batch.items) {
    if (item.jobId !== null && !positionOf.has(item.jobId)) positionOf.set(item.jobId, item.position);
  }
  const seen = new Map<string, number>();
  return batch.outputs.map((output) => {
    const key = `${output.jobId}/${output.nodeId}/${output.assetId}`;
    // The same node writing the same asset twice is odd but possible: each still gets its own tile.
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    const position = positionOf.get(output.jobId);
    return {
      key: count === 0 ? key : `${key}#${count}`,
      assetId: output.assetId,
      name: output.name,
      kind: output.type,
      contentType: output.contentType,
      sizeBytes: output.sizeBytes,
      hash: output.hash,
      url: assetUrl(base, profileId, output.assetId),
      origin: {
        jobId: output.jobId,
        label: position === undefined ? output.jobId : `#${position + 1} · ${output.jobId}`,
      },
    };
  });
}
