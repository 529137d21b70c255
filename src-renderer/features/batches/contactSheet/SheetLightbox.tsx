import type { BatchItem } from '../../../../src-shared/contract';
import { Lightbox } from '../../../components/gallery/Lightbox';
import { visibleText } from '../../../lib/visibleText';
import { OutputActions } from '../../jobs/detail/outputs/OutputActions';
import { OutputDetails } from '../../jobs/detail/outputs/OutputDetails';
import { axisValueText } from './axisValueText';
import { picksOf, SheetLoopActions } from '../../loop/SheetLoopActions';
import { keyInColumn, type SheetLightboxList } from './sheetLightbox';
import { useVerticalLightboxKeys } from './useVerticalLightboxKeys';

interface SheetLightboxProps {
  list: SheetLightboxList;
  openKey: string;
  rows: number;
  columns: number;
  /** The axis ↑ ↓ move along, for the hint; null with a single row. */
  yTarget: string | null;
  onMove: (key: string) => void;
  onClose: () => void;
  /** The cell of a picture, to give focus back to when the lightbox closes. */
  cellElement: (key: string) => HTMLElement | null;
  onOpenJob: (jobId: string) => void;
}

/** Every value the item was made with, the sheet's axes and the page's alike, whole (there is room here). */
function ItemValues({ item }: { item: BatchItem }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs" data-testid="cell-values">
      {item.values.map(({ target, value }) => {
        const text = axisValueText(value);
        return (
          <div key={target} className="contents">
            <dt className="font-mono text-[11px] text-faint">{visibleText(target)}</dt>
            <dd className="min-w-0 break-words text-fg tabular-nums select-text">{text.title}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The shared Lightbox over the page's pictures, with ↑ ↓ along Y and the item's values beside it. */
export function SheetLightbox({
  list,
  openKey,
  rows,
  columns,
  yTarget,
  onMove,
  onClose,
  cellElement,
  onOpenJob,
}: SheetLightboxProps) {
  useVerticalLightboxKeys(rows > 1, (step) => {
    const next = keyInColumn(list, openKey, step, rows, columns);
    if (next !== null) onMove(next);
  });
  return (
    <Lightbox
      items={list.items}
      openKey={openKey}
      onMove={onMove}
      onClose={onClose}
      returnFocus={cellElement}
      aside={(galleryItem) => {
        const item = list.itemOf.get(galleryItem.key);
        return (
          <div className="space-y-5">
            {item ? (
              <section aria-label="Values" className="space-y-2">
                <ItemValues item={item} />
                <p className="text-[11px] text-faint">
                  ← → move across
                  {yTarget === null ? '' : ` · ↑ ↓ move along ${visibleText(yTarget)}`}
                </p>
              </section>
            ) : null}
            <SheetLoopActions
              picture={galleryItem}
              item={item}
              pairs={picksOf(list.items, list.itemOf)}
              onLeave={onClose}
            />
            <OutputDetails item={galleryItem} onOpenJob={onOpenJob} />
            <OutputActions key={galleryItem.key} item={galleryItem} />
          </div>
        );
      }}
    />
  );
}
