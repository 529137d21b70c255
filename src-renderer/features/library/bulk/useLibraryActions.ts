// Every change the library's screens make (rate, reject, tag, keep, unkeep, export, drag out), on the ids
// given or on the selection. Each call goes through the contract, and its answer refreshes the library
// (main holds the truth; the grid shows it once the pages in view are read again). Failures are said in words.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
  LIBRARY_BULK_MAX,
  type LibrarySearchArgs,
  type LibrarySearchPage,
} from '../../../../src-shared/contract';
import type { LoupeApi } from '../../../../src-preload/buildApi';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { refreshLibrary } from '../refresh/pageRefresh';
import { useLibraryNotice } from '../libraryNotice';
import { searchArgsOf, useLibraryUi } from '../libraryUiStore';

const ID_PAGE = 1_000;

/** Every id the search matches (up to the contract's bulk bound), read a page at a time. */
async function allMatchingIds(loupe: LoupeApi, args: LibrarySearchArgs): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page: LibrarySearchPage = await unwrap(loupe.library.search({ ...args, cursor, limit: ID_PAGE }));
    for (const entry of page.entries) ids.push(entry.entryId);
    cursor = page.nextCursor;
  } while (cursor !== null && ids.length < LIBRARY_BULK_MAX);
  return ids.slice(0, LIBRARY_BULK_MAX);
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

const entries = (count: number): string => plural(count, 'entry', 'entries');

export function useLibraryActions() {
  const loupe = useLoupe();
  const client = useQueryClient();
  const say = useLibraryNotice((state) => state.say);

  /** Runs a change, refreshes the library, and says a failure in words. */
  const run = useCallback(
    async (doing: string, change: () => Promise<string | null>): Promise<void> => {
      try {
        const done = await change();
        if (done !== null) say({ tone: 'info', text: done });
      } catch (error) {
        const message = error instanceof Error ? error.message : 'Something went wrong.';
        say({ tone: 'error', text: `Loupe could not ${doing}. ${message}` });
      } finally {
        await refreshLibrary(client);
      }
    },
    [client, say],
  );

  /**
   * The selection's ids ("all N results" read from main), else the focused entry, else none. The search
   * is read when an action runs, not taken at render: the actions stay the same object while a person
   * types, so the tiles, whose handlers hold them, are not all drawn again at every search.
   */
  const targets = useCallback(async (): Promise<number[]> => {
    const ui = useLibraryUi.getState();
    if (ui.allMatching) return allMatchingIds(loupe, searchArgsOf(ui));
    if (ui.selected.size > 0) return [...ui.selected];
    return ui.focusedId === null ? [] : [ui.focusedId];
  }, [loupe]);

  return useMemo(() => {
    const withIds = (doing: string, act: (ids: number[]) => Promise<string | null>) => (ids?: number[]) =>
      run(doing, async () => {
        const chosen = ids ?? (await targets());
        return chosen.length === 0 ? null : act(chosen);
      });
    return {
      targets,
      rate: (rating: number, ids?: number[]) =>
        withIds('rate them', async (entryIds) => {
          await unwrap(loupe.library.rate({ entryIds, rating }));
          return null;
        })(ids),
      reject: (rejected: boolean, ids?: number[]) =>
        withIds('mark them', async (entryIds) => {
          await unwrap(loupe.library.reject({ entryIds, rejected }));
          return null;
        })(ids),
      tag: (change: { add?: string[]; remove?: string[] }, ids?: number[]) =>
        withIds('tag them', async (entryIds) => {
          const { updated } = await unwrap(loupe.library.tag({ entryIds, ...change }));
          return `Tags changed on ${entries(updated)}.`;
        })(ids),
      keep: (ids?: number[]) =>
        run('keep them', async () => {
          const ui = useLibraryUi.getState();
          if (ids === undefined && ui.allMatching) {
            const { sort: _sort, ...filter } = searchArgsOf(ui);
            const { queued } = await unwrap(loupe.library.keepMatching(filter));
            return `${entries(queued)} queued to keep.`;
          }
          const entryIds = ids ?? (await targets());
          if (entryIds.length === 0) return null;
          const { queued } = await unwrap(loupe.library.keep({ entryIds }));
          return `${entries(queued)} queued to keep.`;
        }),
      unkeep: withIds('stop keeping them', async (entryIds) => {
        const { updated } = await unwrap(loupe.library.unkeep({ entryIds }));
        return `${entries(updated)} no longer kept.`;
      }),
      keepAllExpiring: () =>
        run('keep what expires soon', async () => {
          const { queued } = await unwrap(loupe.library.keepMatching({ expiringSoon: true }));
          return `${plural(queued, 'expiring entry', 'expiring entries')} queued to keep.`;
        }),
      exportTo: withIds('export them', async (entryIds) => {
        const result = await unwrap(loupe.library.export({ entryIds }));
        if (result.kind === 'cancelled') return null;
        if (result.kind === 'not_available') return result.message;
        const failed = result.failed.length > 0 ? ` ${result.failed.length} could not be saved.` : '';
        return `Saved ${plural(result.saved, 'file')} to ${result.folder}.${failed}`;
      }),
      /** Starts the OS drag of the entries' files; main answers whether it could. */
      dragOut: (entryIds: number[]) =>
        run('drag them out', async () => {
          const { started } = await unwrap(loupe.library.dragOut({ entryIds: entryIds.slice(0, 100) }));
          return started ? null : 'Dragging files out works in the desktop app; use Export here.';
        }),
    };
  }, [loupe, run, targets]);
}

export type LibraryActions = ReturnType<typeof useLibraryActions>;
