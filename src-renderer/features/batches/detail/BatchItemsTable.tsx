import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { BatchItem } from '../../../../src-shared/contract';
import { visibleText } from '../../../lib/visibleText';
import { anyItemTime } from './batchTiming';
import { axisTargets } from './itemColumns';
import { ITEM_ROW_HEIGHT, ItemRow } from './ItemRow';

/** The sticky header's height: rows start below it, and a row scrolled to stays out from under it. */
const HEAD_HEIGHT = 28;
/** Column widths in px; the State column takes what is left, at least STATE_MIN. */
const WIDTH = { number: 48, axis: 76, tries: 48, time: 76, outputs: 60, job: 128 } as const;
const STATE_MIN = 128;

/** A request to show one item: the nonce makes a second click on the same item scroll to it again. */
export interface ItemSelection {
  itemId: string;
  nonce: number;
}

interface BatchItemsTableProps {
  items: readonly BatchItem[];
  onOpenJob: (jobId: string) => void;
  selection: ItemSelection | null;
  /** The scrolling pane's size classes. */
  className: string;
}

function Head({ label, className = '', title }: { label: string; className?: string; title?: string }) {
  return (
    <th scope="col" className={`truncate px-2 py-1.5 font-normal ${className}`} title={title}>
      {label}
    </th>
  );
}

/**
 * One row per submission, in batch order: its values on the axes, where it stands, how often it was sent,
 * how long its job took (a column only when some item has a time to show), and the job (a click opens it). Virtualized: a 1,000-item sweep keeps only the
 * rows on screen in the DOM, with spacer rows above and below holding the scroll height.
 */
export function BatchItemsTable({ items, onOpenJob, selection, className }: BatchItemsTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const targets = useMemo(() => axisTargets(items), [items]);
  const showTime = useMemo(() => anyItemTime(items), [items]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ITEM_ROW_HEIGHT,
    overscan: 8,
    paddingStart: HEAD_HEIGHT,
    scrollPaddingStart: HEAD_HEIGHT,
    getItemKey: (index) => items[index]?.id ?? index,
  });

  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  // A layout effect, so the row learns it is to take the focus before its own effect looks.
  useLayoutEffect(() => {
    if (selection === null) return;
    const index = itemsRef.current.findIndex((item) => item.id === selection.itemId);
    if (index < 0) return;
    pendingFocus.current = selection.itemId;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [selection, virtualizer]);

  const pane = `${className} shrink-0 overflow-auto border-b border-line`;
  if (items.length === 0) {
    return (
      <div data-testid="batch-items-pane" className={pane}>
        <p className="px-4 py-3 text-xs text-muted">This batch has no items.</p>
      </div>
    );
  }
  const rows = virtualizer.getVirtualItems();
  // Wider than the pane (many axes), the pane scrolls sideways rather than squeezing every column.
  const minWidth =
    WIDTH.number +
    targets.length * WIDTH.axis +
    STATE_MIN +
    WIDTH.tries +
    (showTime ? WIDTH.time : 0) +
    WIDTH.outputs +
    WIDTH.job;
  const above = (rows[0]?.start ?? HEAD_HEIGHT) - HEAD_HEIGHT;
  const below = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? HEAD_HEIGHT);
  return (
    <div ref={scroller} data-testid="batch-items-pane" className={pane}>
      <table
        className="w-full table-fixed border-collapse text-xs"
        style={{ minWidth }}
        aria-label="Items"
        aria-rowcount={items.length + 1}
        data-testid="batch-items"
      >
        <colgroup>
          <col style={{ width: WIDTH.number }} />
          {targets.map((target) => (
            <col key={target} style={{ width: WIDTH.axis }} />
          ))}
          <col />
          <col style={{ width: WIDTH.tries }} />
          {showTime ? <col style={{ width: WIDTH.time }} /> : null}
          <col style={{ width: WIDTH.outputs }} />
          <col style={{ width: WIDTH.job }} />
        </colgroup>
        <thead className="sticky top-0 z-10 bg-panel text-left text-[11px] text-faint">
          <tr className="border-b border-line" style={{ height: HEAD_HEIGHT }} aria-rowindex={1}>
            <Head label="#" className="pr-2 pl-4 text-right" />
            {targets.map((target) => {
              const shown = visibleText(target);
              return <Head key={target} label={shown} title={shown} className="font-mono" />;
            })}
            <Head label="State" />
            <Head label="Tries" className="text-right" title="How many times the item was sent" />
            {showTime ? (
              <Head label="Time" className="text-right" title="The job’s time from created to completed" />
            ) : null}
            <Head label="Outputs" className="text-right" />
            <Head label="Job" className="pr-4" />
          </tr>
        </thead>
        <tbody>
          {above > 0 ? <tr aria-hidden="true" style={{ height: above }} /> : null}
          {rows.map((row) => {
            const item = items[row.index];
            if (!item) return null;
            const selected = selection?.itemId === item.id;
            return (
              <ItemRow
                key={row.key}
                item={item}
                targets={targets}
                showTime={showTime}
                selected={selected}
                focusNonce={selected ? selection.nonce : null}
                pendingFocus={pendingFocus}
                rowIndex={row.index + 2}
                onOpenJob={onOpenJob}
              />
            );
          })}
          {below > 0 ? <tr aria-hidden="true" style={{ height: below }} /> : null}
        </tbody>
      </table>
    </div>
  );
}
