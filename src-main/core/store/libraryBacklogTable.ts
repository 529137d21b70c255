// Finished jobs whose outputs Loupe has not read yet (seen in a list, or in an older store's history), read in
// the background newest first (core/library/backlogReader.ts). A job is queued once: after it is read its row
// stays with read_at set, so the next list that shows it does not queue it again. A read that failed waits
// (next_attempt_at) and is tried again later; the queue is on disk, so a restart takes it up where it was.
import { z } from 'zod';
import { parseRows } from './rowCodec';
import { prepare, writeTransaction, type Db } from './sqlite';

const pendingRow = z
  .object({ profile_id: z.string(), job_id: z.string(), attempts: z.number().int().catch(0) })
  .transform((r) => ({ profileId: r.profile_id, jobId: r.job_id, attempts: r.attempts }));
export type BacklogItem = z.output<typeof pendingRow>;

export interface BacklogJob {
  jobId: string;
  /** When the job was made (ISO): newest are read first. */
  createdAt: string;
}

export class LibraryBacklogTable {
  private readonly insert;
  private readonly selectNext;
  private readonly markRead;
  private readonly markFailed;
  private readonly countPending;
  private readonly countAll;
  private readonly selectProfiles;
  private readonly queueUnread;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    // A job whose outputs the store already has is not queued: the watcher or a page already read it.
    this.insert = prepare<{ profile_id: string; job_id: string; created_at: string }>(
      db,
      `INSERT OR IGNORE INTO library_backlog (profile_id, job_id, created_at)
         SELECT :profile_id, :job_id, :created_at
         WHERE NOT EXISTS (SELECT 1 FROM outputs o WHERE o.profile_id = :profile_id AND o.job_id = :job_id)`,
    );
    this.selectNext = prepare<{ profile_id: string; now: string; limit: number }>(
      db,
      `SELECT profile_id, job_id, attempts FROM library_backlog INDEXED BY library_backlog_next
         WHERE profile_id = :profile_id AND read_at IS NULL
           AND (next_attempt_at IS NULL OR next_attempt_at <= :now)
         ORDER BY created_at DESC LIMIT :limit`,
    );
    this.markRead = prepare<{ profile_id: string; job_id: string; at: string }>(
      db,
      `UPDATE library_backlog SET read_at = :at, last_error = NULL
         WHERE profile_id = :profile_id AND job_id = :job_id`,
    );
    this.markFailed = prepare<{
      profile_id: string;
      job_id: string;
      next: string;
      error: string;
      give_up: number;
      at: string;
    }>(
      db,
      `UPDATE library_backlog SET attempts = attempts + 1, next_attempt_at = :next, last_error = :error,
         read_at = CASE WHEN attempts + 1 >= :give_up THEN :at ELSE NULL END
       WHERE profile_id = :profile_id AND job_id = :job_id`,
    );
    this.countPending = prepare(db, 'SELECT count(*) AS n FROM library_backlog WHERE read_at IS NULL');
    this.countAll = prepare<{ profile_id: string }>(
      db,
      'SELECT count(*) AS n FROM library_backlog WHERE profile_id = :profile_id AND read_at IS NULL',
    );
    this.selectProfiles = prepare(
      db,
      "SELECT DISTINCT profile_id, '' AS job_id, 0 AS attempts FROM library_backlog WHERE read_at IS NULL",
    );
    // An older store's finished jobs with no outputs recorded (only their list rows were ever seen).
    this.queueUnread = prepare<{ limit: number }>(
      db,
      `INSERT OR IGNORE INTO library_backlog (profile_id, job_id, created_at)
         SELECT j.profile_id, j.job_id, j.created_at FROM jobs j
         WHERE j.status = 'succeeded'
           AND NOT EXISTS (SELECT 1 FROM outputs o WHERE o.profile_id = j.profile_id AND o.job_id = j.job_id)
           AND NOT EXISTS (SELECT 1 FROM library_backlog b WHERE b.profile_id = j.profile_id AND b.job_id = j.job_id)
         LIMIT :limit`,
    );
  }

  /** Queues finished jobs (a list page's); returns how many were new. */
  add(profileId: string, jobs: readonly BacklogJob[]): number {
    if (jobs.length === 0) return 0;
    return writeTransaction(this.db, () => {
      let added = 0;
      for (const job of jobs) {
        added += this.insert.run({
          profile_id: profileId,
          job_id: job.jobId,
          created_at: job.createdAt,
        }).changes;
      }
      return added;
    });
  }

  /** Queues up to `limit` of the store's own finished jobs with no outputs (the catch-up pass). */
  addUnreadFromHistory(limit: number): number {
    return this.queueUnread.run({ limit }).changes;
  }

  /** The next jobs to read on a profile, newest first, leaving out those waiting after a failure. */
  next(profileId: string, limit: number): BacklogItem[] {
    return parseRows(
      'library_backlog',
      'job_id',
      pendingRow,
      this.selectNext.all({ profile_id: profileId, now: this.now().toISOString(), limit }),
    ).rows;
  }

  done(profileId: string, jobId: string): void {
    this.markRead.run({ profile_id: profileId, job_id: jobId, at: this.now().toISOString() });
  }

  /** A failed read waits `retryAfterMs`; after `giveUpAfter` attempts the job is left (it keeps its error). */
  failed(profileId: string, jobId: string, error: string, retryAfterMs: number, giveUpAfter: number): void {
    const now = this.now();
    this.markFailed.run({
      profile_id: profileId,
      job_id: jobId,
      next: new Date(now.getTime() + retryAfterMs).toISOString(),
      error: error.slice(0, 500),
      give_up: giveUpAfter,
      at: now.toISOString(),
    });
  }

  /** Jobs still to read, on every profile or one. */
  pending(profileId?: string): number {
    const raw =
      profileId === undefined ? this.countPending.get({}) : this.countAll.get({ profile_id: profileId });
    return z.object({ n: z.number().int() }).parse(raw).n;
  }

  /** Profiles with jobs still to read. */
  profiles(): string[] {
    return parseRows('library_backlog', 'profile_id', pendingRow, this.selectProfiles.all({})).rows.map(
      (row) => row.profileId,
    );
  }
}
