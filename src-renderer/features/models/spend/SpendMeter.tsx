import { useQuery } from '@tanstack/react-query';
import { ThinBar } from '../../../components/ThinBar';
import { useLoupe } from '../../../lib/loupeContext';
import { spendQuery } from '../modelQueries';
import { useModelUpdates } from '../useModelUpdates';
import { creditsText, dollars, spentFraction } from './spendFormat';

/**
 * The status bar's Router meter: committed spend (current of limit, what is left) from the latest response
 * that reported it, and the last run's credits, kept live by models.updates. Low spend is drawn amber.
 */
export function SpendMeter({ profileId }: { profileId: string }) {
  const loupe = useLoupe();
  useModelUpdates();
  const spend = useQuery(spendQuery(loupe, profileId));
  if (!spend.data) return null;
  const { committedSpend, lastCreditsUsed, low, totalCreditsUsed } = spend.data;
  const fraction =
    committedSpend === null ? null : spentFraction(committedSpend.current, committedSpend.limit);
  const tone = low ? 'text-state-canceled' : 'text-muted';
  const title =
    committedSpend === null
      ? 'The Router has not reported committed spend for this profile yet'
      : `Committed spend: ${dollars(committedSpend.current)} of ${dollars(committedSpend.limit)}, ${dollars(committedSpend.remaining)} left` +
        ` · ${creditsText(totalCreditsUsed)} used by runs recorded here`;
  return (
    <span
      className={`flex items-center gap-1.5 tabular-nums ${tone}`}
      data-testid="spend-meter"
      data-low={low ? 'true' : 'false'}
      title={title}
    >
      <span className="text-faint">Router</span>
      {committedSpend === null ? (
        <span className="text-faint">no spend reported yet</span>
      ) : (
        <>
          <ThinBar
            label="Committed spend"
            fraction={fraction ?? 0}
            announced={fraction !== null}
            className="h-1.5 w-12"
            fillClassName={low ? 'bg-state-canceled' : 'bg-accent'}
            data-tone={low ? 'low' : 'ok'}
          />
          <span data-testid="spend-current">
            {dollars(committedSpend.current)} / {dollars(committedSpend.limit)}
          </span>
          <span aria-hidden="true" className="text-faint">
            ·
          </span>
          <span data-testid="spend-remaining" className={low ? 'font-medium' : ''}>
            {dollars(committedSpend.remaining)} left{low ? ' (low)' : ''}
          </span>
        </>
      )}
      {lastCreditsUsed !== null ? (
        <span className="text-faint" data-testid="spend-last-credits">
          · last run {creditsText(lastCreditsUsed)}
        </span>
      ) : null}
    </span>
  );
}
