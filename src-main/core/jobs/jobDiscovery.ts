// Jobs someone else sent (the service's own web UI, a teammate, a script) appear in a window's lists while it
// follows the profile, not only when it reads its list again. Every `everyMs` the service's newest page is read
// through jobs.list, as the window reads it, and the next pages while a whole page is jobs the last read did
// not see (DISCOVER_MAX_PAGES). So the watcher tracks what is in flight and the library hears of what finished.
// The watcher tells the windows of the jobs in flight it starts following, with their progress; the finished
// rows the window may not have (new, or finished since the last read) go out here on jobs.updates, where the
// window puts new jobs on top of the lists they match. One read at a time; a read that fails waits longer
// before the next (up to four times as long), quietly: the list says so itself.
import {
  isTerminalJobStatus,
  type JobListArgs,
  type JobListPage,
  type JobSummary,
} from '../../../src-shared/contracts/jobs';

/** The newest jobs read each time: a person's or script's jobs of the last moments, not a history. */
export const DISCOVER_LIMIT = 20;
/**
 * Pages read at most in one go when every job of a page is one the last read did not see (a script sent more
 * than a page since): so up to 100 jobs sent elsewhere within one interval all come, not the newest 20.
 */
export const DISCOVER_MAX_PAGES = 5;
/** How often, by default: a job sent elsewhere is on the list within this long. */
export const DISCOVER_EVERY_MS = 15_000;
const MAX_BACKOFF = 4;

export interface JobDiscoveryDeps {
  list: (args: JobListArgs) => Promise<JobListPage>;
  tell: (rows: JobSummary[]) => void;
  everyMs?: number;
}

export class JobDiscovery {
  /** Each listed job's status at the last read: what the window has been told. */
  private told = new Map<string, string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private failures = 0;

  constructor(private readonly deps: JobDiscoveryDeps) {}

  start(): void {
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.stopped) return;
    const every = this.deps.everyMs ?? DISCOVER_EVERY_MS;
    const waitMs = every * Math.min(MAX_BACKOFF, 2 ** this.failures);
    this.timer = setTimeout(() => {
      // read() catches its own failures; the catch only keeps its promise from ever floating.
      this.read().catch(() => undefined);
    }, waitMs);
    this.timer.unref();
  }

  /** One read; never rejects (a timer's promise has no one to reject to). */
  private async read(): Promise<void> {
    this.timer = null;
    try {
      const rows = await this.readNewest();
      this.failures = 0;
      if (!this.stopped && rows !== null) this.tellNews(rows);
    } catch {
      this.failures += 1;
    }
    this.schedule();
  }

  /**
   * The newest page, and the next ones while a whole page is jobs the last read did not see (never on the
   * first read: the window has just read its list itself). Null when the list shows Loupe's memory (the
   * service out of reach): nothing new in it.
   */
  private async readNewest(): Promise<JobSummary[] | null> {
    const rows: JobSummary[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < DISCOVER_MAX_PAGES; pages++) {
      const page: JobListPage = await this.deps.list(
        cursor === null ? { limit: DISCOVER_LIMIT } : { limit: DISCOVER_LIMIT, cursor },
      );
      if (page.source === 'local') return pages === 0 ? null : rows;
      rows.push(...page.jobs);
      const allUnseen = this.told.size > 0 && page.jobs.every((job) => !this.told.has(job.id));
      if (!allUnseen || page.jobs.length === 0 || page.nextCursor === null || this.stopped) break;
      cursor = page.nextCursor;
    }
    return rows;
  }

  private tellNews(rows: readonly JobSummary[]): void {
    const news = rows.filter(
      (row) => isTerminalJobStatus(row.status) && this.told.get(row.id) !== row.status,
    );
    this.told = new Map(rows.map((row) => [row.id, row.status]));
    if (news.length > 0) this.deps.tell(news);
  }
}
