// "Your job finished": a desktop notice when a job this user submitted through Loupe reaches an end. Only a
// change seen happening (or a job submitted in this session) counts, so opening Loupe on a history of
// finished jobs does not fire a notice for each of them.
import type { JobSummary } from '../../src-shared/contract';
import { desktopNotifier } from '../lib/desktopNotifier';
import { visibleText } from '../lib/visibleText';
import { isTerminalStatus } from '../queries/jobQueries';
import { useJobsUi } from '../features/jobs/jobsUiStore';
import { showProfileThen } from '../features/work/showProfile';
import { useUiStore } from '../stores/uiStore';

const TITLES: Record<string, string> = {
  succeeded: 'Job finished',
  failed: 'Job failed',
  canceled: 'Job canceled',
  expired: 'Job expired',
};

export interface FinishNotices {
  /** A job this session submitted: its end is worth a notice even if no earlier state was seen. */
  expect(jobId: string): void;
  /**
   * Rows from any source (the updates stream, a watched job); returns the ids a notice went out for.
   * `from` names the rows' profile in the notice, and the click opens the job there (a job may end on a
   * profile the window is not showing).
   */
  observe(rows: readonly JobSummary[], from?: { profileId: string; name: string }): string[];
}

export function createFinishNotices(
  onOpen: (profileId: string | null, jobId: string) => void,
): FinishNotices {
  const lastStatus = new Map<string, string>();
  const expected = new Set<string>();
  const notified = new Set<string>();
  return {
    expect: (jobId) => {
      expected.add(jobId);
    },
    observe: (rows, from) => {
      const sent: string[] = [];
      for (const row of rows) {
        const before = lastStatus.get(row.id);
        lastStatus.set(row.id, row.status);
        if (!row.submittedByUs || !isTerminalStatus(row.status) || notified.has(row.id)) continue;
        // An item of a batch of several: the batch's end is the news (BatchFinishWatcher), not 1,000 notices.
        if (row.batchId !== null) continue;
        const sawItRun = before !== undefined && !isTerminalStatus(before);
        if (!sawItRun && !expected.has(row.id)) continue;
        notified.add(row.id);
        expected.delete(row.id);
        const detail = row.errorMessage ? ` ${visibleText(row.errorMessage).slice(0, 200)}` : '';
        desktopNotifier().notify({
          title: TITLES[row.status] ?? 'Job ended',
          body: `${from === undefined ? '' : `${visibleText(from.name).slice(0, 120)}: `}${row.id}${detail}`,
          tag: `loupe-job-${row.id}`,
          onClick: () => onOpen(from?.profileId ?? null, row.id),
        });
        sent.push(row.id);
      }
      return sent;
    },
  };
}

/** The app's one instance: a click on a notice shows the job's profile and opens the job on the Jobs screen. */
export const jobFinishNotices: FinishNotices = createFinishNotices((profileId, jobId) => {
  if (profileId === null) {
    useUiStore.getState().setSection('jobs');
    useJobsUi.getState().openJob(jobId);
    return;
  }
  showProfileThen(profileId, () => {
    useJobsUi.getState().showJob(profileId, jobId);
    useUiStore.getState().setSection('jobs');
  });
});
