import { useQuery } from '@tanstack/react-query';
import { useLoupe } from '../../../lib/loupeContext';
import { spendQuery } from '../modelQueries';
import { dollars } from '../spend/spendFormat';

/** Said next to Run when the committed spend left is low (models.spend's `low`), before anything is sent. */
export function LowSpendNote({ profileId }: { profileId: string }) {
  const loupe = useLoupe();
  const spend = useQuery(spendQuery(loupe, profileId));
  const data = spend.data;
  if (!data?.low) return null;
  const committed = data.committedSpend;
  return (
    <p role="status" className="text-[11px] text-state-canceled" data-testid="low-spend-note">
      Committed spend is low
      {committed?.remaining !== null && committed?.remaining !== undefined
        ? `: ${dollars(committed.remaining)} left${committed.limit === null ? '' : ` of ${dollars(committed.limit)}`}`
        : ''}
      . A run past the limit is refused.
    </p>
  );
}
