import { useQuery } from '@tanstack/react-query';
import { formatBytes } from '../../../../src-shared/format';
import { useLoupe } from '../../../lib/loupeContext';
import { profilesQuery } from '../../../queries/appQueries';
import { libraryKeepStatusQuery } from '../libraryQueries';
import { BudgetForm } from './BudgetForm';
import { KeepRuleRow } from './KeepRuleRow';

/** Used against the budget, as a bar and in numbers. */
function UsedBar({ used, budget }: { used: number; budget: number | null }) {
  const share = budget === null ? 0 : Math.min(1, used / budget);
  return (
    <div>
      <div
        className="h-2 overflow-hidden rounded bg-raised"
        role="meter"
        aria-label="Library folder used"
        aria-valuemin={0}
        aria-valuemax={budget ?? used}
        aria-valuenow={used}
      >
        <div
          className={`h-full ${share >= 0.9 ? 'bg-state-failed' : 'bg-accent'}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-muted tabular-nums" data-testid="keep-used">
        {formatBytes(used)} used{budget === null ? ', no budget set' : ` of ${formatBytes(budget)}`}
      </p>
    </div>
  );
}

/** Settings › Library: what is kept automatically per profile, the disk budget, and what is used. */
export function KeepSettings() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const status = useQuery(libraryKeepStatusQuery(loupe));
  return (
    <div className="space-y-3 px-3 py-2 text-xs" data-testid="keep-settings">
      <div>
        <h3 className="mb-1 font-medium">Keep automatically</h3>
        <p className="mb-1 text-muted">
          A kept output is copied to this computer, so it outlives the service's retention and opens offline.
        </p>
        {(profiles.data?.profiles ?? []).map((profile) => (
          <KeepRuleRow key={profile.id} profileId={profile.id} name={profile.name} />
        ))}
      </div>
      {status.data === undefined ? (
        <p className="text-muted">
          {status.isError
            ? `Loupe could not read the library folder. ${status.error.message}`
            : 'Reading the library folder…'}
        </p>
      ) : (
        <div className="space-y-2">
          <UsedBar used={status.data.usedBytes} budget={status.data.budgetBytes} />
          <p className="text-muted tabular-nums">
            {status.data.keptEntries.toLocaleString()} kept · {status.data.queued.toLocaleString()} waiting ·{' '}
            {status.data.failed.toLocaleString()} failed · {status.data.expiringSoon.toLocaleString()}{' '}
            expiring soon
          </p>
          <p className="text-muted">
            Folder:{' '}
            <span className="font-mono text-fg" data-testid="keep-folder">
              {status.data.folder}
            </span>
          </p>
          <BudgetForm budgetBytes={status.data.budgetBytes} />
        </div>
      )}
    </div>
  );
}
