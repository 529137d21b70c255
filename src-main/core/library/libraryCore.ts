// The library's part of core, built once per core: the library.* handlers, the change stream, the backlog
// reader and the catch-up pass. Indexing itself lives in the store (every outputs write makes its entries);
// this is what runs around it. A headless host (the CLI) answers calls but starts nothing in the background.
import type { WireJob } from '../jobSources/wireJob';
import { createdMsOf } from '../jobSources/wireJob';
import type { LoupeStore } from '../store';
import type { Supervisor } from '../supervision';
import { BacklogReader } from './backlogReader';
import { catchUpLibrary } from './catchUp';
import type { KeepHandlers, LibraryKeep } from './keep';
import { LibraryChanges } from './libraryChanges';
import { createLibraryHandlers, type LibraryHandlers } from './libraryHandlers';
import type { PosterStore } from './thumbs/posterStore';

export interface LibraryCoreDeps {
  store: LoupeStore;
  supervisor: Supervisor;
  /** Reads one job in full through its profile's runtime (jobs.get's road). */
  /** Answers the requests the read made (the job, and its workflow when Loupe lacked it). */
  readJob(profileId: string, jobId: string): Promise<number>;
  background: boolean;
  /** Backlog reads a second per profile (default 2). */
  backlogPerSecond?: number;
  keep: KeepHandlers;
  /**
   * The keeper's hooks (keep/libraryKeep.ts): a profile's keep rule acts on entries as they are indexed and
   * rated, and what the keeper does reaches library.changes.
   */
  keeper?: Pick<LibraryKeep, 'onIndexed' | 'onRated' | 'onChange'>;
  /** Where videos' poster frames drawn by the window are stored (library.putPoster). */
  posters?: Pick<PosterStore, 'put'>;
}

export interface LibraryCore {
  handlers: LibraryHandlers;
  changes: LibraryChanges;
  backlog: BacklogReader;
  /** A list page's rows: finished jobs whose outputs Loupe does not know are queued for reading. */
  noteListed(profileId: string, rows: readonly WireJob[]): void;
  /** Resolves once the catch-up pass started at launch is over (tests). */
  caughtUp: Promise<void>;
  close(): Promise<void>;
}

/** Statuses whose jobs may hold outputs worth reading (a failed job can have made some before failing). */
const readableStatuses: ReadonlySet<string> = new Set(['succeeded', 'failed']);

export function createLibraryCore(deps: LibraryCoreDeps): LibraryCore {
  const { store } = deps;
  const changes = new LibraryChanges(() => store.library.backlog.pending());
  // Indexing runs inside the outputs write's transaction: the keep rule is applied once it has committed.
  let newlyIndexed: number[] = [];
  const stopIndexed = store.library.indexer.onIndexed((counts) => {
    changes.note('indexed', counts.created);
    changes.note('updated', counts.updated);
    const keeper = deps.keeper;
    if (keeper === undefined || counts.createdIds.length === 0) return;
    if (newlyIndexed.length === 0) {
      setImmediate(() => {
        const ids = newlyIndexed;
        newlyIndexed = [];
        if (!closed) keeper.onIndexed(ids);
      });
    }
    newlyIndexed.push(...counts.createdIds);
  });
  const stopKeeper = deps.keeper?.onChange((kind, count) => changes.note(kind, count)) ?? (() => undefined);
  const backlog = new BacklogReader({
    store,
    readJob: (profileId, jobId) => deps.readJob(profileId, jobId),
    supervisor: deps.supervisor,
    ...(deps.backlogPerSecond === undefined ? {} : { perSecond: deps.backlogPerSecond }),
  });
  let closed = false;
  let caughtUp: Promise<void> = Promise.resolve();
  if (deps.background) {
    const pass = catchUpLibrary(store, { isStopped: () => closed }).then(() => {
      if (!closed) backlog.start();
    });
    caughtUp = pass.catch(() => undefined);
    deps.supervisor.watch('Indexing the outputs Loupe already knew', pass);
  }
  return {
    handlers: createLibraryHandlers({
      store,
      changes,
      keep: deps.keep,
      ...(deps.keeper ? { onRated: (ids: readonly number[]) => deps.keeper?.onRated(ids) } : {}),
      ...(deps.posters ? { posters: deps.posters } : {}),
    }),
    changes,
    backlog,
    caughtUp,
    noteListed: (profileId, rows) => {
      if (closed) return;
      const jobs = rows.flatMap((row) => {
        const createdMs = createdMsOf(row);
        return readableStatuses.has(row.status) && createdMs !== null
          ? [{ jobId: row.id, createdAt: new Date(createdMs).toISOString() }]
          : [];
      });
      if (store.library.backlog.add(profileId, jobs) > 0 && deps.background) {
        backlog.start();
        backlog.wake();
      }
    },
    close: async () => {
      closed = true;
      stopIndexed();
      stopKeeper();
      await backlog.stop();
      await caughtUp;
      changes.dispose();
    },
  };
}
