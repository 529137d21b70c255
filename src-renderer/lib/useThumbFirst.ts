// A small picture first, the original only when the small one will not load. Grids show the library's
// thumbnail (a WebP made once per hash) instead of decoding each original whole for a little square; the
// thumbnail route answers 404 for an output the library has not read yet, and then the original stands in.
// One rule for every grid (rows, sheet cells, gallery tiles, asset rows).
import { useState } from 'react';

export interface ThumbFirst {
  /** What to load now: the thumbnail, or the original once the thumbnail failed (or when there is none). */
  src: string | null;
  /**
   * For the element's onError: true when it moved on to the original (nothing has failed yet), false when what
   * failed was the last thing to try.
   */
  movedOn(): boolean;
}

/**
 * `ready`: whether the library has read the picture's job, where the caller knows (a job row does: main says
 * so). A thumbnail that failed before the library had read the job is asked for again once it has (the route
 * answers 404 until then); without it, a row drawn early kept the original until it was mounted again. One
 * with no original to fall back on (a sound's waveform) is not asked for until then: nothing is loaded.
 */
export function useThumbFirst(
  thumb: string | null | undefined,
  original: string | null,
  ready?: boolean,
): ThumbFirst {
  // The thumbnail that would not load, and whether the library had read its job then: tied to its URL, so a
  // new picture starts from its thumbnail again, and so does this one once the library has read its job.
  const [failed, setFailed] = useState<{ thumb: string; ready: boolean | undefined } | null>(null);
  const failedNow = failed !== null && failed.thumb === thumb && !(failed.ready === false && ready === true);
  const onOriginal = thumb == null || (failedNow && original !== null);
  const src = onOriginal ? original : original === null && ready === false ? null : thumb;
  return {
    src,
    movedOn: () => {
      if (onOriginal || original === null) return false;
      setFailed({ thumb, ready });
      return true;
    },
  };
}
