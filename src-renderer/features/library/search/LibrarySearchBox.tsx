import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { libraryKeys } from '../libraryQueries';
import { useLibraryUi } from '../libraryUiStore';

/**
 * The library's search box. A search is put in force at the keystroke, not after a pause (main answers in
 * tens of milliseconds, and a pause alone would cost more than the 100 ms from keystroke to painted grid),
 * but never while another search is on its way: the text typed meanwhile waits, and only the latest is
 * sent when the answer comes. So fast typing costs main one search at a time, and the last word never
 * queues behind the answers to every prefix typed before it. Esc clears at once.
 */
export function LibrarySearchBox() {
  const query = useLibraryUi((state) => state.query);
  const setQuery = useLibraryUi((state) => state.setQuery);
  const searching = useIsFetching({ queryKey: libraryKeys.searches }) > 0;
  const [text, setText] = useState(query);
  /** Typed and not yet in force (waiting for the search on its way); null when nothing waits. */
  const [pending, setPending] = useState<string | null>(null);
  /** The last query this box put in force, to tell its own changes from others'. */
  const sent = useRef(query);

  // Cleared or replaced from elsewhere ("Clear filters", a collection): follow, and drop what waited.
  useEffect(() => {
    if (query === sent.current) return;
    sent.current = query;
    setText(query);
    setPending(null);
  }, [query]);

  useEffect(() => {
    if (pending === null || searching) return;
    setPending(null);
    if (pending === sent.current) return;
    sent.current = pending;
    setQuery(pending);
  }, [pending, searching, setQuery]);

  return (
    <div className="relative min-w-0 flex-1">
      <input
        type="search"
        value={text}
        maxLength={200}
        spellCheck={false}
        aria-label="Search the library"
        placeholder="Search prompts, models, names… or seed:42 rating:>=4 kept:yes"
        onChange={(event) => {
          setText(event.target.value);
          setPending(event.target.value.trim());
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          setText('');
          setPending(null);
          sent.current = '';
          setQuery('');
        }}
        className="h-7 w-full rounded border border-line bg-raised pr-2 pl-2 text-xs text-fg placeholder:text-faint"
      />
    </div>
  );
}
