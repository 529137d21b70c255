import type { ReactNode } from 'react';
import type { BatchDetail, BatchFailureGroup } from '../../../../src-shared/contract';
import { Button, LinkButton } from '../../../components/Button';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import { errorText } from '../../../components/errorText';
import { plural } from '../batchCounts';
import { useBatchFailures, useRetryFailed } from './batchFailures';
import { FailureGroupRow } from './FailureGroupRow';

interface BatchFailuresProps {
  profileId: string;
  batch: BatchDetail;
  /** When the batch was last read: the groups follow it. */
  batchReadAt: number;
  onSelectItem: (itemId: string) => void;
}

/** Items a retry of each code sends again (a code can head more than one group, with different messages). */
function itemsByCode(groups: readonly BatchFailureGroup[]): Map<string, number> {
  const byCode = new Map<string, number>();
  for (const group of groups) byCode.set(group.code, (byCode.get(group.code) ?? 0) + group.itemIds.length);
  return byCode;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label="Failures"
      data-testid="batch-failures"
      className="flex max-h-[30%] shrink-0 flex-col border-b border-line"
    >
      {children}
    </section>
  );
}

/** What failed, grouped by error, each group with Retry these; Retry all failed above them. */
export function BatchFailures({ profileId, batch, batchReadAt, onSelectItem }: BatchFailuresProps) {
  const { query, enabled } = useBatchFailures(profileId, batch.id, batch.counts, batchReadAt);
  const retry = useRetryFailed(profileId, batch.id);
  if (!enabled) return null;
  const groups = query.data;
  if (groups === undefined) {
    return (
      <Shell>
        {query.isError ? (
          <InlineError
            className="px-4 py-2"
            message={`Loupe could not read this batch’s failures: ${errorText(query.error).message}`}
            code={errorText(query.error).code}
            actions={<LinkButton onClick={() => void query.refetch()}>Try again</LinkButton>}
          />
        ) : (
          <p className="flex items-center gap-2 px-4 py-2 text-xs text-muted" data-testid="failures-loading">
            <Spinner /> Reading the failures…
          </p>
        )}
      </Shell>
    );
  }
  if (groups.length === 0) return null;
  const total = groups.reduce((sum, group) => sum + group.itemIds.length, 0);
  const byCode = itemsByCode(groups);
  const retryingCode = retry.isPending ? retry.variables : undefined;
  const answered = retry.isSuccess ? retry.data.retried : null;
  return (
    <Shell>
      <header className="flex shrink-0 items-center gap-2 px-4 pt-2 pb-1">
        <h3 className="text-xs font-semibold text-fg">Failures</h3>
        <span className="text-[11px] text-muted tabular-nums" data-testid="failures-summary">
          {plural(total, 'item')}
          {groups.length > 1 ? ` in ${groups.length} groups` : ''}
        </span>
        <span role="status" className="min-w-0 flex-1 truncate text-[11px] text-muted">
          {answered === 0 ? 'Nothing was sent again: those items are already on their way.' : null}
        </span>
        <Button
          aria-busy={retryingCode === null}
          aria-disabled={retry.isPending}
          data-testid="retry-all-failed"
          onClick={() => {
            if (!retry.isPending) retry.mutate(null);
          }}
        >
          {retryingCode === null ? (
            <>
              <Spinner />
              Retrying…
            </>
          ) : (
            'Retry all failed'
          )}
        </Button>
      </header>
      {retry.isError ? (
        <InlineError
          className="px-4 pb-1"
          message={`Loupe could not send them again: ${errorText(retry.error).message}`}
          nextStep={errorText(retry.error).nextStep}
          code={errorText(retry.error).code}
          actions={<LinkButton onClick={() => retry.reset()}>Dismiss</LinkButton>}
        />
      ) : null}
      {query.isError ? (
        <p className="px-4 pb-1 text-[11px] text-muted">
          These groups may be out of date: the last read failed ({errorText(query.error).message}).
        </p>
      ) : null}
      <ul className="min-h-0 overflow-y-auto" aria-label="Failure groups">
        {groups.map((group) => (
          <FailureGroupRow
            key={`${group.code}\n${group.message}`}
            group={group}
            retryCount={byCode.get(group.code) ?? group.itemIds.length}
            retrying={retryingCode === group.code}
            blocked={retry.isPending}
            onRetry={(code) => retry.mutate(code)}
            onSelectItem={onSelectItem}
          />
        ))}
      </ul>
    </Shell>
  );
}
