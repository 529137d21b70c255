// The library.* calls (issue 21), composed from three sets: reading (search, facets, detail, tags,
// collections), the user's marks (rate, reject, tag, saved searches), and keeping (keep, export, drag out),
// which is passed in whole from keep/keepHandlers.ts.
import { randomUUID } from 'node:crypto';
import type { LibraryCollection } from '../../../src-shared/contracts/library';
import { DomainError } from '../errors';
import type { CallHandlers, StreamHandlers } from '../rpc/dispatcher';
import type { LoupeStore } from '../store';
import { MAX_COLLECTIONS, type CollectionRow } from '../store/libraryCollectionsTable';
import type { KeepHandlers } from './keep';
import { matchingIds } from './keepBySearch';
import type { LibraryChanges } from './libraryChanges';
import { LibrarySearch } from './librarySearch';
import type { PosterStore } from './thumbs/posterStore';

type LibraryNames = Extract<keyof CallHandlers, `library.${string}`>;
type LibraryStreamNames = Extract<keyof StreamHandlers, `library.${string}`>;
export type LibraryHandlers = Pick<CallHandlers, LibraryNames> & Pick<StreamHandlers, LibraryStreamNames>;
type ReadAndMarkHandlers = Omit<LibraryHandlers, keyof KeepHandlers>;

export interface LibraryHandlersDeps {
  store: LoupeStore;
  changes: LibraryChanges;
  /** The keep set (keep/keepHandlers.ts). */
  keep: KeepHandlers;
  /** Told which entries were given stars (the keep rule `starred` keeps them). */
  onRated?: (entryIds: readonly number[]) => void;
  /** Where a video's poster frame from the window goes (thumbs/posterStore.ts); absent: refused. */
  posters?: Pick<PosterStore, 'put'>;
  now?: () => number;
}

function collectionOf(row: CollectionRow): LibraryCollection {
  return { id: row.id, name: row.name, filter: row.filter, sort: row.sort, createdAt: row.createdAt };
}

export function createLibraryReadHandlers(
  deps: LibraryHandlersDeps,
  search = new LibrarySearch(deps.store, deps.now),
): ReadAndMarkHandlers {
  const { store, changes } = deps;
  const updated = (count: number): { updated: number } => {
    changes.note('updated', count);
    return { updated: count };
  };
  return {
    'library.search': (args) => search.search(args),
    'library.facets': (args) => search.facets(args),
    'library.get': ({ entryId }) => search.get(entryId),
    'library.entryOfAsset': ({ profileId, assetId }) => {
      const entry = store.libraryKeep.byAssetId(profileId, assetId);
      return { entry: entry === null ? null : { entryId: entry.entryId, rating: entry.rating } };
    },
    'library.rate': ({ entryIds, rating }) => {
      const result = updated(store.library.marks.setRating(entryIds, rating));
      if (rating > 0) deps.onRated?.(entryIds);
      return result;
    },
    'library.reject': ({ entryIds, rejected }) =>
      updated(store.library.marks.setRejected(entryIds, rejected)),
    'library.tag': ({ entryIds, add, remove }) =>
      updated(store.library.marks.tag(entryIds, add ?? [], remove ?? [])),
    'library.tags': () => ({
      tags: store.library.marks.tagCounts().map((row) => ({ value: row.tag, label: row.tag, count: row.n })),
    }),
    'library.collections': () => ({ collections: store.library.collections.list().rows.map(collectionOf) }),
    'library.saveCollection': ({ name, filter, sort }) => {
      if (store.library.collections.total() >= MAX_COLLECTIONS) {
        throw new DomainError(
          'too_many_collections',
          `The library holds ${MAX_COLLECTIONS} saved searches already; delete one to save another.`,
        );
      }
      const id = randomUUID();
      store.library.collections.save({ id, name, filter, sort: sort ?? 'newest' });
      const saved = store.library.collections.list().rows.find((row) => row.id === id);
      if (saved === undefined) throw new Error('a saved collection could not be read back');
      changes.note('collections', 1);
      return collectionOf(saved);
    },
    'library.deleteCollection': ({ id }) => {
      const deleted = store.library.collections.delete(id);
      if (deleted) changes.note('collections', 1);
      return { deleted };
    },
    'library.putPoster': async ({ entryId, webp }) => {
      if (deps.posters === undefined) {
        throw new DomainError('not_available', 'This host does not keep poster frames.');
      }
      const result = await deps.posters.put(entryId, Buffer.from(webp, 'base64'));
      if (result.stored) changes.note('updated', 1);
      return result;
    },
    'library.changes': (_args, sink) => changes.subscribe((change) => sink.emit(change)),
  };
}

export function createLibraryHandlers(deps: LibraryHandlersDeps): LibraryHandlers {
  const search = new LibrarySearch(deps.store, deps.now);
  const keep = deps.keep;
  return {
    ...createLibraryReadHandlers(deps, search),
    ...keep,
    // Words need the search engine: the ids are read here and kept by id; facets alone go to the keeper.
    'library.keepMatching': (filter, context) =>
      filter.query !== undefined && filter.query.trim() !== ''
        ? keep['library.keep']({ entryIds: matchingIds(search, filter) }, context)
        : keep['library.keepMatching'](filter, context),
  };
}
