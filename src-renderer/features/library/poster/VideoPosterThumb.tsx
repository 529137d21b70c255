import { useEffect, useState } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { useLoupe } from '../../../lib/loupeContext';
import { entryBytesUrl } from '../tile/entryUrl';
import { thumbUrl, withAttempt } from '../../../lib/assetUrl';
import { ThumbImage } from '../tile/ThumbImage';
import { posterFor } from './posterQueue';

type PosterState = 'drawing' | 'ready' | 'failed';

/**
 * A video tile. With no thumbnail yet, the window draws the first frame and hands it to main, then shows main's
 * thumbnail of it (asked with a fresh address, since the route refused this video before the frame existed).
 * That picture is kept when main then says the thumbnail is ready: the same address, no second fetch, no blank.
 */
export function VideoPosterThumb({
  entry,
  base,
  onError,
}: {
  entry: LibraryEntry;
  base: string;
  /** The thumbnail main holds could not be loaded. */
  onError: () => void;
}) {
  const loupe = useLoupe();
  // Decided when the tile first shows: whether this window has a frame to draw.
  const [drawnHere] = useState(entry.thumb !== 'ready');
  const [state, setState] = useState<PosterState>(drawnHere ? 'drawing' : 'ready');
  const { entryId } = entry;
  const source = entryBytesUrl(base, entry);
  useEffect(() => {
    if (!drawnHere) return;
    let live = true;
    void posterFor(loupe, entryId, source).then((ok) => {
      if (live) setState(ok ? 'ready' : 'failed');
    });
    return () => {
      live = false;
    };
  }, [loupe, entryId, source, drawnHere]);
  if (state === 'ready') {
    const url = thumbUrl(base, entry.profileId, entry.assetId);
    return (
      <ThumbImage
        testId="video-poster"
        src={drawnHere ? withAttempt(url, 1) : url}
        onError={drawnHere ? () => setState('failed') : onError}
      />
    );
  }
  const words =
    state === 'drawing' ? 'Drawing a poster frame…' : 'No poster frame could be drawn from this video.';
  return (
    <div
      data-testid={state === 'drawing' ? 'poster-drawing' : 'thumb-missing'}
      title={words}
      className="flex h-full w-full flex-col items-center justify-center gap-1 bg-raised p-2 text-center text-[10px] leading-tight text-faint"
    >
      <span className="font-mono tracking-wide uppercase">video</span>
      <span className="line-clamp-3">{words}</span>
    </div>
  );
}
