// The links each job's last full read gave (ARCHITECTURE rule 3: follow the links the service gives, never
// compose them). A cancel follows the job's own `urls.cancel`; only a job Loupe has not read in this process
// (a cancel straight after a restart) falls back to the documented path. Bounded: the oldest reads are
// forgotten first, so a profile that has seen 100,000 jobs holds at most MAX_JOBS links.
const MAX_JOBS = 5_000;

export class JobLinkMemory {
  private readonly cancelLinks = new Map<string, string>();

  remember(jobId: string, cancel: string | null | undefined): void {
    if (typeof cancel !== 'string' || cancel === '') return;
    this.cancelLinks.delete(jobId);
    this.cancelLinks.set(jobId, cancel);
    if (this.cancelLinks.size > MAX_JOBS) {
      const oldest = this.cancelLinks.keys().next();
      if (oldest.done !== true) this.cancelLinks.delete(oldest.value);
    }
  }

  cancelOf(jobId: string): string | null {
    return this.cancelLinks.get(jobId) ?? null;
  }

  get size(): number {
    return this.cancelLinks.size;
  }
}
