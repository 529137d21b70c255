import { useState } from 'react';
import { useThumbFirst } from '../../../lib/useThumbFirst';

interface SheetThumbProps {
  /** The picture's thumbnail. */
  url: string;
  /** The picture itself, loaded only when its thumbnail will not load (the library has not read it yet). */
  fallbackUrl: string | null;
  /** Names the cell's values, so a screen reader hears which variation this is. */
  alt: string;
  /** The cell's inner size in CSS pixels: set on the img, so nothing moves while a thousand of them load. */
  size: number;
}

/**
 * One cell's picture: fetched only when it scrolls near (lazy), decoded off the main thread, fitted whole
 * into its square. No fade-in: flipping between pages to compare them must show each page at once, not
 * brighten it. A failed load says so in words; the lightbox (a click away) has Retry and the reason.
 */
export function SheetThumb({ url: thumb, fallbackUrl, alt, size }: SheetThumbProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'broken'>('loading');
  const picture = useThumbFirst(thumb, fallbackUrl);
  const url = picture.src ?? thumb;
  if (state === 'broken') {
    return (
      <span className="flex h-full w-full items-center justify-center p-2 text-center text-[11px] text-muted">
        Image did not load
      </span>
    );
  }
  return (
    <>
      {state === 'loading' ? (
        <span aria-hidden="true" className="absolute inset-0 animate-pulse bg-hover/50" />
      ) : null}
      <img
        src={url}
        alt={alt}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        draggable={false}
        data-load-state={state}
        onLoad={() => setState('loaded')}
        onError={() => {
          if (!picture.movedOn()) setState('broken');
        }}
        className="relative h-full w-full object-contain"
      />
    </>
  );
}
