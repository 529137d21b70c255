import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLoupe } from '../../../lib/loupeContext';
import { libraryKeys } from '../libraryQueries';
import { searchArgsOf, useLibraryUi } from '../libraryUiStore';
import { sendSearchAhead } from '../prefetchLibrary';

/**
 * The library's search box. A search is put in force at the keystroke, not after a pause (main answers in
 * tens of milliseconds, and a pause alone would cost more than the 100 ms from keystroke to painted grid),
 * but never while another search is on its way: the text typed meanwhile waits, and only the latest is
 * sent when the answer comes. So fast typing costs main one search at a time, and the last word never
 * queues behind the answers to every prefix typed before it. What waits is put in force as the answer lands
 * (from the query cache's own notice), not after a render of that answer, and the grid does not draw the
 * prefix's answer at all (useLibraryResults' useDrawn): it keeps what it drew until the last word's answer.
 * The search itself leaves from here, before the query is put in force: the render of the new query (a
 * whole library view, 20-40 ms on a busy machine) then happens while main answers, and the grid's query
 * finds that search on its way instead of sending one. Esc clears at once.
 */
export function LibrarySearchBox() {
  const client = useQueryClient();
  const loupe = useLoupe();
  const query = useLibraryUi((state) => state.query);
  const setQuery = useLibraryUi((state) => state.setQuery);
  const [text, setText] = useState(query);
  /** Typed and not yet in force (waiting for the search on its way); null when nothing waits. */
  const pending = useRef<string | null>(null);
  /** The last query this box put in force, to tell its own changes from others'. */
  const sent = useRef(query);

  /** Puts what waits in force, unless a search is still on its way (its answer calls this again). */
  const sendPending = useCallback(() => {
    const next = pending.current;
    if (next === null || client.isFetching({ queryKey: libraryKeys.searches }) > 0) return;
    pending.current = null;
    if (next === sent.current) return;
    sent.current = next;
    sendSearchAhead(loupe, client, searchArgsOf({ ...useLibraryUi.getState(), query: next }));
    setQuery(next);
  }, [client, loupe, setQuery]);

  useEffect(() => client.getQueryCache().subscribe(sendPending), [client, sendPending]);

  // Cleared or replaced from elsewhere ("Clear filters", a collection): follow, and drop what waited.
  useEffect(() => {
    if (query === sent.current) return;
    sent.current = query;
    setText(query);
    pending.current = null;
  }, [query]);

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
          pending.current = event.target.value.trim();
          sendPending();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          setText('');
          pending.current = null;
          sent.current = '';
          setQuery('');
        }}
        className="h-7 w-full rounded border border-line bg-raised pr-2 pl-2 text-xs text-fg placeholder:text-faint"
      />
    </div>
  );
}
