// Where the store's files live inside a data folder. SQLite keeps a database in up to three files (the main
// file, its write-ahead log and the log's shared-memory index); Loupe adds a marker and a backups folder.
import { join } from 'node:path';

export const DATABASE_FILE = 'loupe.db';

export interface StoreFiles {
  dataDir: string;
  database: string;
  /** SQLite's write-ahead log: committed changes not yet folded into the main file. */
  wal: string;
  /** The WAL's shared-memory index: how many of the log's frames are committed. */
  shm: string;
  /** Written once a store has been made here, so a missing or empty loupe.db later is damage, not a first run. */
  marker: string;
  backups: string;
}

export function storeFilesIn(dataDir: string): StoreFiles {
  const database = join(dataDir, DATABASE_FILE);
  return {
    dataDir,
    database,
    wal: `${database}-wal`,
    shm: `${database}-shm`,
    marker: `${database}.made`,
    backups: join(dataDir, 'backups'),
  };
}
