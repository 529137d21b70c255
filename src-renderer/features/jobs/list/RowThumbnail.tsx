import { memo, useState } from 'react';
import { useThumbFirst } from '../../../lib/useThumbFirst';

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
}: RowThumbnailProps) {
  // Tied to the URL it was for, so a row handed another picture starts over instead of keeping old news.
  const [settled, setSettled] = useState<Settled | null>(null);
  const picture = useThumbFirst(thumb, fallbackUrl, inLibrary);
  const url = picture.src;
  const state = url === null ? 'none' : settled?.url !== url ? 'loading' : settled.ok ? 'loaded' : 'failed';
  return (
    <span
      aria-hidden="true"
      data-testid="row-thumbnail"
      data-state={state}
      title={state === 'failed' ? 'The picture could not be loaded' : undefined}
      className="block shrink-0 overflow-hidden rounded-sm border border-line/40 bg-raised"
      style={{ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE }}
    >
      {url !== null && state !== 'failed' ? (
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
            if (!picture.movedOn()) setSettled({ url, ok: false });
          }}
          className={`h-full w-full object-cover transition-opacity duration-150 ${
            state === 'loaded' ? 'opacity-100' : 'opacity-0'
          }`}
        />
      ) : null}
    </span>
  );
});
