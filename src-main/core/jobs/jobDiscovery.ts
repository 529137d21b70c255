// Jobs someone else sent (the service's own web UI, a teammate, a script) appear in a window's lists while it
// follows the profile, not only when it reads its list again. Every `everyMs` the service's newest page is read
// through jobs.list, as the window reads it (so the watcher tracks what is in flight and the library hears of
// what finished). The watcher tells the windows of the jobs in flight it starts following, with their
// progress; the finished rows the window may not have (new, or finished since the last read) go out here on
// jobs.updates, where the window puts new jobs on top of the lists they match. One read at a time; a
// read that fails waits longer before the next (up to four times as long), quietly: the list says so itself.
import {
  isTerminalJobStatus,
  type JobListArgs,
  type JobListPage,
  type JobSummary,
} from '../../../src-shared/contracts/jobs';

/** The newest jobs read each time: a person's or script's jobs of the last moments, not a history. */
export const DISCOVER_LIMIT = 20;
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
      const page = await this.deps.list({ limit: DISCOVER_LIMIT });
      this.failures = 0;
      // A list that could not reach the service shows Loupe's memory: nothing new in it.
      if (!this.stopped && page.source !== 'local') this.tellNews(page.jobs);
    } catch {
      this.failures += 1;
    }
    this.schedule();
  }

  private tellNews(rows: readonly JobSummary[]): void {
    const news = rows.filter(
      (row) => isTerminalJobStatus(row.status) && this.told.get(row.id) !== row.status,
    );
    this.told = new Map(rows.map((row) => [row.id, row.status]));
    if (news.length > 0) this.deps.tell(news);
  }
}
