import { useAssetAttempt } from './useAssetAttempt';

interface AssetMediaProps {
  url: string;
  kind: 'audio' | 'video';
  /** Read by screen readers: the output's name. */
  label: string;
  variant: 'thumb' | 'full';
}

/**
 * A player for audio or video from the asset route. The route passes Range through, so the native controls
 * seek without downloading the whole file; only metadata loads until the user presses play.
 */
export function AssetMedia({ url, kind, label, variant }: AssetMediaProps) {
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
      <WaveGlyph large={variant === 'full'} />
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
