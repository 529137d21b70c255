import { useState, type ReactNode } from 'react';
import { withAttempt } from '../../lib/assetUrl';
import { BrokenAsset } from './BrokenAsset';

interface AssetAttempt {
  /** The URL to load now (attempt included). */
  src: string;
  /** For the element's onError. */
  onError: () => void;
  /** BrokenAsset with Retry once the load failed, to show in the element's place; null until then. */
  broken: ReactNode;
}

/**
 * Loading asset bytes into an <img>, <audio> or <video>, and trying again: each Retry is a new attempt, so a
 * new URL the browser fetches afresh rather than answering from its memory of the failure.
 */
export function useAssetAttempt(url: string, compact: boolean): AssetAttempt {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const src = withAttempt(url, attempt);
  const broken = failed ? (
    <BrokenAsset
      failedUrl={src}
      compact={compact}
      onRetry={() => {
        setAttempt((count) => count + 1);
        setFailed(false);
      }}
    />
  ) : null;
  return { src, onError: () => setFailed(true), broken };
}
