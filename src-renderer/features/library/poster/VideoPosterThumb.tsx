import { useEffect, useState } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { useLoupe } from '../../../lib/loupeContext';
import { withAttempt } from '../../../lib/assetUrl';
import { entryBytesUrl } from '../tile/entryUrl';
import { thumbUrl } from '../tile/thumbUrl';
import { posterFor } from './posterQueue';

type PosterState = 'drawing' | 'ready' | 'failed';

/**
 * A video tile with no thumbnail yet: the window draws the first frame and hands it to main, then shows main's
 * thumbnail of it (asked again, since the route refused this video before the frame existed).
 */
export function VideoPosterThumb({ entry, base }: { entry: LibraryEntry; base: string }) {
  const loupe = useLoupe();
  const [state, setState] = useState<PosterState>('drawing');
  useEffect(() => {
    let live = true;
    void posterFor(loupe, entry.entryId, entryBytesUrl(base, entry)).then((ok) => {
      if (live) setState(ok ? 'ready' : 'failed');
    });
    return () => {
      live = false;
    };
  }, [loupe, base, entry]);
  if (state === 'ready') {
    return (
      <img
        data-testid="video-poster"
        src={withAttempt(thumbUrl(base, entry.profileId, entry.assetId), 1)}
        alt=""
        draggable={false}
        decoding="async"
        onError={() => setState('failed')}
        className="h-full w-full object-contain"
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
