import { useState } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { thumbKindOf } from '../../../../src-shared/thumbKind';
import { VideoPosterThumb } from '../poster/VideoPosterThumb';
import { ThumbImage } from './ThumbImage';
import { thumbUrl } from '../../../lib/assetUrl';

/**
 * Says plainly that there is no picture: why, when main said why or the load failed; for a kind that has no
 * preview at all (a latent, a text file), just that, which is not a failure.
 */
function NoThumb({ entry, failedToLoad }: { entry: LibraryEntry; failedToLoad: boolean }) {
  const why =
    entry.thumbMessage ??
    (thumbKindOf(entry.type, entry.contentType) === null
      ? 'No preview for this kind of output.'
      : failedToLoad
        ? 'The thumbnail could not be loaded.'
        : 'No thumbnail yet.');
  return (
    <div
      data-testid="thumb-missing"
      title={why}
      className="flex h-full w-full flex-col items-center justify-center gap-1 bg-raised p-2 text-center text-[10px] leading-tight text-faint"
    >
      <span className="font-mono tracking-wide uppercase">{entry.type || 'file'}</span>
      <span className="line-clamp-3">{why}</span>
    </div>
  );
}

/** The tile's picture from the thumbnail route, or a clear placeholder (with main's reason) when it fails. */
export function TileThumb({ entry, base }: { entry: LibraryEntry; base: string | undefined }) {
  const [failed, setFailed] = useState(false);
  // Only kinds that can have a thumbnail ask main for one.
  if (entry.thumb === 'failed' || failed || thumbKindOf(entry.type, entry.contentType) === null)
    return <NoThumb entry={entry} failedToLoad={failed} />;
  if (base === undefined) return <div className="h-full w-full bg-raised" />;
  // A video has a thumbnail only once the window has drawn its poster frame; a video whose hash main does not
  // know has nowhere to keep one (a Router run's is learnt from its file). It stays in VideoPosterThumb once
  // main says the thumbnail is ready, so the picture the tile drew is kept, not fetched again.
  if (entry.type === 'video' && (entry.hash !== null || entry.source === 'router')) {
    return <VideoPosterThumb entry={entry} base={base} onError={() => setFailed(true)} />;
  }
  return <ThumbImage src={thumbUrl(base, entry.profileId, entry.assetId)} onError={() => setFailed(true)} />;
}
