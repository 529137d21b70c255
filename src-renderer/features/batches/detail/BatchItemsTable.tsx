import type { BatchItem } from '../../../../src-shared/contract';
import { visibleText } from '../../../lib/visibleText';
import { ItemState } from './ItemState';

interface BatchItemsTableProps {
  items: readonly BatchItem[];
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

/** One row per submission, in batch order: where it stands, and the job it became (a click opens it). */
export function BatchItemsTable({ items, onOpenJob }: BatchItemsTableProps) {
  if (items.length === 0) {
    return <p className="px-4 py-3 text-xs text-muted">This batch has no items.</p>;
  }
  return (
    <table
      className="w-full table-fixed border-collapse text-xs"
      aria-label="Items"
      data-testid="batch-items"
    >
      <thead className="sticky top-0 z-10 bg-panel text-left text-[11px] text-faint">
        <tr className="border-b border-line">
          <th scope="col" className="w-12 py-1.5 pr-2 pl-4 text-right font-normal">
            #
          </th>
          <th scope="col" className="w-[40%] px-2 py-1.5 font-normal">
            State
          </th>
          <th scope="col" className="px-2 py-1.5 font-normal">
            Job
          </th>
          <th scope="col" className="w-16 py-1.5 pr-4 pl-2 text-right font-normal">
            Outputs
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr
            key={item.id}
            className="h-8 border-b border-line/60 hover:bg-hover/40"
            data-testid="batch-item"
            data-position={item.position}
            data-state={item.submission === 'created' ? (item.job?.status ?? 'unknown') : item.submission}
          >
            <td className="py-1 pr-2 pl-4 text-right text-faint tabular-nums">{item.position + 1}</td>
            <td className="px-2 py-1">
              <ItemState item={item} />
            </td>
            <td className="px-2 py-1">
              <JobLink jobId={item.jobId} onOpenJob={onOpenJob} />
            </td>
            <td className="py-1 pr-4 pl-2 text-right text-muted tabular-nums">{outputsText(item)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
