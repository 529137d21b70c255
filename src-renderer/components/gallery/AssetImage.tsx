import { useState } from 'react';
import { useThumbFirst } from '../../lib/useThumbFirst';
import { useAssetAttempt } from './useAssetAttempt';

interface AssetImageProps {
  /** The asset route URL (lib/assetUrl.ts). */
  url: string;
  /**
   * Its small thumbnail, shown instead when given (a tile): the picture itself is loaded only when the
   * thumbnail will not (the library has not read the job yet), and Retry asks for the picture itself.
   */
  previewUrl?: string | undefined;
  alt: string;
  /** thumb: lazy, fitted into its tile; full: the whole picture, as large as fits. */
  variant: 'thumb' | 'full';
}

/**
 * An image from the asset route. Its box never changes size while it loads (no layout jump): a quiet
 * placeholder shows until the bytes decode, and a failure shows BrokenAsset with Retry, never the browser's
 * broken-image icon. Parents key it by asset, so a new asset starts clean.
 */
export function AssetImage({ url, previewUrl, alt, variant }: AssetImageProps) {
  const attempt = useAssetAttempt(url, variant === 'thumb');
  const [loaded, setLoaded] = useState(false);
  const picture = useThumbFirst(previewUrl, attempt.src);
  const { broken } = attempt;
  const src = picture.src ?? attempt.src;
  const onError = () => {
    if (!picture.movedOn()) attempt.onError();
  };

  if (broken) return broken;
  const state = loaded ? 'loaded' : 'loading';
  const fit = variant === 'thumb' ? 'h-full w-full object-contain' : 'max-h-full max-w-full object-contain';
  return (
    <div className="relative flex h-full w-full items-center justify-center" data-load-state={state}>
      {state === 'loading' ? (
        <span aria-hidden="true" className="absolute inset-0 animate-pulse bg-hover/60" />
      ) : null}
      <img
        key={src}
        src={src}
        alt={alt}
        loading={variant === 'thumb' ? 'lazy' : 'eager'}
        decoding="async"
        onLoad={() => setLoaded(true)}
        onError={() => {
          // Retry starts from 'loading' again.
          setLoaded(false);
          onError();
        }}
        className={`relative ${fit} ${variant === 'thumb' ? 'transition-opacity duration-200' : ''} ${
          state === 'loaded' ? 'opacity-100' : 'opacity-0'
        }`}
      />
    </div>
  );
}
