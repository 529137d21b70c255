// A job's list row is named by its library entries (jobTitles.ts), but a row the window already holds is only
// renamed when the list is read again, and the window keeps its rows fresh from jobs.updates instead of
// reading its pages again. So a job Loupe only saw listed stayed named by its id after the backlog had read
// it and its entries said "isometric city block". When entries are written for a job, its row, named, goes
// out on jobs.updates: coalesced per profile, after the write has committed, only while a window listens.
import type { JobSummary } from '../../../src-shared/contracts/jobs';
import { LocalHistory } from '../jobSources/localHistory';
import type { LoupeStore } from '../store';
import { withTitles } from './jobTitles';

const COALESCE_MS = 250;
/**
 * The most rows one profile's flush names. A catch-up of an old store indexes thousands of jobs at once; the
 * rows past this are named when the list is next read, as before.
 */
export const MAX_NAMED_ROWS = 200;

export interface NamedRowUpdatesDeps {
  store: LoupeStore;
  /** Whether a window follows this profile's rows (jobs.updates is open). */
  listening(profileId: string): boolean;
  tell(profileId: string, rows: JobSummary[]): void;
  logError(message: string, error: unknown): void;
  coalesceMs?: number;
}

export class NamedRowUpdates {
  private readonly pending = new Map<string, Set<string>>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: NamedRowUpdatesDeps) {}

  /** Entries were written for this job (inside the write's transaction: nothing is read until later). */
  note(profileId: string, jobId: string): void {
    if (!this.deps.listening(profileId)) return;
    const jobs = this.pending.get(profileId) ?? new Set<string>();
    if (jobs.size >= MAX_NAMED_ROWS) return;
    jobs.add(jobId);
    this.pending.set(profileId, jobs);
    if (this.timer !== null) return;
    this.timer = setTimeout(() => this.flush(), this.deps.coalesceMs ?? COALESCE_MS);
    this.timer.unref();
  }

  /** Tells what is pending now (tests, and the timer). Never throws: a store that fails loses only names. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const pending = [...this.pending];
    this.pending.clear();
    for (const [profileId, jobIds] of pending) {
      try {
        if (!this.deps.listening(profileId)) continue;
        const rows = this.rowsOf(profileId, [...jobIds]);
        if (rows.length > 0) this.deps.tell(profileId, rows);
      } catch (error) {
        this.deps.logError('Loupe could not name job rows after indexing their outputs', error);
      }
    }
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }

  /** The rows jobs.list would give these jobs from Loupe's record, named; jobs it has no row for are left out. */
  private rowsOf(profileId: string, jobIds: readonly string[]): JobSummary[] {
    const { store } = this.deps;
    // Two reads for the whole flush (up to 200 jobs), without their workflows.
    const summaries = new LocalHistory(store.jobs, profileId, store.batchItems).summariesOf(jobIds);
    const rows = jobIds.flatMap((jobId) => {
      const row = summaries.get(jobId);
      return row === undefined ? [] : [row];
    });
    return withTitles(store, profileId, rows);
  }
}
