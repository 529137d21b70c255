import { useQuery } from '@tanstack/react-query';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useLoupe } from '../../lib/loupeContext';
import { BulkBar } from './bulk/BulkBar';
import { useLibraryActions } from './bulk/useLibraryActions';
import { FacetsPanel } from './facets/FacetsPanel';
import { LibraryLightbox } from './lightbox/LibraryLightbox';
import { LibraryNoticeBar } from './LibraryNoticeBar';
import { LibraryResults } from './LibraryResults';
import { libraryFacetsQuery } from './libraryQueries';
import { useLibraryUi } from './libraryUiStore';
import { LibraryToolbar } from './search/LibraryToolbar';
import { useLibraryResults } from './useLibraryResults';

/** The library: search and facets, the grid of every output, the selection's actions, and the lightbox. */
export function LibraryView() {
  const loupe = useLoupe();
  const found = useLibraryResults();
  const actions = useLibraryActions();
  const lightboxId = useLibraryUi((state) => state.lightboxId);
  // The profile name shows on tiles only when the library spans several (counted over the whole library,
  // once the first page of results is in: main answers one read at a time, and the grid comes first).
  const everything = useQuery({
    ...libraryFacetsQuery(loupe, {}),
    enabled: found.data !== undefined,
  });
  const showProfile = (everything.data?.profiles.length ?? 0) > 1;
  const { results, total, totalIsLowerBound } = found;
  const totalText = `${total.toLocaleString()}${totalIsLowerBound ? '+' : ''}`;
  return (
    <div className="flex h-full min-w-0 flex-col">
      <LibraryToolbar queryProblems={found.queryProblems} />
      <LibraryNoticeBar />
      <BulkBar
        actions={actions}
        total={total}
        totalIsLowerBound={totalIsLowerBound}
        entries={found.entries}
      />
      <div className="flex min-h-0 flex-1">
        <div className="w-56 shrink-0 border-r border-line">
          <FacetsPanel actions={actions} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="px-3 pt-1.5 text-[11px] text-muted tabular-nums" data-testid="library-total">
            {found.data === undefined
              ? ' '
              : `${totalText} ${total === 1 && !totalIsLowerBound ? 'entry' : 'entries'}${results.isFetching ? ' · searching…' : ''}`}
          </p>
          {results.isError && found.data !== undefined && (
            <ErrorNotice
              doing="search the library"
              error={results.error}
              onRetry={() => void results.refetch()}
            />
          )}
          <div className="min-h-0 flex-1">
            <LibraryResults found={found} showProfile={showProfile} actions={actions} />
          </div>
        </div>
      </div>
      {lightboxId !== null && (
        <LibraryLightbox entries={found.entries} entryId={lightboxId} actions={actions} />
      )}
    </div>
  );
}
