// What bringing outputs over cost, in words: the proof a person sees that bytes the service already held were
// not sent again.
import type { BroughtAsset } from '../../../src-shared/contract';
import { formatBytes } from '../../../src-shared/format';

export function broughtWords(assets: readonly BroughtAsset[]): string {
  const count = assets.length;
  const noun = count === 1 ? 'output' : 'outputs';
  if (assets.every((asset) => asset.how === 'same-profile'))
    return `${count} ${noun}, already on this service.`;
  const sent = assets.reduce((sum, asset) => sum + asset.bytesSent, 0);
  const uploaded = assets.filter((asset) => asset.how === 'uploaded').length;
  if (uploaded === 0) return `${count} ${noun} brought over by hash: 0 bytes sent (the service had them).`;
  return `${count} ${noun} brought over: ${uploaded} uploaded (${formatBytes(sent)}), ${count - uploaded} by hash.`;
}
