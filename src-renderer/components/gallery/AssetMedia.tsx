import { useState } from 'react';
import { useAssetAttempt } from './useAssetAttempt';

interface AssetMediaProps {
  url: string;
  /** The library's waveform of the sound (its thumbnail), drawn above the player; a quiet glyph without. */
  waveUrl?: string | undefined;
  kind: 'audio' | 'video';
  /** Read by screen readers: the output's name. */
  label: string;
  variant: 'thumb' | 'full';
}

/**
 * A player for audio or video from the asset route. The route passes Range through, so the native controls
 * seek without downloading the whole file; only metadata loads until the user presses play.
 */
export function AssetMedia({ url, waveUrl, kind, label, variant }: AssetMediaProps) {
  const { src, onError, broken } = useAssetAttempt(url, variant === 'thumb');
  if (broken) return broken;
  if (kind === 'video') {
    return (
      <video
        key={src}
        src={src}
        controls
        preload="metadata"
        playsInline
        aria-label={label}
        onError={onError}
        className={variant === 'thumb' ? 'h-full w-full bg-black object-contain' : 'max-h-full max-w-full'}
      />
    );
  }
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-3 px-2">
      {waveUrl === undefined ? (
        <WaveGlyph large={variant === 'full'} />
      ) : (
        <Waveform url={waveUrl} large={variant === 'full'} />
      )}
      <audio
        key={src}
        src={src}
        controls
        preload="metadata"
        aria-label={label}
        onError={onError}
        className={variant === 'thumb' ? 'h-8 w-full' : 'w-full max-w-xl'}
      />
    </div>
  );
}

/** The sound's own waveform (made in main from its samples); the quiet glyph while or if it cannot load. */
function Waveform({ url, large }: { url: string; large: boolean }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (state === 'failed') return <WaveGlyph large={large} />;
  return (
    <img
      src={url}
      alt=""
      data-testid="waveform"
      data-load-state={state}
      decoding="async"
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
      className={`w-full object-contain ${large ? 'h-24 max-w-xl' : 'h-10'} ${
        state === 'loaded' ? 'opacity-100' : 'opacity-0'
      }`}
    />
  );
}

/** A quiet picture of sound, so an audio tile reads as audio before anything plays. */
function WaveGlyph({ large }: { large: boolean }) {
  const bars = [3, 6, 10, 7, 12, 5, 9, 4, 8, 11, 6, 3];
  return (
    <span aria-hidden="true" className={`flex items-center gap-[3px] text-faint ${large ? 'h-16' : 'h-8'}`}>
      {bars.map((height, index) => (
        <span
          key={index}
          className="w-[3px] rounded-full bg-current"
          style={{ height: `${(height / 12) * 100}%` }}
        />
      ))}
    </span>
  );
}
