import { useCallback } from 'react';
import { SearchInput } from '../../../components/SearchInput';
import { useJobsUi } from '../jobsUiStore';

export const SEARCH_INPUT_ID = 'job-search';

/** Text search on ids and labels; `/` anywhere on the screen focuses it, Esc clears it. */
export function SearchBox() {
  const search = useJobsUi((state) => state.filters.search);
  const setFilters = useJobsUi((state) => state.setFilters);
  const onSearch = useCallback((next: string) => setFilters({ search: next }), [setFilters]);
  return (
    <SearchInput
      id={SEARCH_INPUT_ID}
      search={search}
      onSearch={onSearch}
      label="Search jobs by id or label"
      placeholder="Search ids and labels"
      shortcut="/"
    />
  );
}
