import type { JobOutput, JobSnapshot } from '../../../../../src-shared/contract';
import type { GalleryItem } from '../../../../components/gallery/galleryItem';
import { outputGalleryItems } from '../../../../components/gallery/outputGalleryItems';

/** A job's outputs (those loaded) as gallery items, in the order the service lists them, bytes from the asset route. */
export function outputItems(job: JobSnapshot, outputs: readonly JobOutput[], base: string): GalleryItem[] {
  return outputGalleryItems(outputs, {
    base,
    profileId: job.profileId,
    keyOf: (output) => `${output.nodeId}/${output.assetId}`,
  });
}
