// Opens the local store: one SQLite file in WAL mode, migrated to the current schema, with one object per
// table. The hosts (Electron, the browser shell, the CLI) open it once and pass it to the services.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { AssetsTable } from './assetsTable';
import { BatchItemsTable } from './batchItemsTable';
import { BatchesTable } from './batchesTable';
import { BatchSendingTable } from './batchSendingTable';
import { StoreError } from './errors';
import { JobsTable } from './jobsTable';
import { LibraryKeepTable } from './libraryKeepTable';
import { LibrarySidecarsTable } from './librarySidecarsTable';
import { LibraryBacklogTable } from './libraryBacklogTable';
import { LibraryCollectionsTable } from './libraryCollectionsTable';
import { LibraryEntriesTable } from './libraryEntriesTable';
import { LibraryIndexer } from './libraryIndexer';
import { LibraryMarksTable } from './libraryMarksTable';
import { LibrarySearchTable } from './librarySearchTable';
import { assertOrdered, migrate, type Migration, type MigrationReport } from './migrations';
import { OutputsTable } from './outputsTable';
import { ProfilesTable } from './profilesTable';
import { RouterCatalogueTable } from './routerCatalogueTable';
import { RouterRunsTable } from './routerRunsTable';
import { RouterSpendTable } from './routerSpendTable';
import { storeMigrations } from './schema';
import { SettingsTable } from './settingsTable';
import { SourceIndexer } from './sourceIndexer';
import { UploadsTable } from './uploadsTable';
import {
  durableTransaction,
  execute,
  openDatabase,
  readPragma,
  readPragmaLines,
  writeTransaction,
  type Db,
} from './sqlite';

export interface OpenStoreOptions {
  /** How long a write waits for another connection's lock before failing (default 5 s). */
  busyTimeoutMs?: number;
  now?: () => Date;
  /** Tests only: a different migration list. */
  migrations?: readonly Migration[];
  /** Runs on the open connection before any migration (the health check's quick_check); throws to refuse. */
  verify?: (db: Db) => void;
  /** Runs before the first pending migration of a store that has a schema already (a backup). */
  beforeMigrating?: (db: Db, from: number) => void;
}

export interface StoreDiagnostics {
  journalMode: string;
  synchronous: string;
  busyTimeoutMs: number;
  foreignKeys: boolean;
}

export class LoupeStore {
  readonly profiles: ProfilesTable;
  readonly settings: SettingsTable;
  readonly jobs: JobsTable;
  readonly outputs: OutputsTable;
  readonly uploads: UploadsTable;
  readonly assets: AssetsTable;
  readonly batchItems: BatchItemsTable;
  readonly batches: BatchesTable;
  readonly batchSending: BatchSendingTable;
  readonly routerCatalogue: RouterCatalogueTable;
  readonly routerRuns: RouterRunsTable;
  readonly routerSpend: RouterSpendTable;
  /** The library's keep and thumbnail columns and its blobs (issue 21). */
  readonly libraryKeep: LibraryKeepTable;
  readonly librarySidecars: LibrarySidecarsTable;
  readonly library: {
    entries: LibraryEntriesTable;
    marks: LibraryMarksTable;
    collections: LibraryCollectionsTable;
    backlog: LibraryBacklogTable;
    search: LibrarySearchTable;
    indexer: LibraryIndexer;
    /** Router runs' saved media and finished uploads as entries. */
    sources: SourceIndexer;
  };

  constructor(
    private readonly db: Db,
    readonly path: string,
    readonly migration: MigrationReport,
    now: () => Date,
  ) {
    this.profiles = new ProfilesTable(db, now);
    this.settings = new SettingsTable(db, now);
    this.jobs = new JobsTable(db, now);
    const entries = new LibraryEntriesTable(db, now);
    const indexer = new LibraryIndexer(db, this.jobs, entries);
    this.uploads = new UploadsTable(db, now);
    this.routerCatalogue = new RouterCatalogueTable(db, now);
    this.routerRuns = new RouterRunsTable(db, now);
    const sources = new SourceIndexer(
      db,
      entries,
      this.uploads,
      this.routerRuns,
      this.routerCatalogue,
      (counts) => indexer.announce(counts),
    );
    this.library = {
      entries,
      marks: new LibraryMarksTable(db, entries),
      collections: new LibraryCollectionsTable(db, now),
      backlog: new LibraryBacklogTable(db, now),
      search: new LibrarySearchTable(db),
      indexer,
      sources,
    };
    // Every output written becomes a library entry in the same transaction (issue 21).
    this.outputs = new OutputsTable(db, (profileId, jobId, rows) => {
      indexer.indexOutputs(profileId, jobId, rows);
    });
    this.assets = new AssetsTable(db, now);
    this.batchItems = new BatchItemsTable(db, now);
    this.batches = new BatchesTable(db, now, this.batchItems);
    this.batchSending = new BatchSendingTable(db, now);
    // A Router run's saved media and a finished upload become entries as they are recorded (issue 21).
    this.routerRuns.onWritten = (row) => sources.runWritten(row);
    this.uploads.onSettled = (row) => sources.uploadWritten(row);
    this.routerSpend = new RouterSpendTable(db, now);
    this.libraryKeep = new LibraryKeepTable(db, now);
    this.librarySidecars = new LibrarySidecarsTable(db);
  }

  get schemaVersion(): number {
    return this.migration.to;
  }

  get isOpen(): boolean {
    return this.db.open;
  }

  /** Runs several table calls as one atomic write (joins a transaction already open). */
  transaction<T>(fn: () => T): T {
    return writeTransaction(this.db, fn);
  }

  /** Like `transaction`, and synced to disk before it returns: for writes that guard a network call. */
  durable<T>(fn: () => T): T {
    return durableTransaction(this.db, fn);
  }

  /** The connection's settings as SQLite reports them (for tests and an about/diagnostics screen). */
  diagnostics(): StoreDiagnostics {
    const read = (pragma: string): unknown => readPragma(this.db, pragma);
    const synchronous = ['off', 'normal', 'full', 'extra'][Number(read('synchronous'))] ?? 'unknown';
    return {
      journalMode: String(read('journal_mode')),
      synchronous,
      busyTimeoutMs: Number(read('busy_timeout')),
      foreignKeys: Number(read('foreign_keys')) === 1,
    };
  }

  /** Checks the file's structure (PRAGMA integrity_check); true when SQLite reports it intact. */
  integrityOk(): boolean {
    const lines = readPragmaLines(this.db, 'integrity_check');
    return lines.length === 1 && lines[0] === 'ok';
  }

  /** Folds the WAL back into the main file first, so the file alone is a complete copy (for backups). */
  close(): void {
    if (!this.db.open) return;
    try {
      execute(this.db, 'PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      this.db.close();
    }
  }
}

/**
 * Opens (creating if needed) the store at `path` and brings its schema up to date. Throws
 * StoreError('schema_too_new') for a file written by a newer Loupe, 'schema_unknown' for another schema
 * history, a disk failure's code (store_damaged, store_read_only, disk_full, store_io_error) when SQLite met
 * one, and 'open_failed' when the file cannot be opened for another reason. The hosts open it through
 * health/openCheckedStore, which checks the files first.
 */
export function openStore(path: string, options: OpenStoreOptions = {}): LoupeStore {
  const now = options.now ?? (() => new Date());
  const migrations = options.migrations ?? storeMigrations;
  assertOrdered(migrations);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: Db;
  try {
    db = openDatabase(path, options.busyTimeoutMs ?? 5000);
  } catch (error) {
    // A disk failure (read-only, full, not a database) already has its own code and words.
    if (error instanceof StoreError) throw error;
    throw new StoreError(
      'open_failed',
      `Loupe could not open its data file at ${path}.`,
      { path },
      { cause: error },
    );
  }
  try {
    options.verify?.(db);
    const beforeMigrating = options.beforeMigrating;
    const report = migrate(db, migrations, now, {
      ...(beforeMigrating ? { beforeApplying: (from: number) => beforeMigrating(db, from) } : {}),
    });
    return new LoupeStore(db, path, report, now);
  } catch (error) {
    db.close();
    if (error instanceof StoreError) throw error;
    throw new StoreError(
      'open_failed',
      `Loupe could not prepare its data file at ${path}; it may be damaged or not a Loupe data file.`,
      { path },
      { cause: error },
    );
  }
}
