import { useCallback, useState } from 'react';
import type { RouterMedia, RouterRunDetail } from '../../../../src-shared/contracts/models';
import { MEDIA_WAIT_MS } from '../modelQueries';
import { formatBytes } from '../../../../src-shared/format';
import { Button } from '../../../components/Button';
import { assetDownloader } from '../../../components/gallery/assetDownloads';
import { GalleryTile } from '../../../components/gallery/GalleryTile';
import { downloadName, KIND_LABEL, type GalleryItem } from '../../../components/gallery/galleryItem';
import { Lightbox } from '../../../components/gallery/Lightbox';
import { Spinner } from '../../../components/Spinner';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { visibleText } from '../../../lib/visibleText';

/** A run's media as gallery items: Loupe saved each one and serves it from its own route. */
export function mediaItems(profileId: string, runId: string, media: readonly RouterMedia[]): GalleryItem[] {
  return media.flatMap((entry) =>
    entry.url === null
      ? []
      : [
          {
            key: `${runId}:${entry.index}`,
            profileId,
            // Not a service asset: a stable name for the tile and the download, within this run.
            assetId: `${runId}.${entry.index}`,
            name: entry.name,
            kind: entry.kind,
            contentType: entry.contentType,
            sizeBytes: entry.sizeBytes,
            hash: null,
            url: entry.url,
          },
        ],
  );
}

function save(items: readonly GalleryItem[]): void {
  void assetDownloader().save(
    items.map((item) => ({
      profileId: item.profileId,
      assetId: item.assetId,
      url: item.url,
      fileName: downloadName(item),
    })),
  );
}

/** Beside the lightbox's stage: what the file is, and Download. */
function MediaAside({ item }: { item: GalleryItem }) {
  return (
    <div className="space-y-4 text-xs">
      <dl className="space-y-2.5">
        <div>
          <dt className="text-[11px] text-faint">Name</dt>
          <dd className="break-all text-fg">
            <VisibleMarks text={visibleText(item.name)} />
          </dd>
        </div>
        <div>
          <dt className="text-[11px] text-faint">Type</dt>
          <dd>
            {KIND_LABEL[item.kind]} <span className="text-muted">· {visibleText(item.contentType)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-[11px] text-faint">Size</dt>
          <dd className="tabular-nums">
            {item.sizeBytes === null ? 'not known' : formatBytes(item.sizeBytes)}
          </dd>
        </div>
      </dl>
      <Button variant="primary" className="w-full justify-center" onClick={() => save([item])}>
        Download
      </Button>
    </div>
  );
}

/**
 * The pictures, sounds and clips a run made, in the app's gallery: tiles (players for audio and video), the
 * lightbox for one at a time, and Download for one or all.
 */
export function RunMedia({
  run,
  profileId,
}: {
  run: Pick<RouterRunDetail, 'runId' | 'media' | 'updatedAt'>;
  profileId: string;
}) {
  const { runId, media } = run;
  // Past the wait, a file still unsaved is said to be so (its link stays in the output), not spun for forever.
  const gaveUp = Date.now() - Date.parse(run.updatedAt) > MEDIA_WAIT_MS;
  const items = mediaItems(profileId, runId, media);
  const saving = media.length - items.length;
  const [openKey, setOpenKey] = useState<string | null>(null);
  const tileOf = useCallback((key: string) => {
    const tile = [...document.querySelectorAll<HTMLElement>('[data-gallery-key]')].find(
      (element) => element.dataset.galleryKey === key,
    );
    return tile?.querySelector<HTMLElement>('[data-tile-open]') ?? null;
  }, []);
  if (media.length === 0) return null;
  return (
    <section aria-label="Media" data-testid="run-media" className="space-y-2">
      <div className="flex items-center gap-3 text-xs">
        <h3 className="font-medium text-fg">Media</h3>
        {items.length > 0 ? (
          <span className="text-muted tabular-nums">
            {items.length} {items.length === 1 ? 'file' : 'files'}
          </span>
        ) : null}
        {saving > 0 ? (
          <span className="flex items-center gap-1.5 text-[11px] text-faint" data-testid="media-saving">
            {gaveUp ? (
              `${saving} ${saving === 1 ? 'file is' : 'files are'} not saved; the output below links to ${saving === 1 ? 'it' : 'them'}.`
            ) : (
              <>
                <Spinner /> {saving} {saving === 1 ? 'file' : 'files'} being saved by Loupe…
              </>
            )}
          </span>
        ) : null}
        <span className="flex-1" />
        {items.length > 0 ? (
          <Button variant="ghost" onClick={() => save(items)}>
            {items.length === 1 ? 'Download' : `Download all ${items.length}`}
          </Button>
        ) : null}
      </div>
      <ul aria-label="Media files" className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-2.5">
        {items.map((item) => (
          <GalleryTile key={item.key} item={item} fresh={false} onOpen={() => setOpenKey(item.key)} />
        ))}
      </ul>
      {openKey !== null && items.some((item) => item.key === openKey) ? (
        <Lightbox
          items={items}
          openKey={openKey}
          onMove={setOpenKey}
          onClose={() => setOpenKey(null)}
          returnFocus={tileOf}
          aside={(item) => <MediaAside item={item} />}
        />
      ) : null}
    </section>
  );
}
