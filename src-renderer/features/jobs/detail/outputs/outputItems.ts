import type { JobSnapshot } from '../../../../../src-preload/contract';
import type { GalleryItem } from '../../../../components/gallery/galleryItem';
import { assetUrl } from '../../../../lib/assetUrl';

/** A job's outputs as gallery items, in the order the service lists them, bytes from the asset route. */
export function outputItems(job: JobSnapshot, base: string): GalleryItem[] {
  const seen = new Map<string, number>();
  return job.outputs.map((output) => {
    const key = `${output.nodeId}/${output.assetId}`;
    // The same node writing the same asset twice is odd but possible: each still gets its own tile.
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return {
      key: count === 0 ? key : `${key}#${count}`,
      assetId: output.assetId,
      name: output.name,
      kind: output.type,
      contentType: output.contentType,
      sizeBytes: output.sizeBytes,
      hash: output.hash,
      url: assetUrl(base, job.profileId, output.assetId),
    };
  });
}
