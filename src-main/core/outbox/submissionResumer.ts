// After a crash, Loupe resumes from its record (ARCHITECTURE rule 6): nothing submitted twice, nothing
// forgotten. Items a previous run recorded but never saw answered (pending, sent, unknown) are taken up once,
// oldest batch first, when a profile's jobs are first built in this run:
//   - within the key's lifetime, the item is sent again under its own Idempotency-Key. A key that never
//     reached the service is processed normally; one that did is refused (422 idempotency_key_reuse), and
//     Loupe then looks for the job that first request made (submissionReconciler.ts). Either way, one job.
//   - past it (keys live 24 hours, spec "Limits"), a resend could run the workflow twice, so Loupe only looks.
//     A request that never left that long ago is not sent now: the person is told to submit it again.
// Items this run is sending itself are never touched: only rows last written before it started.
import type { BatchItemRow, LoupeStore } from '../store';
import type { JobSubmitter } from './jobSubmitter';

import { RESEND_WINDOW_MS } from './batchProgress';

export { RESEND_WINDOW_MS };

export interface SubmissionResumerDeps {
  profileId: string;
  store: LoupeStore;
  submitter: Pick<JobSubmitter, 'resume'>;
  now: () => number;
  logError: (message: string, error: unknown) => void;
}

export interface ResumeReport {
  created: number;
  unknown: number;
  failed: number;
}

export class SubmissionResumer {
  private stopped = false;

  constructor(private readonly deps: SubmissionResumerDeps) {}

  /** Takes up every unanswered item written before `runStartedMs`, one at a time. */
  async resumeAll(runStartedMs: number): Promise<ResumeReport> {
    const report: ResumeReport = { created: 0, unknown: 0, failed: 0 };
    const items = this.deps.store.batchItems
      .listResumable(this.deps.profileId)
      .rows.filter((item) => Date.parse(item.updatedAt) < runStartedMs);
    for (const item of items) {
      if (this.stopped) break;
      try {
        report[await this.deps.submitter.resume(item, this.mayResend(item))] += 1;
      } catch (error) {
        // One item's trouble (the store, a profile gone) must not keep the others waiting.
        report.unknown += 1;
        this.deps.logError(`Loupe could not take up submission ${item.id} again`, error);
      }
    }
    return report;
  }

  /** Stops before the next item (the profile's jobs are being disposed). */
  stop(): void {
    this.stopped = true;
  }

  private mayResend(item: BatchItemRow): boolean {
    return this.deps.now() - Date.parse(item.createdAt) < RESEND_WINDOW_MS;
  }
}
