// A start on the Library asks for its first page at once, beside the host's first answers, instead of after
// the store check, the app's first render and the Library's own code (its chunk) have all come in: the grid
// then draws from an answer already in the cache. The same query key as the grid's, so it is that answer.
import type { QueryClient } from '@tanstack/react-query';
import type { LoupeApi } from '../../../src-preload/buildApi';
import { librarySearchQuery } from './libraryQueries';
import { searchArgsOf, useLibraryUi } from './libraryUiStore';

export function prefetchLibraryStart(loupe: LoupeApi, client: QueryClient): void {
  const ui = useLibraryUi.getState();
  if (ui.tab !== 'library') return;
  // A failure is the grid's to show when it mounts and asks again, not this head start's.
  client.infiniteQuery(librarySearchQuery(loupe, searchArgsOf(ui))).catch(() => undefined);
}
