import { useEffect, useState } from 'react';
import { useJobsUi } from '../jobsUiStore';

export const SEARCH_INPUT_ID = 'job-search';
const DEBOUNCE_MS = 250;

/** Text search on ids and labels; `/` anywhere on the screen focuses it, Esc clears it. */
export function SearchBox() {
  const search = useJobsUi((state) => state.filters.search);
  const setFilters = useJobsUi((state) => state.setFilters);
  const [text, setText] = useState(search);

  // Cleared from elsewhere ("Clear filters"): follow.
  useEffect(() => {
    setText((current) => (current.trim() === search ? current : search));
  }, [search]);

  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => setFilters({ search: text.trim() }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, setFilters]);

  return (
    <div className="relative min-w-0 flex-1">
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        value={text}
        maxLength={200}
        spellCheck={false}
        aria-label="Search jobs by id or label"
        placeholder="Search ids and labels"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            setText('');
            setFilters({ search: '' });
            event.currentTarget.blur();
          }
        }}
        className="h-7 w-full rounded border border-line bg-raised pr-7 pl-2 text-xs text-fg placeholder:text-faint"
      />
      <kbd
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-1.5 -translate-y-1/2 rounded border border-line px-1 font-mono text-[10px] text-faint"
      >
        /
      </kbd>
    </div>
  );
}
