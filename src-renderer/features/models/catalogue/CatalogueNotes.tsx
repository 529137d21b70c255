import { Button } from '../../../components/Button';
import { errorText } from '../../../components/errorText';
import { InlineError } from '../../../components/InlineError';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { visibleText } from '../../../lib/visibleText';

/** The rows come from Loupe's store because the Router could not be reached: say so, and when they are from. */
export function StaleCatalogueNote({
  fetchedAt,
  reason,
  onRefresh,
}: {
  fetchedAt: string;
  reason: string | null;
  onRefresh: () => void;
}) {
  return (
    <p
      className="border-b border-line bg-state-canceled/10 px-3 py-1.5 text-[11px] text-muted"
      data-testid="catalogue-stale"
      role="status"
    >
      Showing the catalogue as read <RelativeTime iso={fetchedAt} className="text-fg" />: the Router could not
      be reached just now{reason ? ` (${visibleText(reason)})` : ''}.{' '}
      <Button variant="ghost" className="h-5 px-1.5" onClick={onRefresh}>
        Try again
      </Button>
    </p>
  );
}

/** Refresh failed; the rows on screen stay. */
export function RefreshFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const words = errorText(error);
  return (
    <InlineError
      className="border-b border-line px-3 py-2"
      message={`Loupe could not refresh the catalogue: ${words.message}`}
      nextStep={words.nextStep}
      code={words.code}
      actions={
        <Button variant="ghost" className="h-5 px-1.5" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** Nothing to list, or nothing matching. */
export function NoModels({
  filtered,
  unknownKinds,
  onClear,
}: {
  filtered: boolean;
  /** Models left out by the output filter because what they make is not known yet. */
  unknownKinds: number;
  onClear: () => void;
}) {
  return (
    <div className="p-6 text-center text-xs text-muted" role="status" data-testid="no-models">
      {filtered ? (
        <>
          <p>No model matches the search and filters.</p>
          {unknownKinds > 0 ? (
            <p className="mt-1 text-faint">
              {unknownKinds === 1 ? '1 model does' : `${unknownKinds} models do`} not say yet what{' '}
              {unknownKinds === 1 ? 'it makes' : 'they make'}; Loupe learns it when a model’s page is opened.
            </p>
          ) : null}
          <Button variant="ghost" className="mt-2" onClick={onClear}>
            Clear filters
          </Button>
        </>
      ) : (
        <p>The Router lists no models for this connection. Refresh to ask again.</p>
      )}
    </div>
  );
}
