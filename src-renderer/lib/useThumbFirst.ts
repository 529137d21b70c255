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

export function useThumbFirst(thumb: string | null | undefined, original: string | null): ThumbFirst {
  // The thumbnail that would not load: tied to its URL, so a new picture starts from its thumbnail again.
  const [failed, setFailed] = useState<string | null>(null);
  const onOriginal = thumb == null || (failed === thumb && original !== null);
  const src = onOriginal ? original : thumb;
  return {
    src,
    movedOn: () => {
      if (onOriginal || original === null) return false;
      setFailed(thumb);
      return true;
    },
  };
}
