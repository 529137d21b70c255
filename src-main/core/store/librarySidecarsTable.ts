// What the library folder's sidecars are written from (issue 21): which kept files' sidecars are due (the
// sidecar_due count each keep and unkeep raises on library_blobs), and what one lists: every kept entry that
// shares the bytes, with its job's workflow. A sidecar is always written whole from here, never merged with
// the file already there, so a torn or stale one is mended by the next write.
import { z } from 'zod';
import { ENTRY_COLUMNS, parseKeepEntry, type KeepEntry, type KeptBlob } from './libraryKeepTable';
import { prepare, type Db } from './sqlite';

/** The most entries one sidecar lists (the bytes of one hash shared by more is not a library we expect). */
export const SIDECAR_MAX_ENTRIES = 10_000;

export interface DueSidecar extends KeptBlob {
  /** The count read; markWritten clears it only if no keep raised it since. */
  due: number;
}

export interface SidecarEntry extends KeepEntry {
  /** The job's workflow as stored (JSON text), if Loupe has it. */
  workflow: string | null;
}

const dueRow = z.object({
  hash: z.string(),
  size: z.number(),
  content_type: z.string(),
  sidecar_due: z.number(),
});
const workflowRow = z.object({ workflow: z.string().nullable() });

export class LibrarySidecarsTable {
  private readonly dueRows;
  private readonly keptWithHash;
  private readonly jobWorkflow;
  private readonly clearDue;

  constructor(db: Db) {
    this.dueRows = prepare<{ limit: number }>(
      db,
      `SELECT hash, size, content_type, sidecar_due FROM library_blobs WHERE sidecar_due > 0 LIMIT :limit`,
    );
    this.keptWithHash = prepare<{ hash: string; limit: number }>(
      db,
      `SELECT ${ENTRY_COLUMNS} FROM library_entries WHERE hash = :hash AND keep_state = 'kept'
         ORDER BY entry_id LIMIT :limit`,
    );
    this.jobWorkflow = prepare<{ profileId: string; jobId: string }>(
      db,
      'SELECT workflow FROM jobs WHERE profile_id = :profileId AND job_id = :jobId',
    );
    this.clearDue = prepare<{ hash: string; due: number }>(
      db,
      'UPDATE library_blobs SET sidecar_due = 0 WHERE hash = :hash AND sidecar_due = :due',
    );
  }

  /** Up to `limit` kept files whose sidecars are due. */
  due(limit: number): DueSidecar[] {
    return this.dueRows.all({ limit }).map((row) => {
      const parsed = dueRow.parse(row);
      return {
        hash: parsed.hash,
        size: parsed.size,
        contentType: parsed.content_type,
        due: parsed.sidecar_due,
      };
    });
  }

  /** The kept entries sharing `hash`, oldest first, each with its job's workflow. */
  entriesOf(hash: string): SidecarEntry[] {
    return this.keptWithHash.all({ hash, limit: SIDECAR_MAX_ENTRIES }).map((row) => {
      const entry = parseKeepEntry(row);
      const found = this.jobWorkflow.get({ profileId: entry.profileId, jobId: entry.jobId });
      return { ...entry, workflow: found === undefined ? null : workflowRow.parse(found).workflow };
    });
  }

  /** The sidecar as of `due` is on the disk; false when a keep made it due again meanwhile. */
  markWritten(hash: string, due: number): boolean {
    return this.clearDue.run({ hash, due }).changes > 0;
  }
}
