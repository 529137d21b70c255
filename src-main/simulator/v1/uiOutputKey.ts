// The key the local workflow server's UI files an output under ("images", "audio", …), shared by the v1
// list item's preview_output.mediaType and the WebSocket's `executed` output map.
import type { OutputType } from '../jobs/jobModel';

const uiKeyByType: Partial<Record<OutputType, string>> = {
  image: 'images',
  video: 'video',
  audio: 'audio',
  text: 'text',
  latent: 'latents',
};

export function uiOutputKey(type: OutputType): string {
  return uiKeyByType[type] ?? 'files';
}
