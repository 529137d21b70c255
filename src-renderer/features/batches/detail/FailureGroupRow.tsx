import type { BatchFailureGroup } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { Spinner } from '../../../components/Spinner';
import { visibleText } from '../../../lib/visibleText';
import { clipText, SUMMARY_CHARS } from '../../jobs/clipText';
import { plural } from '../batchCounts';
import { failureItems } from './failureItems';
import { NOT_SENT } from './batchFailures';

interface FailureGroupRowProps {
  group: BatchFailureGroup;
  /** Items Retry these sends again: every group with this code, which may be more than this one. */
  retryCount: number;
  retrying: boolean;
  /** Another retry is out: this one waits. */
  blocked: boolean;
  onRetry: (code: string) => void;
  onSelectItem: (itemId: string) => void;
}

/** One error and the items it struck: the service's words as text, the items a click away, Retry these. */
export function FailureGroupRow({
  group,
  retryCount,
  retrying,
  blocked,
  onRetry,
  onSelectItem,
}: FailureGroupRowProps) {
  const count = group.itemIds.length;
  const items = failureItems(group);
  const message = visibleText(clipText(group.message, SUMMARY_CHARS));
  const code = visibleText(clipText(group.code, 80));
  const label = retryCount === count ? 'Retry these' : `Retry all ${retryCount} ${code}`;
  return (
    <li
      className="flex min-w-0 items-start gap-3 border-b border-line/60 px-4 py-1.5 last:border-b-0"
      data-testid="failure-group"
      data-code={group.code}
    >
      <span
        className="mt-0.5 min-w-7 shrink-0 rounded bg-state-failed/15 px-1.5 text-center text-[11px] font-semibold text-state-failed tabular-nums"
        title={plural(count, 'item')}
        data-testid="failure-count"
      >
        {count.toLocaleString()}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-baseline gap-2 text-xs">
          <code className="shrink-0 font-mono text-[11px] text-muted" data-testid="failure-code">
            {group.code === NOT_SENT ? 'not sent' : <VisibleMarks text={code} />}
          </code>
          <span className="min-w-0 truncate text-fg" title={message} data-testid="failure-message">
            <VisibleMarks text={message} />
          </span>
        </p>
        <p
          className="mt-0.5 flex flex-wrap items-center gap-x-1 text-[11px] text-faint"
          data-testid="failure-items"
        >
          <span>{count === 1 ? 'Item' : 'Items'}</span>
          {items.named.map((item) => (
            <button
              key={item.itemId}
              type="button"
              className="text-accent tabular-nums hover:underline"
              title={`Show item #${item.number} in the table`}
              onClick={() => onSelectItem(item.itemId)}
            >
              #{item.number}
            </button>
          ))}
          {items.more > 0 ? <span>+{items.more.toLocaleString()} more</span> : null}
        </p>
      </div>
      <Button
        className="shrink-0"
        aria-busy={retrying}
        aria-disabled={blocked}
        aria-label={retryCount === count ? `Retry these ${plural(count, 'item')}` : undefined}
        data-testid="retry-group"
        onClick={() => {
          if (!blocked) onRetry(group.code);
        }}
      >
        {retrying ? (
          <>
            <Spinner />
            Retrying…
          </>
        ) : (
          label
        )}
      </Button>
    </li>
  );
}
