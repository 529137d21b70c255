// Reads a shell's store (`loupe.db` in its data directory) from outside the running shell: read-only, and
// WAL lets a reader in while the shell writes. The evidence of what a launch left behind on disk.
import { join } from 'node:path';
import Database from 'libsql';
import { z } from 'zod';

/** The rows `sql` selects from the store in `dataDir`, each checked against `row`. */
export function storedRows<T extends z.ZodType>(dataDir: string, sql: string, row: T): z.output<T>[] {
  const db = new Database(join(dataDir, 'loupe.db'), { readonly: true });
  try {
    return z.array(row).parse(db.prepare(sql).all());
  } finally {
    db.close();
  }
}
