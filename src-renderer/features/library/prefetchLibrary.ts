// A start on the Library asks for its first page at once, beside the host's first answers, instead of after
// the store check, the app's first render and the Library's own code (its chunk) have all come in: the grid
// then draws from an answer already in the cache. The same query key as the grid's, so it is that answer.
import type { QueryClient } from '@tanstack/react-query';
import type { LoupeApi } from '../../../src-preload/buildApi';
import type { LibrarySearchArgs } from '../../../src-shared/contract';
import { librarySearchQuery } from './libraryQueries';
import { searchArgsOf, useLibraryUi } from './libraryUiStore';

/**
 * Sends the grid's search ahead of the grid (same options, same key): the grid's query finds it on its way
 * or answered, and sends none of its own. A failure is the grid's to show, when its query renders.
 */
export function sendSearchAhead(loupe: LoupeApi, client: QueryClient, args: LibrarySearchArgs): void {
  client.infiniteQuery(librarySearchQuery(loupe, args)).catch(() => undefined);
}

export function prefetchLibraryStart(loupe: LoupeApi, client: QueryClient): void {
  const ui = useLibraryUi.getState();
  if (ui.tab === 'library') sendSearchAhead(loupe, client, searchArgsOf(ui));
}
