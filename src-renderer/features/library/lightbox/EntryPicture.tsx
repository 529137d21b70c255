import { useState } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { thumbKindOf } from '../../../../src-shared/thumbKind';
import { AssetMedia } from '../../../components/gallery/AssetMedia';
import { thumbUrl } from '../../../lib/assetUrl';
import { useAssetBase } from '../../../queries/assetQueries';
import { entryBytesUrl } from '../tile/entryUrl';

/** The big picture (or player) from the asset route: the original, kept copy first when main has one. */
export function EntryPicture({ entry }: { entry: LibraryEntry }) {
  const base = useAssetBase(entry.profileId);
  const [failed, setFailed] = useState(false);
  if (base.data === undefined) return <p className="text-xs text-muted">Loading…</p>;
  const url = entryBytesUrl(base.data, entry);
  if (entry.type === 'video' || entry.type === 'audio') {
    return (
      <AssetMedia
        url={url}
        // The waveform the library's tile shows, drawn large above the player.
        waveUrl={entry.type === 'audio' ? thumbUrl(base.data, entry.profileId, entry.assetId) : undefined}
        kind={entry.type}
        label={entry.title}
        variant="full"
      />
    );
  }
  // A latent or a text file is not drawn (and is not broken): say what it is and offer the file itself.
  if (thumbKindOf(entry.type, entry.contentType) === null) {
    return (
      <div data-testid="picture-none" className="max-w-sm space-y-2 text-center text-xs text-muted">
        <p className="font-mono tracking-wide text-faint uppercase">{entry.type || 'file'}</p>
        <p>Loupe shows no preview for this kind of output.</p>
        <a href={url} download={entry.name} className="text-accent underline">
          Download {entry.name}
        </a>
      </div>
    );
  }
  if (failed) {
    return (
      <p data-testid="picture-failed" className="max-w-sm text-center text-xs text-muted">
        The original could not be loaded: the service may have forgotten it and no copy is kept. Keep entries
        you care about so they outlive the service's retention.
      </p>
    );
  }
  return (
    <img
      data-testid="lightbox-picture"
      src={url}
      alt={entry.title}
      onError={() => setFailed(true)}
      className="max-h-full max-w-full object-contain"
    />
  );
}
