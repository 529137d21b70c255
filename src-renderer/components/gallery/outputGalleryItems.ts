// Job outputs become gallery tiles one way, whether one job's (the outputs tab) or a whole batch's (the batch
// gallery); only how a tile is keyed and whether it names its job differ.
import type { JobOutput } from '../../../src-shared/contract';
import { assetUrl, thumbUrl } from '../../lib/assetUrl';
import type { GalleryItem, GalleryOrigin } from './galleryItem';

interface OutputTiles<Output extends JobOutput> {
  /** The asset route's base (useAssetBase). */
  base: string;
  profileId: string;
  /** Unique within the gallery but for the same node writing the same asset twice. */
  keyOf: (output: Output) => string;
  /** The job a tile came from, when the gallery shows several jobs' outputs. */
  originOf?: (output: Output) => GalleryOrigin;
}

/** The outputs as gallery items, in the order given, bytes from the asset route. */
export function outputGalleryItems<Output extends JobOutput>(
  outputs: readonly Output[],
  { base, profileId, keyOf, originOf }: OutputTiles<Output>,
): GalleryItem[] {
  const seen = new Map<string, number>();
  return outputs.map((output) => {
    const key = keyOf(output);
    // The same node writing the same asset twice is odd but possible: each still gets its own tile.
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return {
      key: count === 0 ? key : `${key}#${count}`,
      profileId,
      assetId: output.assetId,
      name: output.name,
      kind: output.type,
      contentType: output.contentType,
      sizeBytes: output.sizeBytes,
      hash: output.hash,
      url: assetUrl(base, profileId, output.assetId),
      previewUrl: thumbUrl(base, profileId, output.assetId),
      ...(originOf ? { origin: originOf(output) } : {}),
    };
  });
}
