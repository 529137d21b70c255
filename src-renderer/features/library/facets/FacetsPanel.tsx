import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { LIBRARY_SOURCES, type LibrarySource } from '../../../../src-shared/contract';
import { useLoupe } from '../../../lib/loupeContext';
import { Button } from '../../../components/Button';
import type { LibraryActions } from '../bulk/useLibraryActions';
import { libraryFacetsQuery } from '../libraryQueries';
import { useLibraryUi } from '../libraryUiStore';
import { DateRange } from './DateRange';
import { FacetChecks, FacetGroup } from './FacetGroup';
import { useSettledFilter } from './useSettledFilter';

const MIN_RATINGS = [5, 4, 3, 2, 1] as const;

/** Where entries came from, in words (main counts them by `source`). */
const SOURCE_LABELS: Readonly<Record<string, string>> = {
  job: 'Jobs',
  router: 'Router runs',
  upload: 'Uploads',
};

function isLibrarySource(value: string): value is LibrarySource {
  return (LIBRARY_SOURCES as readonly string[]).includes(value);
}

/**
 * The facets beside the grid: what to narrow by, with main's counts under the current filter. Drawn again
 * for its own reasons (the filter, the counts), not every time the grid's results come in.
 */
export const FacetsPanel = memo(function FacetsPanel({ actions }: { actions: LibraryActions }) {
  const loupe = useLoupe();
  const picks = useLibraryUi((state) => state.picks);
  const pick = useLibraryUi((state) => state.pick);
  const { settled, behind } = useSettledFilter();
  const facets = useQuery({ ...libraryFacetsQuery(loupe, settled ?? {}), enabled: settled !== null });
  const data = facets.data;
  // Counts of an older filter than the grid's, until the settled one is counted.
  const stale = behind || facets.isPlaceholderData;
  if (data === undefined) {
    return (
      <p className="p-3 text-xs text-muted">
        {facets.isError ? 'The filters could not be counted.' : 'Counting…'}
      </p>
    );
  }
  return (
    <div
      aria-label="Filters"
      role="region"
      aria-busy={stale}
      className={`h-full overflow-auto p-3 transition-opacity ${stale ? 'opacity-70' : ''}`}
    >
      <FacetGroup title="Expiring soon">
        <p className="text-xs text-muted" data-testid="expiring-count">
          {data.expiringSoon === 0
            ? 'Nothing expires within 3 days.'
            : `${data.expiringSoon.toLocaleString()} not kept, and the service's copy goes within 3 days.`}
        </p>
        {(data.expiringSoon > 0 || picks.expiringSoon === true) && (
          <label className="mt-1 flex items-center gap-1.5 text-xs">
            <input
              type="checkbox"
              checked={picks.expiringSoon === true}
              onChange={(event) => pick({ expiringSoon: event.target.checked ? true : undefined })}
            />
            <span className="flex-1">Show only these</span>
            <span className="text-faint tabular-nums">{data.expiringSoon.toLocaleString()}</span>
          </label>
        )}
        {data.expiringSoon > 0 && (
          <Button
            variant="primary"
            className="mt-1 self-start"
            onClick={() => void actions.keepAllExpiring()}
          >
            Keep all expiring
          </Button>
        )}
      </FacetGroup>
      <FacetChecks
        title="Type"
        counts={data.types}
        picked={picks.types}
        onChange={(types) => pick({ types })}
      />
      <FacetChecks
        title="Source"
        counts={data.sources.map((count) => ({ ...count, label: SOURCE_LABELS[count.value] ?? count.label }))}
        picked={picks.sources}
        onChange={(sources) => pick({ sources: sources.filter(isLibrarySource) })}
      />
      <DateRange from={picks.from} to={picks.to} onChange={(range) => pick(range)} />
      {data.profiles.length > 1 && (
        <FacetChecks
          title="Profile"
          counts={data.profiles}
          picked={picks.profileIds}
          onChange={(profileIds) => pick({ profileIds })}
        />
      )}
      <FacetChecks
        title="Batch"
        counts={data.batches}
        picked={picks.batchId === undefined ? [] : [picks.batchId]}
        onChange={(ids) => pick({ batchId: ids.at(-1) })}
      />
      <FacetGroup title="Rating">
        <label className="text-xs">
          <span className="sr-only">Least rating</span>
          <select
            aria-label="Least rating"
            value={picks.minRating ?? 0}
            onChange={(event) => {
              const value = Number(event.target.value);
              pick({ minRating: value === 0 ? undefined : value });
            }}
            className="h-7 w-full rounded border border-line bg-raised px-1 text-xs"
          >
            <option value={0}>Any rating</option>
            {MIN_RATINGS.map((stars) => (
              <option key={stars} value={stars}>
                {'★'.repeat(stars)} {stars < 5 ? 'or more' : 'only'}
              </option>
            ))}
          </select>
        </label>
        <label className="mt-1 flex items-center gap-1.5 text-xs">
          <input
            type="checkbox"
            checked={picks.rejected === 'only'}
            onChange={(event) => pick({ rejected: event.target.checked ? 'only' : undefined })}
          />
          Rejected only
        </label>
      </FacetGroup>
      <FacetChecks title="Tags" counts={data.tags} picked={picks.tags} onChange={(tags) => pick({ tags })} />
      <FacetGroup title="Kept">
        <label className="flex items-center gap-1.5 text-xs">
          <input
            type="checkbox"
            checked={picks.kept === true}
            onChange={(event) => pick({ kept: event.target.checked ? true : undefined })}
          />
          <span className="flex-1">Kept on this computer</span>
          <span className="text-faint tabular-nums">{data.kept.toLocaleString()}</span>
        </label>
      </FacetGroup>
    </div>
  );
});
