// core/library/keep: keeping entries' bytes in the library folder and making their thumbnails. Built once
// per app by createCore (and by tests the same way); the asset route reaches both through `routeSource`.
import type { ContentServices, LibraryRouteSource } from '../../content';
import type { LoupeStore } from '../../store';
import type { Supervisor } from '../../supervision';
import { ThumbMaker, type ThumbMakerDeps } from '../thumbs/thumbMaker';
import { LibraryKeep } from './libraryKeep';

export { LibraryKeep, EXPIRING_SOON_MS, type KeepMatching } from './libraryKeep';
export { createKeepHandlers, libraryDragDir, type KeepHandlers, type KeepHandlerDeps } from './keepHandlers';
export type { KeepChangeKind, KeepChangeListener } from './keepQueue';
export { exportEntries, type ExportedEntry } from './libraryExport';
export { ThumbMaker } from '../thumbs/thumbMaker';

export interface LibraryKeepServices {
  keep: LibraryKeep;
  thumbs: ThumbMaker;
  /** What the asset route serves from the library: kept copies first, and thumbnails. */
  routeSource: LibraryRouteSource;
}

export interface LibraryKeepServiceOptions {
  dataDir: string;
  store: LoupeStore;
  content: Pick<ContentServices, 'cache' | 'upstream'>;
  supervisor: Supervisor;
  /** A Router run's saved medium, opened (a Router entry's thumbnail is made from it). */
  openRouterMedia?: ThumbMakerDeps['openRouterMedia'];
  /** Keeps at once (default KEEP_CONCURRENCY, 4). */
  concurrency?: number;
  now?: () => Date;
}

export function createLibraryKeepServices(options: LibraryKeepServiceOptions): LibraryKeepServices {
  const keep = new LibraryKeep({
    dataDir: options.dataDir,
    store: options.store,
    cache: options.content.cache,
    upstream: options.content.upstream,
    supervisor: options.supervisor,
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const thumbs = new ThumbMaker({
    store: options.store,
    dataDir: options.dataDir,
    cache: options.content.cache,
    upstream: options.content.upstream,
    openKept: (hash) => keep.openBlob(hash),
    ...(options.openRouterMedia === undefined ? {} : { openRouterMedia: options.openRouterMedia }),
  });
  return {
    keep,
    thumbs,
    routeSource: {
      openKept: (profileId, assetId) => keep.openKept(profileId, assetId),
      thumb: (profileId, assetId, signal) => thumbs.thumb(profileId, assetId, signal),
    },
  };
}
