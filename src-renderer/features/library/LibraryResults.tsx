import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { LoadingOrError } from '../../components/LoadingOrError';
import { AssetsIcon } from '../../components/icons';
import type { LibraryActions } from './bulk/useLibraryActions';
import { LibraryGrid } from './grid/LibraryGrid';
import { useLibraryUi } from './libraryUiStore';
import { useFreshPagesInView } from './refresh/useFreshPagesInView';
import type { useLibraryResults } from './useLibraryResults';

interface LibraryResultsProps {
  found: ReturnType<typeof useLibraryResults>;
  showProfile: boolean;
  actions: LibraryActions;
}

function NothingMatches({ filtered }: { filtered: boolean }) {
  const clearFilters = useLibraryUi((state) => state.clearFilters);
  if (!filtered) {
    return (
      <EmptyState title="The library is empty" icon={<AssetsIcon />}>
        Every output of every job Loupe sees lands here, on every profile. Run a job, or open the Demo
        server's profile, and its pictures appear.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title="Nothing matches"
      icon={<AssetsIcon />}
      actions={
        <Button variant="primary" onClick={clearFilters}>
          Clear filters
        </Button>
      }
    >
      Nothing matches this search and these filters. Clear them to see the whole library again.
    </EmptyState>
  );
}

/** The grid, or why there is none: loading, the read failed (with Try again), or nothing matches. */
export function LibraryResults({ found, showProfile, actions }: LibraryResultsProps) {
  const { results, entries, args, data } = found;
  const onViewRange = useFreshPagesInView(args, data, results.isPlaceholderData);
  if (data === undefined) {
    return <LoadingOrError query={results} doing="search the library" loading="Searching the library…" />;
  }
  if (entries.length === 0) {
    const { sort: _sort, ...filter } = args;
    return <NothingMatches filtered={Object.keys(filter).length > 0} />;
  }
  return (
    <LibraryGrid
      entries={entries}
      showProfile={showProfile}
      hasMore={results.hasNextPage}
      loadMore={() => {
        if (!results.isFetchingNextPage) void results.fetchNextPage();
      }}
      onViewRange={onViewRange}
      actions={actions}
    />
  );
}
