import { useState } from 'react';
import { assetUrl, thumbUrl } from '../../../lib/assetUrl';
import { useThumbFirst } from '../../../lib/useThumbFirst';
import { useAssetBase } from '../../../queries/assetQueries';

interface AssetThumbProps {
  profileId: string;
  assetId: string;
  contentType: string | null;
  /** The asset's name: an upload's type is often not known yet, and its extension says enough to try. */
  name: string | null;
  /** Accessible name; empty for a thumbnail beside its own name. */
  alt: string;
  size: 'row' | 'detail';
}

const BOX = {
  row: 'h-8 w-8 rounded-sm',
  detail: 'h-48 w-full rounded',
} as const;

/** A little mark for a file with no picture to show: its kind in two or three letters. */
function kindOf(contentType: string | null, name: string | null): string {
  if (contentType === null) return name?.match(/\.([a-z0-9]{1,4})$/i)?.[1]?.toUpperCase() ?? 'FILE';
  const [major = '', minor = ''] = contentType.split(';', 1)[0]?.split('/') ?? [];
  if (major === 'audio') return 'AUD';
  if (major === 'video') return 'VID';
  if (major === 'text' || minor === 'json') return 'TXT';
  return minor.replace(/^x-/, '').slice(0, 4).toUpperCase() || 'FILE';
}

const IMAGE_NAME = /\.(png|jpe?g|webp|gif|avif|bmp)$/i;

/** Worth asking the route for a picture: a failed load falls back to the mark. */
function looksLikeImage(contentType: string | null, name: string | null): boolean {
  if (contentType !== null) return contentType.startsWith('image/');
  return name !== null && IMAGE_NAME.test(name);
}

/**
 * An image asset's picture from the asset route, or a quiet mark with the kind of file for anything else or a
 * picture that would not load. In a row, the library's small thumbnail (`…/thumbs/<assetId>`) rather than
 * the original, which is loaded only when there is no thumbnail (not in the library yet). The box never
 * changes size.
 */
export function AssetThumb({ profileId, assetId, contentType, name, alt, size }: AssetThumbProps) {
  const base = useAssetBase(profileId);
  const [broken, setBroken] = useState(false);
  const picture = useThumbFirst(
    size === 'row' && base.data !== undefined ? thumbUrl(base.data, profileId, assetId) : null,
    base.data === undefined ? null : assetUrl(base.data, profileId, assetId),
  );
  const isImage = looksLikeImage(contentType, name);
  const box = `${BOX[size]} shrink-0 overflow-hidden border border-line bg-raised`;
  if (size === 'detail' && broken) {
    return (
      <p className={`${box} flex items-center justify-center p-4 text-center text-xs text-muted`}>
        No preview: these bytes could not be shown as a picture.
      </p>
    );
  }
  if (!isImage || broken || base.data === undefined) {
    return (
      <span
        aria-hidden={alt === '' ? 'true' : undefined}
        title={broken ? 'The picture could not be loaded' : undefined}
        className={`${box} flex items-center justify-center font-mono text-[9px] text-faint`}
      >
        {kindOf(contentType, name)}
      </span>
    );
  }
  return (
    <span className={`${box} flex items-center justify-center`}>
      <img
        key={picture.src}
        src={picture.src ?? undefined}
        alt={alt}
        loading="lazy"
        decoding="async"
        onError={() => {
          if (!picture.movedOn()) setBroken(true);
        }}
        className="max-h-full max-w-full object-contain"
        data-testid={size === 'detail' ? 'asset-preview' : undefined}
      />
    </span>
  );
}
