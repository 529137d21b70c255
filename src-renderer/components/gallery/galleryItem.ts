// One thing a gallery shows: an asset's facts and the URL of its bytes on the host's asset route. The job
// detail builds these from a job's outputs; the Assets view and the batch gallery can build them from theirs.
import type { JobOutput } from '../../../src-shared/contract';

export type GalleryKind = JobOutput['type'];

export interface GalleryItem {
  /** Unique within one gallery (an asset can be written by two nodes). */
  key: string;
  /** The profile the asset belongs to: every call about it names this one. */
  profileId: string;
  assetId: string;
  /** Untrusted: shown through visibleText(), never as markup. */
  name: string;
  kind: GalleryKind;
  contentType: string;
  sizeBytes: number | null;
  /** `blake3:<hex>`, or null while the service has not said. */
  hash: string | null;
  /** The bytes on the asset route (lib/assetUrl.ts); never a service URL. */
  url: string;
  /**
   * The library's small thumbnail of it (a WebP made once per hash; a waveform for audio), which a tile
   * shows instead of decoding the original. Absent where there is none to ask for (a Router run's media).
   */
  previewUrl?: string;
  /** The job it came from, when one gallery shows several jobs' outputs (a batch's). */
  origin?: GalleryOrigin;
}

export interface GalleryOrigin {
  jobId: string;
  /** A short plain-text name for the tile, e.g. "Item 2 · <job id>". */
  label: string;
}

/** `blake3:1a2b3c4d…9f0e`: enough to tell two outputs apart at a glance; the full hash is one click away. */
export function shortHash(hash: string): string {
  const colon = hash.indexOf(':');
  const algorithm = colon > 0 ? hash.slice(0, colon + 1) : '';
  const hex = hash.slice(colon + 1);
  return hex.length <= 16 ? hash : `${algorithm}${hex.slice(0, 8)}…${hex.slice(-4)}`;
}

/** What a download is saved as: the last segment of the output's name, in safe characters only. */
export function downloadName(item: Pick<GalleryItem, 'name' | 'assetId'>): string {
  const last = item.name.split(/[\\/]/).pop() ?? '';
  const safe = last
    .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 120)
    .trim();
  return safe || item.assetId.replace(/[^A-Za-z0-9._-]+/g, '_');
}

export const KIND_LABEL: Record<GalleryKind, string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  text: 'Text',
  file: 'File',
  latent: 'Latent',
  unknown: 'Unknown type',
};
