import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/Button';
import { GalleryTile } from '../../../../components/gallery/GalleryTile';
import type { GalleryItem } from '../../../../components/gallery/galleryItem';
import { Lightbox } from '../../../../components/gallery/Lightbox';
import { formatBytes } from '../../../../../src-shared/format';
import { Spinner } from '../../../../components/Spinner';
import { picksOf, SheetLoopActions } from '../../../loop/SheetLoopActions';
import { OutputActions } from './OutputActions';
import { OutputDetails } from './OutputDetails';
import { useDownloadAll } from './useDownloadAll';

interface OutputsGalleryProps {
  /** The outputs drawn: all of them, or those loaded so far (`total` says how many there are). */
  items: readonly GalleryItem[];
  /** How many outputs there are in all, when `items` holds only those loaded so far. */
  total?: number;
  /** Drawn after the tiles: what loads the rest (the job detail's MoreOutputs). */
  more?: ReactNode;
  /** Every item, for "download all" when `items` holds only some. */
  loadAll?: () => Promise<readonly GalleryItem[]>;
  /** The job (or batch) is still running: more outputs may land. */
  writing: boolean;
  /** What to say while `writing`. */
  writingNote?: string;
  /** For outputs of several jobs (items with an origin): open the job one came from. */
  onOpenJob?: (jobId: string) => void;
}

function summary(items: readonly GalleryItem[], total: number): string {
  if (total > items.length)
    return `${total.toLocaleString('en-US')} outputs · ${items.length.toLocaleString('en-US')} shown`;
  const known = items.filter((item) => item.sizeBytes !== null);
  const bytes = known.reduce((sum, item) => sum + (item.sizeBytes ?? 0), 0);
  let count = `${items.length} ${items.length === 1 ? 'output' : 'outputs'}`;
  const jobs = new Set(items.flatMap((item) => (item.origin ? [item.origin.jobId] : [])));
  if (jobs.size > 0) count += ` from ${jobs.size} ${jobs.size === 1 ? 'job' : 'jobs'}`;
  return known.length > 0 ? `${count} · ${formatBytes(bytes)}` : count;
}

/**
 * Tiles for outputs, a lightbox for one at a time, and "download all". The job detail shows one job's; the
 * Batches screen every job's of a batch, each tile naming its job. Keyed by job (or batch) by its parent.
 */
export function OutputsGallery({
  items,
  total = items.length,
  more,
  loadAll,
  writing,
  writingNote = 'more may land while the job runs',
  onOpenJob,
}: OutputsGalleryProps) {
  // The outputs there when the gallery was first drawn; any other tile landed later and animates in.
  const [firstSeen] = useState(() => new Set(items.map((item) => item.key)));
  const [openKey, setOpenKey] = useState<string | null>(null);
  const downloads = useDownloadAll();
  const tileOf = useCallback((key: string) => {
    const tile = [...document.querySelectorAll<HTMLElement>('[data-gallery-key]')].find(
      (element) => element.dataset.galleryKey === key,
    );
    return tile?.querySelector<HTMLElement>('[data-tile-open]') ?? null;
  }, []);
  const open = openKey !== null && items.some((item) => item.key === openKey) ? openKey : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="outputs-gallery">
      <div className="flex h-9 shrink-0 items-center gap-3 border-b border-line px-3 text-xs">
        <span className="text-muted tabular-nums">{summary(items, total)}</span>
        {writing ? (
          <span className="flex items-center gap-1.5 text-[11px] text-faint">
            <Spinner className="text-state-running" /> {writingNote}
          </span>
        ) : null}
        <span className="flex-1" />
        <Button
          variant="ghost"
          // Not `disabled`: that would drop keyboard focus; start() ignores a second press.
          aria-disabled={downloads.progress !== null}
          onClick={() => downloads.start(loadAll ?? items)}
          title="Save every output to your downloads, one after another"
        >
          {downloads.progress === 'listing'
            ? 'Listing every output…'
            : downloads.progress
              ? `Downloading ${downloads.progress.done} of ${downloads.progress.total}…`
              : total === 1
                ? 'Download'
                : `Download all ${total}`}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <ul
          aria-label="Outputs"
          className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] content-start gap-2.5 p-3"
        >
          {items.map((item) => (
            <GalleryTile
              key={item.key}
              item={item}
              fresh={!firstSeen.has(item.key)}
              onOpen={() => setOpenKey(item.key)}
            />
          ))}
        </ul>
        {more}
      </div>
      {downloads.failure !== null ? (
        <p role="alert" className="border-t border-line px-3 py-1.5 text-xs text-state-failed">
          {downloads.failure}
        </p>
      ) : null}
      {open !== null ? (
        <Lightbox
          items={items}
          openKey={open}
          onMove={setOpenKey}
          onClose={() => setOpenKey(null)}
          returnFocus={tileOf}
          aside={(item) => (
            <div className="space-y-5">
              {/* Outputs of several jobs (a batch's gallery): vary, reuse, and compare with the next picture. */}
              {item.origin === undefined ? null : (
                <SheetLoopActions
                  picture={item}
                  item={undefined}
                  pairs={picksOf(items, new Map())}
                  onLeave={() => setOpenKey(null)}
                />
              )}
              <OutputDetails item={item} onOpenJob={onOpenJob} />
              <OutputActions key={item.key} item={item} />
            </div>
          )}
        />
      ) : null}
    </div>
  );
}
