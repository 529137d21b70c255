import { memo, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { BatchItem } from '../../../../src-shared/contract';
import { visibleText } from '../../../lib/visibleText';
import { axisCells } from './itemColumns';
import { ItemState } from './ItemState';
import { ItemTimeCell } from './ItemTimeCell';

/** Every row is this tall: the table is virtualized on it. */
export const ITEM_ROW_HEIGHT = 32;

interface ItemRowProps {
  item: BatchItem;
  targets: readonly string[];
  /** Whether the table has its Time column. */
  showTime: boolean;
  selected: boolean;
  /** Changes with each request to show the selected row; the row takes the focus once per request. */
  focusNonce: number | null;
  /** The item that should take the focus when its row is drawn (it may be drawn only after the scroll). */
  pendingFocus: RefObject<string | null>;
  /** 1-based, counting the header row, for assistive tech: only some rows are in the DOM. */
  rowIndex: number;
  onOpenJob: (jobId: string) => void;
}

function outputsText(item: BatchItem): string {
  const count = item.job?.outputsCount;
  return count === null || count === undefined ? '—' : String(count);
}

function JobLink({ jobId, onOpenJob }: { jobId: string | null; onOpenJob: (jobId: string) => void }) {
  if (jobId === null) return <span className="text-faint">no job yet</span>;
  const shown = visibleText(jobId);
  return (
    <button
      type="button"
      className="block max-w-full truncate font-mono text-[11px] text-accent hover:underline"
      title={`Open job ${shown} in Jobs`}
      data-testid="item-job"
      onClick={() => onOpenJob(jobId)}
    >
      {shown}
    </button>
  );
}

function itemStateKey(item: BatchItem): string {
  return item.submission === 'created' ? (item.job?.status ?? 'unknown') : item.submission;
}

/** One submission: its number, its values on the axes, where it stands, how often it was sent, its job. */
export const ItemRow = memo(function ItemRow({
  item,
  targets,
  showTime,
  selected,
  focusNonce,
  pendingFocus,
  rowIndex,
  onOpenJob,
}: ItemRowProps) {
  const row = useRef<HTMLTableRowElement>(null);
  const cells = useMemo(() => axisCells(item, targets), [item, targets]);
  useEffect(() => {
    if (!selected || pendingFocus.current !== item.id) return;
    pendingFocus.current = null;
    row.current?.focus({ preventScroll: true });
  }, [selected, focusNonce, pendingFocus, item.id]);

  return (
    <tr
      ref={row}
      tabIndex={selected ? -1 : undefined}
      aria-rowindex={rowIndex}
      aria-current={selected ? 'true' : undefined}
      className={`border-b border-line/60 outline-none focus-visible:ring-1 focus-visible:ring-accent ${
        selected ? 'bg-accent/15' : 'hover:bg-hover/40'
      }`}
      style={{ height: ITEM_ROW_HEIGHT }}
      data-testid="batch-item"
      data-item-id={item.id}
      data-position={item.position}
      data-state={itemStateKey(item)}
      data-selected={selected ? '' : undefined}
    >
      <td className="py-1 pr-2 pl-4 text-right text-faint tabular-nums">{item.position + 1}</td>
      {cells.map((cell, index) => (
        <td
          key={targets[index]}
          className="truncate px-2 py-1 text-muted tabular-nums"
          title={cell.title}
          data-testid="item-value"
        >
          {cell.text}
        </td>
      ))}
      <td className="px-2 py-1">
        <ItemState item={item} />
      </td>
      <td
        className="px-2 py-1 text-right text-muted tabular-nums"
        title={item.attempts === 1 ? 'Sent once' : `Sent ${item.attempts} times`}
      >
        {item.attempts === 0 ? '—' : item.attempts}
      </td>
      {showTime ? (
        <td className="truncate px-2 py-1 text-right text-muted tabular-nums">
          <ItemTimeCell job={item.job} />
        </td>
      ) : null}
      <td className="px-2 py-1 text-right text-muted tabular-nums">{outputsText(item)}</td>
      <td className="py-1 pr-4 pl-2">
        <JobLink jobId={item.jobId} onOpenJob={onOpenJob} />
      </td>
    </tr>
  );
});
