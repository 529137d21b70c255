import type { JobWatchEvent } from '../../src-shared/contract';

type PreviewEvent = Extract<JobWatchEvent, { type: 'preview' }>;

export interface PreviewImage {
  jobId: string;
  nodeId: string;
  /** A data: URL (the CSP allows data: images); only raster types an <img> shows without running anything. */
  src: string;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The preview as an image source, or null when it is not a plain raster image in clean base64. */
export function previewImage(event: PreviewEvent): PreviewImage | null {
  const contentType = event.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!IMAGE_TYPES.has(contentType)) return null;
  if (event.dataBase64.length === 0 || !BASE64.test(event.dataBase64)) return null;
  return { jobId: event.jobId, nodeId: event.nodeId, src: `data:${contentType};base64,${event.dataBase64}` };
}
