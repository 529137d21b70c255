import { memo, useState } from 'react';
import { withAttempt } from '../../../lib/assetUrl';
import { useThumbFirst } from '../../../lib/useThumbFirst';
import type { PosterDrawer } from './useRowPosterDrawer';

/** The picture's side in CSS pixels: it fits a 50 px row with room to breathe, and never changes it. */
export const THUMBNAIL_SIZE = 40;

interface RowThumbnailProps {
  /** The picture's thumbnail (useThumbnailUrl); null when the row has none to show. */
  url: string | null;
  /**
   * The picture itself, loaded only when its thumbnail will not load (not in the library yet, a kind
   * the thumbnailer refuses): a row shows its picture all the same, as before thumbnails.
   */
  fallbackUrl?: string | null;
  /**
   * Whether the library has read the row's job (useThumbFirst's `ready`): a thumbnail that failed before is
   * asked for again once it has. Undefined where the row cannot tell.
   */
  inLibrary?: boolean;
  /**
   * The video whose poster frame `url` is (a row of a job that made only video): when main has no poster yet,
   * the row draws one with `drawPoster` and asks again. Null or absent for any other picture.
   */
  posterAssetId?: string | null;
  drawPoster?: PosterDrawer;
}

/** A poster this row is drawing (`drawn` null) or has tried to draw, for the video it was for. */
interface PosterAttempt {
  assetId: string;
  drawn: boolean | null;
}

type TileState = 'none' | 'drawing' | 'loading' | 'loaded' | 'failed';

/** What the tile shows: nothing to load, a poster being drawn, the picture loading, loaded, or not to be had. */
function stateOf(url: string | null, poster: PosterAttempt | null, settled: Settled | null): TileState {
  if (url === null) return 'none';
  if (poster?.drawn === null) return 'drawing';
  if (poster?.drawn === false) return 'failed';
  if (settled?.url !== url) return 'loading';
  return settled.ok ? 'loaded' : 'failed';
}

/** The URL the last load answered for, and how. */
interface Settled {
  url: string;
  ok: boolean;
}

/**
 * A job's or batch's picture at the start of its row: people who look at pictures all day find a job by
 * its picture, not its id. A fixed square, so the row keeps its height and its text never shifts. A neutral
 * tile stands in when there is no picture, while one loads, and (quietly: never the browser's broken-image
 * icon) when one would not load. Decorative: the row's text already names the job.
 */
export const RowThumbnail = memo(function RowThumbnail({
  url: thumb,
  fallbackUrl = null,
  inLibrary,
  posterAssetId = null,
  drawPoster,
}: RowThumbnailProps) {
  // Tied to the URL it was for, so a row handed another picture starts over instead of keeping old news.
  const [settled, setSettled] = useState<Settled | null>(null);
  const [attempt, setAttempt] = useState<PosterAttempt | null>(null);
  const picture = useThumbFirst(thumb, fallbackUrl, inLibrary);
  const poster = attempt !== null && attempt.assetId === posterAssetId ? attempt : null;
  // Once drawn, the same thumbnail again under a fresh address: the browser would reuse the refusal.
  const url = poster?.drawn === true && picture.src !== null ? withAttempt(picture.src, 1) : picture.src;
  const state = stateOf(url, poster, settled);
  /** Starts drawing the video's poster after main had none; false when this row has none to draw. */
  const drawsPoster = (): boolean => {
    // Not before the library holds the job (there is no entry to draw for), and once per video.
    if (posterAssetId === null || drawPoster === undefined || inLibrary === false || poster !== null)
      return false;
    const assetId = posterAssetId;
    setAttempt({ assetId, drawn: null });
    void drawPoster(assetId)
      .catch(() => false)
      .then((drawn) => setAttempt((now) => (now?.assetId === assetId ? { assetId, drawn } : now)));
    return true;
  };
  return (
    <span
      aria-hidden="true"
      data-testid="row-thumbnail"
      data-state={state}
      title={
        state === 'failed'
          ? 'The picture could not be loaded'
          : state === 'drawing'
            ? 'Drawing a poster frame…'
            : undefined
      }
      className="block shrink-0 overflow-hidden rounded-sm border border-line/40 bg-raised"
      style={{ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE }}
    >
      {url !== null && state !== 'failed' && state !== 'drawing' ? (
        <img
          // Another picture is another element: a recycled row never shows the last job's picture while
          // its own loads.
          key={url}
          src={url}
          alt=""
          width={THUMBNAIL_SIZE}
          height={THUMBNAIL_SIZE}
          loading="lazy"
          decoding="async"
          onLoad={() => setSettled({ url, ok: true })}
          onError={() => {
            if (!picture.movedOn() && !drawsPoster()) setSettled({ url, ok: false });
          }}
          className={`h-full w-full object-cover transition-opacity duration-150 ${
            state === 'loaded' ? 'opacity-100' : 'opacity-0'
          }`}
        />
      ) : null}
    </span>
  );
});
