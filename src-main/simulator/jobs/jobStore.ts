// Owner-scoped storage of job records with the retention rule: a job past its `expires_at` is gone
// (404) for every read, and drops out of lists.
import type { JobRecord } from './jobModel';

export class JobStore {
  private readonly jobs = new Map<string, JobRecord>();
  private nextSeq = 1;

  constructor(private readonly now: () => number) {}

  takeSeq(): number {
    return this.nextSeq++;
  }

  add(job: JobRecord): void {
    this.jobs.set(job.id, job);
  }

  /** The job if it exists, belongs to `owner`, and is within retention; otherwise null (a 404). */
  visible(owner: string, id: string): JobRecord | null {
    const job = this.jobs.get(id);
    if (!job || job.owner !== owner || this.now() >= job.expiresAt) return null;
    return job;
  }

  /** The owner's retained jobs, newest first. */
  listVisible(owner: string): JobRecord[] {
    const now = this.now();
    return [...this.jobs.values()]
      .filter((j) => j.owner === owner && now < j.expiresAt)
      .sort((a, b) => b.seq - a.seq);
  }

  all(): JobRecord[] {
    return [...this.jobs.values()];
  }

  clear(): void {
    this.jobs.clear();
    this.nextSeq = 1;
  }
}
